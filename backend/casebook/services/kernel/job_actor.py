"""Who a background job acts as: the person who asked, with their access as it is now.

A job is done "as the person who asked, with their access as it is then": the
member's current role in the job's organization, and - for a job started
with an API key - that key's current scopes. A member who left, or a key
revoked, expired or deleted since, stops the job with an explicit error.
"""

from datetime import UTC, datetime

from sqlalchemy import select
from sqlmodel import col

from casebook.db.engine import SessionMaker, reading_session
from casebook.db.models import ApiKey, Job, Membership
from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor
from casebook.services.kernel.errors import Forbidden

API_KEY_FIELD = "api_key_id"


def payload_identity(actor: Actor) -> dict[str, int | None]:
    """What a job's payload keeps so the worker can act as this actor."""
    return {API_KEY_FIELD: actor.api_key_id}


async def actor_for_job(sessionmaker: SessionMaker, job: Job) -> Actor:
    key_id = job.payload.get(API_KEY_FIELD)
    return await actor_now(
        sessionmaker,
        job.organization_id,
        job.created_by_user_id,
        key_id if isinstance(key_id, int) else None,
        what="this job",
    )


async def actor_now(
    sessionmaker: SessionMaker,
    organization_id: int,
    user_id: int | None,
    api_key_id: int | None,
    *,
    what: str,
) -> Actor:
    """The member who asked for ``what``, with their role now and, when they asked with an
    API key, that key's scopes now; Forbidden when either is gone."""
    if user_id is None:
        raise Forbidden(f"the person who asked for {what} no longer exists")
    # The membership and the key in one statement, outside a transaction: the first
    # thing a job does, before any of its work.
    query = (
        select(Membership, ApiKey)
        .outerjoin(ApiKey, col(ApiKey.id) == api_key_id)  # no key asked for: none found
        .where(Membership.user_id == user_id, Membership.organization_id == organization_id)
    )
    async with reading_session(sessionmaker) as session:
        found = (await session.execute(query)).one_or_none()
    if found is None:
        raise Forbidden(f"the person who asked for {what} is no longer a member")
    membership, key = found
    if api_key_id is None:
        return Actor(user_id, organization_id, Role(membership.role))
    now = datetime.now(UTC)
    if key is None or key.issuer_user_id != user_id:
        raise Forbidden(f"the API key {what} was started with was deleted")
    if key.revoked_at is not None:
        raise Forbidden(f"the API key {what} was started with was revoked")
    if key.expires_at is not None and key.expires_at <= now:
        raise Forbidden(f"the API key {what} was started with has expired")
    scopes = frozenset(Permission(s) for s in key.scopes if s in Permission._value2member_map_)
    return Actor(user_id, organization_id, Role(membership.role), scopes=scopes, api_key_id=key.id)
