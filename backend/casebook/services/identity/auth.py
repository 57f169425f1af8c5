"""Console sign-in, sessions, and the authentication of every request.

Every request re-reads the acting member's current membership: a removed
member or a changed role takes effect at once, for sessions and API keys alike.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import and_, func, literal, select, update
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
        actor = await _actor_for_session(sessionmaker, session_token, organization_hint)
        if actor is None:
            return Authentication(None, "anonymous")
        expected = csrf_token_for(session_token, settings.secret_key)
        csrf_ok = csrf_header is not None and constant_time_equal(csrf_header, expected)
        return Authentication(actor, "session", session_token, csrf_ok)
    return Authentication(None, "anonymous")


async def _actor_for_session(
    sessionmaker: SessionMaker, token: str, organization_hint: int | None
) -> Actor | None:
    """The session's member in the organization asked for (else the session's own), with
    the membership read in the same statement."""
    now = datetime.now(UTC)
    organization = (
        col(UserSession.organization_id)
        if organization_hint is None
        else literal(organization_hint)
    )
    query = (
        select(col(UserSession.user_id), col(Membership.organization_id), col(Membership.role))
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
    if organization_id is None:
        if organization_hint is not None:
            raise Forbidden("you are not a member of the organization this request names")
        return None
    return Actor(user_id, organization_id, Role(role))


async def _actor_for_api_key(sessionmaker: SessionMaker, presented: str) -> Actor:
    parsed = parse_api_key(presented)
    if parsed is None:
        raise Unauthenticated("the API key is not valid")
    prefix, secret = parsed
    now = datetime.now(UTC)
    # The key and its issuer's membership now, in one statement.
    query = (
        select(ApiKey, col(Membership.role))
        .outerjoin(
            Membership,
            and_(
                Membership.user_id == ApiKey.issuer_user_id,
                Membership.organization_id == ApiKey.organization_id,
            ),
        )
        .where(ApiKey.prefix == prefix)
    )
    async with reading_session(sessionmaker) as session:
        found = (await session.execute(query)).one_or_none()
        key, role = found if found is not None else (None, None)
        if key is None or not constant_time_equal(key.secret_hash, token_digest(secret)):
            raise Unauthenticated("the API key is not valid")
        if key.revoked_at is not None:
            raise Unauthenticated("the API key was revoked")
        if key.expires_at is not None and key.expires_at <= now:
            raise Unauthenticated("the API key has expired")
        if role is None:
            raise Unauthenticated("the API key's issuer is no longer a member of its organization")
        if key.last_used_at is None or now - key.last_used_at > timedelta(minutes=1):
            # Written at most once a minute, so most requests only read.
            key.last_used_at = now
            await session.commit()
        assert key.id is not None
        return Actor(
            key.issuer_user_id,
            key.organization_id,
            Role(role),
            scopes=frozenset(
                Permission(s) for s in key.scopes if s in Permission._value2member_map_
            ),
            api_key_id=key.id,
        )
