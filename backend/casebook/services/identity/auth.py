"""Console sign-in, sessions, and the authentication of every request.

Every request re-reads the acting member's current membership: a removed
member or a changed role takes effect at once, for sessions and API keys alike.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any, Protocol, cast

from sqlalchemy import Select, and_, func, literal, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.config import Settings
from casebook.db.engine import SessionMaker, reading_session
from casebook.db.models import ApiKey, Membership, User, UserSession
from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor
from casebook.services.identity import sign_in_throttle
from casebook.services.identity.api_keys import parse_api_key
from casebook.services.identity.secrets import (
    constant_time_equal,
    csrf_token_for,
    new_token,
    token_digest,
    verify_password,
)
from casebook.services.kernel import audit
from casebook.services.kernel.errors import BadUserInput, Forbidden, Unauthenticated

SESSION_COOKIE = "casebook_session"
CSRF_HEADER = "x-csrf-token"
ORGANIZATION_HEADER = "x-casebook-organization"


@dataclass(frozen=True)
class Authentication:
    """Who a request acts as, and how it proved it."""

    actor: Actor | None
    via: str  # "session", "api_key" or "anonymous"
    session_token: str | None = None
    csrf_ok: bool = True
    # Credentials that were presented and refused (a revoked key, say): every
    # operation of the request answers with this error rather than as anonymous.
    rejection: Exception | None = None


@dataclass(frozen=True)
class SignIn:
    user: User
    actor: Actor
    session_token: str
    csrf_token: str
    expires_at: datetime


async def _membership(
    session: AsyncSession, user_id: int, organization_id: int
) -> Membership | None:
    return (
        await session.execute(
            select(Membership).where(
                Membership.user_id == user_id, Membership.organization_id == organization_id
            )
        )
    ).scalar_one_or_none()


async def login(
    sessionmaker: SessionMaker,
    settings: Settings,
    *,
    email: str,
    password: str,
    organization_id: int | None = None,
    request_id: str | None = None,
    redis: Any = None,
    address: str | None = None,
) -> SignIn:
    """Sign in with an e-mail matched exactly, letter case aside; failures are throttled per
    account and per client address (``sign_in_throttle``) when ``redis`` is given."""
    if redis is not None:
        await sign_in_throttle.refuse_while_throttled(redis, settings, email, address)
    async with sessionmaker() as session, session.begin():
        user = (
            await session.execute(
                select(User).where(func.lower(User.email) == email.strip().lower())
            )
        ).scalar_one_or_none()
        if (
            not await verify_password(user.password_hash if user else None, password)
            or user is None
        ):
            if redis is not None:
                await sign_in_throttle.count_failure(redis, settings, email, address)
            raise Unauthenticated("the e-mail or the password is wrong")
        assert user.id is not None
        if redis is not None:
            await sign_in_throttle.clear_account(redis, settings, email)
        if organization_id is None:
            membership = (
                await session.execute(
                    select(Membership)
                    .where(Membership.user_id == user.id)
                    .order_by(Membership.id)
                    .limit(1)
                )
            ).scalar_one_or_none()
        else:
            membership = await _membership(session, user.id, organization_id)
        if membership is None:
            raise Forbidden("this account belongs to no organization it could sign in to")
        token = new_token()
        expires_at = datetime.now(UTC) + timedelta(days=settings.session_days)
        session.add(
            UserSession(
                token_hash=token_digest(token),
                user_id=user.id,
                organization_id=membership.organization_id,
                expires_at=expires_at,
            )
        )
        actor = Actor(user.id, membership.organization_id, Role(membership.role))
        await audit.record(
            session,
            actor,
            "session.login",
            resource_type="user",
            resource_id=user.id,
            request_id=request_id,
        )
    return SignIn(user, actor, token, csrf_token_for(token, settings.secret_key), expires_at)


async def logout(
    sessionmaker: SessionMaker, auth: Authentication, request_id: str | None = None
) -> None:
    if auth.via != "session" or auth.session_token is None:
        return
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(UserSession)
            .where(UserSession.token_hash == token_digest(auth.session_token))
            .values(revoked_at=datetime.now(UTC))
        )
        if auth.actor is not None:
            await audit.record(
                session,
                auth.actor,
                "session.logout",
                resource_type="user",
                resource_id=auth.actor.user_id,
                request_id=request_id,
            )


async def switch_organization(
    sessionmaker: SessionMaker, auth: Authentication, organization_id: int
) -> Actor:
    """Make another organization the session's current one (the member must belong to it)."""
    if auth.via != "session" or auth.session_token is None or auth.actor is None:
        raise Forbidden("only a console session switches organization; an API key acts in its own")
    async with sessionmaker() as session, session.begin():
        membership = await _membership(session, auth.actor.user_id, organization_id)
        if membership is None:
            raise BadUserInput.at("organizationId", "you are not a member of that organization")
        await session.execute(
            update(UserSession)
            .where(UserSession.token_hash == token_digest(auth.session_token))
            .values(organization_id=organization_id)
        )
    return Actor(auth.actor.user_id, organization_id, Role(membership.role))


async def authenticate(
    sessionmaker: SessionMaker,
    settings: Settings,
    *,
    session_token: str | None,
    bearer: str | None,
    csrf_header: str | None,
    organization_hint: int | None = None,
) -> Authentication:
    """Resolve a request's credentials. A bad API key is an error, never anonymous."""
    if bearer:
        return Authentication(await _actor_for_api_key(sessionmaker, bearer), "api_key")
    if session_token:
        found = await _session_member(sessionmaker, session_token, organization_hint)
        return session_authentication(
            settings, session_token, csrf_header, found, organization_hint
        )
    return Authentication(None, "anonymous")


# A live session's user, the organization it acts in and the member's role there (role
# None: not a member of it); None when no live session has the token.
SessionMember = tuple[int, int, str | None] | None


def session_authentication(
    settings: Settings,
    token: str,
    csrf_header: str | None,
    found: SessionMember,
    organization_hint: int | None,
) -> Authentication:
    """The rules of a console session: a session that is not live, or a member gone from
    its organization, is anonymous - unless the request named that organization, which
    it is then refused; a mutation needs the CSRF header that goes with the token."""
    if found is None:
        return Authentication(None, "anonymous")
    user_id, organization_id, role = found
    if role is None:
        if organization_hint is not None:
            raise Forbidden("you are not a member of the organization this request names")
        return Authentication(None, "anonymous")
    expected = csrf_token_for(token, settings.secret_key)
    csrf_ok = csrf_header is not None and constant_time_equal(csrf_header, expected)
    return Authentication(Actor(user_id, organization_id, Role(role)), "session", token, csrf_ok)


class KeyFacts(Protocol):
    """What deciding on an API key reads of it (a row of ``KEY_FACTS``)."""

    id: int
    organization_id: int
    issuer_user_id: int
    prefix: str
    secret_hash: str
    scopes: list[str]
    expires_at: datetime | None
    revoked_at: datetime | None
    last_used_at: datetime | None


# The key's columns that decide on it, read as a plain row: a check of 1,000 live
# connections' keys builds no ORM entity for each.
KEY_FACTS = (
    col(ApiKey.id),
    col(ApiKey.organization_id),
    col(ApiKey.issuer_user_id),
    col(ApiKey.prefix),
    col(ApiKey.secret_hash),
    col(ApiKey.scopes),
    col(ApiKey.expires_at),
    col(ApiKey.revoked_at),
    col(ApiKey.last_used_at),
)


def key_with_issuer_role() -> Select[*tuple[Any, ...]]:
    """The key's facts and its issuer's role in the key's organization now (None when
    the issuer is no longer a member), in one statement."""
    return select(*KEY_FACTS, col(Membership.role)).outerjoin(
        Membership,
        and_(
            Membership.user_id == ApiKey.issuer_user_id,
            Membership.organization_id == ApiKey.organization_id,
        ),
    )


def actor_for_api_key(key: KeyFacts | None, role: str | None, secret: str, now: datetime) -> Actor:
    """The rules of an API key: its secret, not revoked, not expired, its issuer still a
    member (``role``); it acts as its issuer within its scopes."""
    if key is None or not constant_time_equal(key.secret_hash, token_digest(secret)):
        raise Unauthenticated("the API key is not valid")
    if key.revoked_at is not None:
        raise Unauthenticated("the API key was revoked")
    if key.expires_at is not None and key.expires_at <= now:
        raise Unauthenticated("the API key has expired")
    if role is None:
        raise Unauthenticated("the API key's issuer is no longer a member of its organization")
    return Actor(
        key.issuer_user_id,
        key.organization_id,
        Role(role),
        scopes=_permissions(tuple(key.scopes)),
        api_key_id=key.id,
    )


@lru_cache(maxsize=256)
def _permissions(scopes: tuple[str, ...]) -> frozenset[Permission]:
    """A key's scopes as permissions (one it names that the catalog no longer has gives
    nothing); the same few sets of scopes recur over every key, and every check of a
    live connection's key asks again."""
    return frozenset(Permission(s) for s in scopes if s in Permission._value2member_map_)


def key_use_due(key: KeyFacts, now: datetime) -> bool:
    """A key's last use is written at most once a minute, so most requests only read."""
    return key.last_used_at is None or now - key.last_used_at > KEY_USE_WRITTEN_EVERY


KEY_USE_WRITTEN_EVERY = timedelta(minutes=1)


async def _session_member(
    sessionmaker: SessionMaker, token: str, organization_hint: int | None
) -> SessionMember:
    """The session's member in the organization asked for (else the session's own), with
    the membership read in the same statement."""
    now = datetime.now(UTC)
    organization = (
        col(UserSession.organization_id)
        if organization_hint is None
        else literal(organization_hint)
    )
    query = (
        select(
            col(UserSession.user_id), organization.label("organization_id"), col(Membership.role)
        )
        .outerjoin(
            Membership,
            and_(
                Membership.user_id == UserSession.user_id,
                Membership.organization_id == organization,
            ),
        )
        .where(
            UserSession.token_hash == token_digest(token),
            UserSession.revoked_at.is_(None),  # type: ignore[union-attr]
            UserSession.expires_at > now,
        )
    )
    async with reading_session(sessionmaker) as session:
        found = (await session.execute(query)).one_or_none()
    if found is None:
        return None
    user_id, organization_id, role = found
    return (user_id, organization_id, role)


async def _actor_for_api_key(sessionmaker: SessionMaker, presented: str) -> Actor:
    parsed = parse_api_key(presented)
    if parsed is None:
        raise Unauthenticated("the API key is not valid")
    prefix, secret = parsed
    now = datetime.now(UTC)
    query = key_with_issuer_role().where(ApiKey.prefix == prefix)
    async with reading_session(sessionmaker) as session:
        found = (await session.execute(query)).one_or_none()
        key, role = (cast(KeyFacts, found), found.role) if found is not None else (None, None)
        actor = actor_for_api_key(key, role, secret, now)
        if key is not None and key_use_due(key, now):
            await session.execute(
                update(ApiKey).where(col(ApiKey.id) == key.id).values(last_used_at=now)
            )
            await session.commit()
        return actor
