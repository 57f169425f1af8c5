"""Retention: an organization may have conversations deleted once nobody has added to
them for N days - through the one deletion path, so the cases and scores taken from them
stay, unlinked, as when their person deletes one.

A periodic job (``jobs/worker.py``) applies it a chunk per transaction; each organization
whose conversations went gets one audit entry per pass, by nobody.
"""

from datetime import UTC, datetime, timedelta

import structlog
from sqlalchemy import func, select
from sqlmodel import col

from casebook.db.engine import SessionMaker
from casebook.db.models import Conversation, Organization
from casebook.domain.access.catalog import Permission
from casebook.services.activity.removal import remove_conversations
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, NotFound

log = structlog.get_logger("casebook.retention")

MIN_DAYS, MAX_DAYS = 1, 36_500
CHUNK = 500


async def set_conversation_retention(ctx: ServiceContext, days: int | None) -> Organization:
    """Delete conversations untouched for ``days`` days from now on; None keeps them."""
    actor = ctx.require_permission(Permission.ORGANIZATION_MANAGE)
    if days is not None and not MIN_DAYS <= days <= MAX_DAYS:
        raise BadUserInput.at("days", f"must be {MIN_DAYS} to {MAX_DAYS} days, or null")
    async with ctx.transaction() as session:
        org = await session.get(Organization, actor.organization_id, with_for_update=True)
        if org is None:
            raise NotFound("organization")
        before = org.conversation_retention_days
        org.conversation_retention_days = days
        await audit.record(
            session,
            actor,
            "organization.set_conversation_retention",
            resource_type="organization",
            resource_id=org.id,
            summary={"from": before, "to": days},
            request_id=ctx.request_id,
        )
    return org


async def apply_retention(
    sessionmaker: SessionMaker, now: datetime | None = None
) -> dict[int, int]:
    """Delete every organization's conversations older than its retention; how many went,
    by organization."""
    now = now or datetime.now(UTC)
    async with sessionmaker() as session:
        kept = await session.execute(
            select(col(Organization.id), col(Organization.conversation_retention_days)).where(
                col(Organization.conversation_retention_days).is_not(None)
            )
        )
        policies = [(int(r[0]), int(r[1])) for r in kept]
    removed: dict[int, int] = {}
    for organization_id, days in policies:
        cutoff = now - timedelta(days=days)
        total = 0
        while True:
            async with sessionmaker() as session, session.begin():
                ids = (
                    await session.execute(
                        select(col(Conversation.id))
                        .where(
                            Conversation.organization_id == organization_id,
                            func.coalesce(Conversation.updated_at, Conversation.created_at)
                            < cutoff,
                        )
                        .order_by(col(Conversation.id))
                        .limit(CHUNK)
                    )
                ).scalars()
                done = await remove_conversations(
                    session, organization_id, [i for i in ids if i is not None]
                )
                if done:
                    await audit.record(
                        session,
                        None,
                        "conversation.retention",
                        organization_id=organization_id,
                        resource_type="organization",
                        resource_id=organization_id,
                        summary={"removed": done, "older_than_days": days},
                    )
            total += done
            if done < CHUNK:
                break
        if total:
            removed[organization_id] = total
            log.info(
                "conversations past retention deleted",
                organization_id=organization_id,
                removed=total,
            )
    return removed
