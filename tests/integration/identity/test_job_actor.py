"""Who a job acts as, read when it starts (in one statement): the member's current role
and, for a job started with an API key, that key's current scopes; a member who left or
a key deleted, revoked, expired or issued to someone else stops it with its reason."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import delete, update
from sqlmodel import col

from casebook.db.models import ApiKey, Job, Membership
from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor
from casebook.services.identity.api_keys import create_key, revoke_key
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import Forbidden
from casebook.services.kernel.job_actor import actor_for_job, payload_identity
from tests.support.statements import counted_statements

SCOPES = ["datasets:view", "runs:view"]


async def _owner(sessionmaker: Any, settings: Any, name: str) -> ServiceContext:
    organization, user = await create_organization_with_owner(
        sessionmaker,
        organization_name=name,
        email=f"owner@{name.lower()}.test",
        name=f"{name} Owner",
        password="correct horse battery",
    )
    assert organization.id is not None and user.id is not None
    return ServiceContext(sessionmaker, None, settings, Actor(user.id, organization.id, Role.OWNER))


def _job_of(actor: Actor, key_id: int | None = None) -> Job:
    payload = payload_identity(Actor(actor.user_id, actor.organization_id, actor.role))
    if key_id is not None:
        payload = {**payload, "api_key_id": key_id}
    return Job(
        organization_id=actor.organization_id,
        kind="ping",
        status="queued",
        payload=payload,
        created_by_user_id=actor.user_id,
    )


async def _key(ctx: ServiceContext) -> int:
    issued = await create_key(ctx, name="ci", scopes=SCOPES, expires_at=None)
    assert issued.key.id is not None
    return issued.key.id


async def _refusal(sessionmaker: Any, job: Job) -> str:
    with pytest.raises(Forbidden) as refused:
        await actor_for_job(sessionmaker, job)
    return refused.value.message


async def test_a_job_acts_as_its_member_and_a_keyed_one_with_the_keys_scopes(
    sessionmaker, settings
) -> None:
    ctx = await _owner(sessionmaker, settings, "Acme")
    actor = ctx.require_actor()
    key_id = await _key(ctx)

    assert await actor_for_job(sessionmaker, _job_of(actor)) == Actor(
        actor.user_id, actor.organization_id, Role.OWNER
    )
    with counted_statements(sessionmaker.kw["bind"]) as statements:
        keyed = await actor_for_job(sessionmaker, _job_of(actor, key_id))
    assert len(statements) == 1  # the member and the key read together
    assert keyed == Actor(
        actor.user_id,
        actor.organization_id,
        Role.OWNER,
        scopes=frozenset(Permission(s) for s in SCOPES),
        api_key_id=key_id,
    )


async def test_a_key_deleted_revoked_expired_or_of_someone_else_stops_the_job(
    sessionmaker, settings
) -> None:
    ctx = await _owner(sessionmaker, settings, "Acme")
    other = await _owner(sessionmaker, settings, "Other")
    actor = ctx.require_actor()
    revoked, expired, theirs = await _key(ctx), await _key(ctx), await _key(other)
    await revoke_key(ctx, revoked)
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(ApiKey)
            .where(col(ApiKey.id) == expired)
            .values(expires_at=datetime.now(UTC) - timedelta(seconds=1))
        )

    deleted = "the API key this job was started with was deleted"
    assert await _refusal(sessionmaker, _job_of(actor, theirs + 1000)) == deleted
    assert await _refusal(sessionmaker, _job_of(actor, theirs)) == deleted
    assert await _refusal(sessionmaker, _job_of(actor, revoked)) == (
        "the API key this job was started with was revoked"
    )
    assert await _refusal(sessionmaker, _job_of(actor, expired)) == (
        "the API key this job was started with has expired"
    )


async def test_a_member_who_left_stops_the_job_keyed_or_not(sessionmaker, settings) -> None:
    ctx = await _owner(sessionmaker, settings, "Acme")
    actor = ctx.require_actor()
    key_id = await _key(ctx)
    async with sessionmaker() as session, session.begin():
        await session.execute(delete(Membership).where(col(Membership.user_id) == actor.user_id))

    left = "the person who asked for this job is no longer a member"
    assert await _refusal(sessionmaker, _job_of(actor)) == left
    assert await _refusal(sessionmaker, _job_of(actor, key_id)) == left
    gone = _job_of(actor)
    gone.created_by_user_id = None
    assert await _refusal(sessionmaker, gone) == (
        "the person who asked for this job no longer exists"
    )
