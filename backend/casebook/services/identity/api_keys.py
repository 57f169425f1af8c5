"""API keys for integrators: shown once, stored hashed, scoped, expiring, revocable.

A key is ``cbk_<prefix>_<secret>``. The prefix finds the row; only the secret's
SHA-256 digest is stored (the secret is 256 random bits, so a slow hash adds
nothing). A key's scopes only narrow its issuer's role, and the issuer's
membership is checked again on every request.
"""

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select

from casebook.db.models import ApiKey
from casebook.db.pagination import Page, keyset_page
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, holds, may_issue_api_keys, narrow_scopes
from casebook.services.identity.secrets import new_token, token_digest
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Forbidden, NotFound
from casebook.services.kernel.stored_text import stored_name

KEY_PREFIX = "cbk"


@dataclass(frozen=True)
class IssuedKey:
    key: ApiKey
    plaintext: str


def parse_api_key(presented: str) -> tuple[str, str] | None:
    parts = presented.strip().split("_", 2)
    if len(parts) != 3 or parts[0] != KEY_PREFIX or not parts[1] or not parts[2]:
        return None
    return parts[1], parts[2]


def _may_mint_keys(actor: Actor) -> None:
    """A Viewer's whole role is reading: it issues no key. (A key scoped only to reading
    is refused every mutation at the API's one gate, key minting included.)"""
    if not may_issue_api_keys(actor):
        raise Forbidden("a Viewer's role only reads, and issues no API keys")


async def _minting_key_expiry(ctx: ServiceContext, actor: Actor) -> datetime | None:
    if actor.api_key_id is None:
        return None
    async with ctx.reading() as session:
        minting = await session.get(ApiKey, actor.api_key_id)
    return minting.expires_at if minting is not None else None


async def create_key(
    ctx: ServiceContext, *, name: str, scopes: list[str], expires_at: datetime | None
) -> IssuedKey:
    """A new key of the actor's. One minted by a key carries no scope that key lacks and
    expires no later than it (by default, when it does)."""
    actor = ctx.require_actor()
    _may_mint_keys(actor)
    if not name.strip():
        raise BadUserInput.at("name", "a key needs a name")
    if not scopes:
        raise BadUserInput.at("scopes", "a key needs at least one scope")
    try:
        granted = narrow_scopes(actor.role, scopes)
    except ValueError as error:
        raise BadUserInput.at("scopes", str(error)) from None
    if actor.scopes is not None and not granted <= actor.scopes:
        raise BadUserInput.at("scopes", "a key can only issue keys within its own scopes")
    if expires_at is not None and expires_at <= datetime.now(UTC):
        raise BadUserInput.at("expiresAt", "must be in the future")
    ceiling = await _minting_key_expiry(ctx, actor)
    if ceiling is not None:
        if expires_at is not None and expires_at > ceiling:
            raise BadUserInput.at(
                "expiresAt",
                f"a key minted by a key expires no later than it ({ceiling:%Y-%m-%d %H:%M} UTC)",
            )
        expires_at = expires_at or ceiling
    prefix = secrets.token_hex(6)
    secret = new_token()
    key = ApiKey(
        organization_id=actor.organization_id,
        issuer_user_id=actor.user_id,
        name=stored_name(name),
        prefix=prefix,
        secret_hash=token_digest(secret),
        scopes=sorted(p.value for p in granted),
        expires_at=expires_at,
    )
    async with ctx.transaction() as session:
        session.add(key)
        await session.flush()
        await audit.record(
            session,
            actor,
            "api_key.create",
            resource_type="api_key",
            resource_id=key.id,
            summary={"name": key.name, "scopes": key.scopes, "prefix": prefix},
            request_id=ctx.request_id,
        )
    return IssuedKey(key, f"{KEY_PREFIX}_{prefix}_{secret}")


def _visible(actor: Actor, key: ApiKey | None) -> bool:
    """Your own keys; an organization manager's, every key of the organization."""
    return (
        key is not None
        and key.organization_id == actor.organization_id
        and (key.issuer_user_id == actor.user_id or holds(actor, Permission.ORGANIZATION_MANAGE))
    )


async def get_key(ctx: ServiceContext, key_id: int) -> ApiKey:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        key = await session.get(ApiKey, key_id)
    if key is None or not _visible(actor, key):
        raise NotFound("API key")
    return key


async def revoke_key(ctx: ServiceContext, key_id: int) -> ApiKey:
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        key = await session.get(ApiKey, key_id, with_for_update=True)
        if key is None or not _visible(actor, key):
            raise NotFound("API key")
        if key.revoked_at is None:
            key.revoked_at = datetime.now(UTC)
            await audit.record(
                session,
                actor,
                "api_key.revoke",
                resource_type="api_key",
                resource_id=key.id,
                summary={"name": key.name, "prefix": key.prefix},
                request_id=ctx.request_id,
            )
    return key


async def list_keys(ctx: ServiceContext, *, first: int, after: str | None) -> Page[ApiKey]:
    """Your own keys; an organization manager sees every key of the organization."""
    actor = ctx.require_actor()
    query = select(ApiKey).where(ApiKey.organization_id == actor.organization_id)
    if not holds(actor, Permission.ORGANIZATION_MANAGE):
        query = query.where(ApiKey.issuer_user_id == actor.user_id)
    async with ctx.reading() as session:
        return await keyset_page(
            session, query, ApiKey.id, first=first, after=after, descending=True
        )
