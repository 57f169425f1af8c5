"""Live connections' credentials authenticated together answer, for each, what one
request's authentication answers: valid, revoked, expired, malformed and unknown keys,
a key whose issuer left, live and signed-out sessions, sessions naming an organization
they are (not) a member of - all in one batch, in one statement per kind."""

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import event, update
from sqlmodel import col

from casebook.config import Settings
from casebook.db.models import ApiKey
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.services.identity.api_keys import create_key, revoke_key
from casebook.services.identity.auth import Authentication, authenticate, login, logout
from casebook.services.identity.batched_auth import Credentials, authenticate_many
from casebook.services.identity.members import (
    add_member,
    create_organization_with_owner,
    remove_member,
)
from casebook.services.identity.secrets import csrf_token_for
from casebook.services.kernel.context import ServiceContext
from tests.integration.conftest import PASSWORD, Org


def _answer(outcome: Authentication | Exception) -> tuple[Any, ...]:
    if isinstance(outcome, Exception):
        return (type(outcome).__name__, str(outcome))
    return (outcome.actor, outcome.via, outcome.session_token, outcome.csrf_ok)


async def _one_at_a_time(
    sessionmaker: Any, settings: Settings, credentials: Credentials
) -> tuple[Any, ...]:
    try:
        found = await authenticate(
            sessionmaker,
            settings,
            session_token=credentials.session_token,
            bearer=credentials.bearer,
            csrf_header=credentials.csrf_header,
            organization_hint=credentials.organization_hint,
        )
    except Exception as error:
        return _answer(error)
    return _answer(found)


async def test_a_batch_answers_each_credential_as_one_request_would(
    sessionmaker: Any, settings: Settings, org: Org
) -> None:
    owner_sign_in = await login(sessionmaker, settings, email=org.owner_email, password=PASSWORD)
    owner = owner_sign_in.actor
    ctx = ServiceContext(sessionmaker, None, settings, owner)
    scopes = ["runs:view", "datasets:view"]
    valid = await create_key(ctx, name="valid", scopes=scopes, expires_at=None)
    revoked = await create_key(ctx, name="revoked", scopes=scopes, expires_at=None)
    assert revoked.key.id is not None
    await revoke_key(ctx, revoked.key.id)
    expired = await create_key(ctx, name="expired", scopes=scopes, expires_at=None)
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(ApiKey)
            .where(col(ApiKey.id) == expired.key.id)
            .values(expires_at=datetime.now(UTC) - timedelta(minutes=1))
        )
    # A member's key and session, then the member removed.
    await add_member(ctx, email="left@acme.test", name="Left", role=Role.BUILDER, password=PASSWORD)
    leaving = await login(sessionmaker, settings, email="left@acme.test", password=PASSWORD)
    leaving_ctx = ServiceContext(sessionmaker, None, settings, leaving.actor)
    orphan = await create_key(leaving_ctx, name="orphan", scopes=scopes, expires_at=None)
    await remove_member(ctx, user_id=leaving.actor.user_id)
    signed_out = await login(sessionmaker, settings, email=org.owner_email, password=PASSWORD)
    await logout(sessionmaker, Authentication(owner, "session", signed_out.session_token))
    other, _ = await create_organization_with_owner(
        sessionmaker, organization_name="Other", email="o@other.test", name="O", password=PASSWORD
    )
    token = owner_sign_in.session_token
    csrf = csrf_token_for(token, settings.secret_key)

    presented = [
        Credentials(None, valid.plaintext, None),
        Credentials(None, revoked.plaintext, None),
        Credentials(None, expired.plaintext, None),
        Credentials(None, orphan.plaintext, None),
        Credentials(None, valid.plaintext[:-3] + "xyz", None),  # its secret wrong
        Credentials(None, "cbk_nosuchprefix_secret", None),
        Credentials(None, "not a key", None),
        Credentials(token, None, csrf),
        Credentials(token, None, None),  # no CSRF header: read-only console session
        Credentials(token, None, csrf, organization_hint=org.id),
        Credentials(token, None, csrf, organization_hint=other.id),  # not a member there
        Credentials(leaving.session_token, None, None),  # removed: anonymous
        Credentials(signed_out.session_token, None, None),
        Credentials("never-issued", None, None),
        Credentials(None, None, None),
    ]
    batch = [_answer(o) for o in await authenticate_many(sessionmaker, settings, presented)]
    single = [await _one_at_a_time(sessionmaker, settings, c) for c in presented]
    assert batch == single
    # And what they are, so agreeing on nothing cannot pass.
    assert batch[0][:2] == (
        Actor(owner.user_id, org.id, Role.OWNER, batch[0][0].scopes, valid.key.id),
        "api_key",
    )
    assert [b[1] for b in batch[1:7]] == [
        "the API key was revoked",
        "the API key has expired",
        "the API key's issuer is no longer a member of its organization",
        "the API key is not valid",
        "the API key is not valid",
        "the API key is not valid",
    ]
    assert batch[7][1:] == ("session", token, True)
    assert batch[8][3] is False
    assert batch[10][0] == "Forbidden"
    assert [b[1] for b in batch[11:]] == ["anonymous"] * 4


async def test_a_batch_reads_in_one_statement_per_kind(
    sessionmaker: Any, settings: Settings, org: Org, engine: Any
) -> None:
    sign_in = await login(sessionmaker, settings, email=org.owner_email, password=PASSWORD)
    ctx = ServiceContext(sessionmaker, None, settings, sign_in.actor)
    keys = [
        (await create_key(ctx, name=f"k{n}", scopes=["runs:view"], expires_at=None)).plaintext
        for n in range(30)
    ]
    presented = [Credentials(None, key, None) for key in keys]
    presented += [Credentials(sign_in.session_token, None, None)] * 5
    # Every key just used: nothing to write, so only reads are counted.
    async with sessionmaker() as session, session.begin():
        await session.execute(update(ApiKey).values(last_used_at=datetime.now(UTC)))
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]))

    event.listen(engine.sync_engine, "before_cursor_execute", count)
    try:
        found = await authenticate_many(sessionmaker, settings, presented)
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", count)
    assert all(isinstance(f, Authentication) and f.actor is not None for f in found)
    # The keys, the sessions, the sessions' memberships.
    assert len(statements) == 3, statements


@pytest.mark.parametrize("size", [1, 2])
async def test_a_key_used_long_ago_is_marked_used(
    sessionmaker: Any, settings: Settings, org: Org, size: int
) -> None:
    sign_in = await login(sessionmaker, settings, email=org.owner_email, password=PASSWORD)
    ctx = ServiceContext(sessionmaker, None, settings, sign_in.actor)
    issued = [
        await create_key(ctx, name=f"k{n}", scopes=["runs:view"], expires_at=None)
        for n in range(size)
    ]
    long_ago = datetime.now(UTC) - timedelta(hours=1)
    async with sessionmaker() as session, session.begin():
        await session.execute(update(ApiKey).values(last_used_at=long_ago))
    await authenticate_many(
        sessionmaker, settings, [Credentials(None, k.plaintext, None) for k in issued]
    )
    async with sessionmaker() as session:
        for key in issued:
            row = await session.get(ApiKey, key.key.id)
            assert row is not None and row.last_used_at is not None
            assert row.last_used_at > long_ago + timedelta(minutes=59)
