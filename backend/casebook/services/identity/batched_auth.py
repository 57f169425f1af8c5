"""Many live connections' credentials authenticated together.

Every open websocket's credentials are authenticated again every few seconds
(``graphql/live.py``). 1,000 viewers are 1,000 principals: one statement and
one connection each would be 200 statements a second and a connection pool
drained by rechecks. The checks that come due together (the process's live
checks share their ticks) are made here in one statement per kind of
credential - every API key by its prefix, every console session by its token,
then each session's membership - with the same rules, and the same answers,
as ``auth.authenticate`` gives one request.
"""

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Generic, TypeVar, cast

from sqlalchemy import select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.config import Settings
from casebook.db.engine import SessionMaker, reading_session
from casebook.db.models import ApiKey, Membership, UserSession
from casebook.services.identity.api_keys import parse_api_key
from casebook.services.identity.auth import (
    Authentication,
    KeyFacts,
    SessionMember,
    actor_for_api_key,
    key_use_due,
    key_with_issuer_role,
    session_authentication,
)
from casebook.services.identity.secrets import token_digest
from casebook.services.kernel.errors import Forbidden, Unauthenticated


@dataclass(frozen=True)
class Credentials:
    """What a connection presented: its session cookie, its bearer key, its CSRF header
    and the organization it named."""

    session_token: str | None
    bearer: str | None
    csrf_header: str | None
    organization_hint: int | None = None


Outcome = Authentication | Exception


async def authenticate_many(
    sessionmaker: SessionMaker, settings: Settings, presented: list[Credentials]
) -> list[Outcome]:
    """For each credentials, what ``auth.authenticate`` answers for them: the
    authentication, or the error it raises (a revoked key, a member gone)."""
    keys = [c.bearer for c in presented if c.bearer]
    sessions = [c for c in presented if not c.bearer and c.session_token]
    async with reading_session(sessionmaker) as session:
        by_key, used = await _api_keys(session, keys) if keys else ({}, [])
        by_session = await _sessions(session, sessions) if sessions else {}
        if used:
            # Written at most once a minute per key, so most checks only read.
            await session.execute(
                update(ApiKey)
                .where(col(ApiKey.id).in_(used))
                .values(last_used_at=datetime.now(UTC))
            )
            await session.commit()
    found: list[Outcome] = []
    for credentials in presented:
        if credentials.bearer:
            found.append(by_key[credentials.bearer])
        elif credentials.session_token:
            found.append(_session_outcome(settings, credentials, by_session[credentials]))
        else:
            found.append(Authentication(None, "anonymous"))
    return found


async def _api_keys(
    session: AsyncSession, presented: list[str]
) -> tuple[dict[str, Outcome], list[int]]:
    """Each bearer's outcome, and the keys whose use is to be written."""
    parsed = {bearer: parse_api_key(bearer) for bearer in presented}
    prefixes = sorted({p[0] for p in parsed.values() if p is not None})
    rows = (
        await session.execute(key_with_issuer_role().where(col(ApiKey.prefix).in_(prefixes)))
    ).all()
    by_prefix = {row.prefix: (cast(KeyFacts, row), row.role) for row in rows}
    now = datetime.now(UTC)
    found: dict[str, Outcome] = {}
    used: list[int] = []
    for bearer, parts in parsed.items():
        if parts is None:
            found[bearer] = Unauthenticated("the API key is not valid")
            continue
        key, role = by_prefix.get(parts[0], (None, None))
        try:
            found[bearer] = Authentication(actor_for_api_key(key, role, parts[1], now), "api_key")
        except Unauthenticated as refused:
            found[bearer] = refused
            continue
        if key is not None and key.id is not None and key_use_due(key, now):
            used.append(key.id)
    return found, used


async def _sessions(
    session: AsyncSession, presented: list[Credentials]
) -> dict[Credentials, SessionMember]:
    digests = {c: token_digest(c.session_token or "") for c in presented}
    now = datetime.now(UTC)
    live = (
        await session.execute(
            select(
                col(UserSession.token_hash),
                col(UserSession.user_id),
                col(UserSession.organization_id),
            ).where(
                col(UserSession.token_hash).in_(sorted(set(digests.values()))),
                col(UserSession.revoked_at).is_(None),
                col(UserSession.expires_at) > now,
            )
        )
    ).all()
    by_digest = {digest: (user_id, org_id) for digest, user_id, org_id in live}
    wanted: dict[Credentials, tuple[int, int]] = {}
    for credentials, digest in digests.items():
        if digest in by_digest:
            user_id, own_org = by_digest[digest]
            org = credentials.organization_hint
            wanted[credentials] = (user_id, own_org if org is None else org)
    pairs = sorted(set(wanted.values()))
    roles: dict[tuple[int, int], str] = {}
    if pairs:
        rows = await session.execute(
            select(
                col(Membership.user_id), col(Membership.organization_id), col(Membership.role)
            ).where(tuple_(col(Membership.user_id), col(Membership.organization_id)).in_(pairs))
        )
        roles = {(user_id, org_id): role for user_id, org_id, role in rows}
    return {
        c: (wanted[c][0], wanted[c][1], roles.get(wanted[c])) if c in wanted else None
        for c in presented
    }


def _session_outcome(settings: Settings, credentials: Credentials, found: SessionMember) -> Outcome:
    token = credentials.session_token
    assert token is not None
    try:
        return session_authentication(
            settings, token, credentials.csrf_header, found, credentials.organization_hint
        )
    except Forbidden as refused:
        return refused


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Batched(Generic[K, V]):
    """Calls made in the same turn of the event loop answered by one call of ``run`` with
    all their keys (each key once): ``run`` returns, per key in order, its value or the
    error that call is to raise."""

    def __init__(self, run: Callable[[list[K]], Awaitable[list[V | Exception]]]) -> None:
        self._run = run
        self._pending: dict[K, asyncio.Future[V]] = {}
        self._answering: set[asyncio.Task[None]] = set()

    async def __call__(self, key: K) -> V:
        found = self._pending.get(key)
        if found is None:
            if not self._pending:
                asyncio.get_running_loop().call_soon(self._flush)
            found = self._pending[key] = asyncio.get_running_loop().create_future()
        # A caller leaving (its task cancelled) must not cancel what the others await.
        return await asyncio.shield(found)

    def _flush(self) -> None:
        batch, self._pending = self._pending, {}
        task = asyncio.ensure_future(self._answer(batch))
        self._answering.add(task)
        task.add_done_callback(self._answering.discard)

    async def _answer(self, batch: dict[K, asyncio.Future[V]]) -> None:
        keys = list(batch)
        try:
            outcomes = await self._run(keys)
        except Exception as error:
            outcomes = [error] * len(keys)
        except BaseException:
            for future in batch.values():
                future.cancel()
            raise
        for key, outcome in zip(keys, outcomes, strict=True):
            future = batch[key]
            if future.done():
                continue
            if isinstance(outcome, Exception):
                future.set_exception(outcome)
                future.exception()  # retrieved: the callers raise it
            else:
                future.set_result(outcome)
