"""The audit log: written inside the transaction of the change it records.

A summary never carries a secret: keys that name one are dropped, and every text left in
it (names, run keys, whatever a caller passes) goes through the credential redaction
cases get, here, so no caller can forget it.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import AuditEntry
from casebook.db.pagination import Page, keyset_page
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, holds
from casebook.domain.redaction import redact_json
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import NotFound

# Keys a summary may never carry, whatever a caller passes.
_SECRET_KEYS = frozenset({"password", "secret", "token", "api_key", "key", "plaintext"})


def _without_secrets(summary: dict[str, Any]) -> dict[str, Any]:
    kept = {k: v for k, v in summary.items() if k.lower() not in _SECRET_KEYS}
    redacted, _ = redact_json(kept)
    assert isinstance(redacted, dict)
    return redacted


async def record(
    session: AsyncSession,
    actor: Actor | None,
    action: str,
    *,
    organization_id: int | None = None,
    resource_type: str | None = None,
    resource_id: int | None = None,
    summary: dict[str, Any] | None = None,
    request_id: str | None = None,
) -> None:
    org = (
        organization_id
        if organization_id is not None
        else (actor.organization_id if actor else None)
    )
    if org is None:
        raise ValueError("an audit entry needs an organization")
    session.add(
        AuditEntry(
            organization_id=org,
            actor_user_id=actor.user_id if actor else None,
            actor_api_key_id=actor.api_key_id if actor else None,
            action=action,
            resource_type=resource_type,
            resource_id=resource_id,
            summary=_without_secrets(summary or {}),
            request_id=request_id,
        )
    )


@dataclass(frozen=True)
class AuditFilter:
    action: str | None = None
    resource_type: str | None = None
    resource_id: int | None = None
    since: datetime | None = None


async def get_entry(ctx: ServiceContext, entry_id: int) -> AuditEntry:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        entry = await session.get(AuditEntry, entry_id)
    if (
        entry is None
        or entry.organization_id != actor.organization_id
        or not holds(actor, Permission.ORGANIZATION_MANAGE)
    ):
        raise NotFound("audit entry")
    return entry


async def list_entries(
    ctx: ServiceContext, *, first: int, after: str | None, where: AuditFilter | None = None
) -> Page[AuditEntry]:
    actor = ctx.require_permission(Permission.ORGANIZATION_MANAGE)
    query = select(AuditEntry).where(AuditEntry.organization_id == actor.organization_id)
    if where is not None:
        if where.action:
            query = query.where(AuditEntry.action == where.action)
        if where.resource_type:
            query = query.where(AuditEntry.resource_type == where.resource_type)
        if where.resource_id is not None:
            query = query.where(AuditEntry.resource_id == where.resource_id)
        if where.since is not None:
            query = query.where(col(AuditEntry.created_at) >= where.since)
    async with ctx.reading() as session:
        return await keyset_page(
            session, query, AuditEntry.id, first=first, after=after, descending=True
        )
