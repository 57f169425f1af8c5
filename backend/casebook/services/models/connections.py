"""Model connections: the providers an organization's helpers call (DESIGN: Surroundings).

Adding or deleting one needs ``connections:manage``; any member lists them, a
key shown only as its masked hint. Its base URL is http:// or https:// at a host
Casebook may call (``domain.outbound``; a name is looked up too), and every call
checks the address it connects to again (``llm.outbound``). A key is encrypted with the server secret
before it is stored and never read back through the API: the one plaintext is
the one ``connection_spec`` decrypts, just before a provider is built.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.config import Settings
from casebook.db.models import ModelConnection
from casebook.domain.access.catalog import Permission
from casebook.domain.errors import FieldError
from casebook.domain.outbound import IPNetwork, host_refusal
from casebook.llm.anthropic import DEFAULT_BASE_URL as ANTHROPIC_BASE_URL
from casebook.llm.factory import OPENAI_BASE_URL, ConnectionSpec, checked_base_url
from casebook.llm.secrets import KeyCipher, mask_key
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Conflict, NotFound, ServiceError
from casebook.services.kernel.stored_text import stored_name

PROVIDERS = ("openai", "anthropic")
DEFAULT_BASE_URLS = {"openai": OPENAI_BASE_URL, "anthropic": ANTHROPIC_BASE_URL}
NAME_MAX = 200
MODELS_MAX = 50
MODEL_NAME_MAX = 200
KEY_MAX = 1_000
BASE_URL_MAX = 500


@dataclass(frozen=True)
class NewConnection:
    name: str
    provider: str
    models: list[str]
    base_url: str | None = None
    api_key: str | None = None


def _base_url(new: NewConnection) -> str:
    return (new.base_url or "").strip() or DEFAULT_BASE_URLS.get(new.provider, "")


def _checked(
    new: NewConnection, allowed: Sequence[IPNetwork], resolving: Sequence[FieldError] = ()
) -> tuple[str, str, list[str], str | None]:
    """``resolving``: what looking the base URL's host name up found wrong."""
    errors: list[FieldError] = list(resolving)
    name = stored_name(new.name)
    if not name or len(name) > NAME_MAX:
        errors.append(FieldError("name", f"must be 1 to {NAME_MAX} characters"))
    if new.provider not in PROVIDERS:
        errors.append(FieldError("provider", f"must be one of {', '.join(PROVIDERS)}"))
    base_url = _base_url(new)
    try:
        base_url = checked_base_url(base_url)
        refused_host = host_refusal(urlsplit(base_url).hostname or "", allowed)
        if len(base_url) > BASE_URL_MAX:
            errors.append(FieldError("baseUrl", f"must be at most {BASE_URL_MAX} characters"))
        elif refused_host is not None:
            errors.append(FieldError("baseUrl", f"its host is {refused_host}"))
    except ValueError as refused:
        errors.append(FieldError("baseUrl", str(refused)))
    models = list(dict.fromkeys(m.strip() for m in new.models if m.strip()))
    if not models or len(models) > MODELS_MAX:
        errors.append(FieldError("models", f"name 1 to {MODELS_MAX} models"))
    errors.extend(
        FieldError(f"models.{i}", f"must be at most {MODEL_NAME_MAX} characters")
        for i, model in enumerate(models)
        if len(model) > MODEL_NAME_MAX
    )
    key = (new.api_key or "").strip() or None
    if key is not None and len(key) > KEY_MAX:
        errors.append(FieldError("apiKey", f"must be at most {KEY_MAX} characters"))
    if key is None and new.provider == "anthropic":
        errors.append(FieldError("apiKey", "an Anthropic connection needs an API key"))
    if errors:
        raise BadUserInput(errors)
    return name, base_url, models, key


def cipher(settings: Settings) -> KeyCipher:
    return KeyCipher(settings.secret_key)


async def add_connection(ctx: ServiceContext, new: NewConnection) -> ModelConnection:
    actor = ctx.require_permission(Permission.CONNECTIONS_MANAGE)
    policy = ctx.settings.outbound_policy()
    resolving = await policy.saving_errors([("baseUrl", _base_url(new))])
    name, base_url, models, key = _checked(new, policy.allowed, resolving)
    row = ModelConnection(
        organization_id=actor.organization_id,
        name=name,
        provider=new.provider,
        base_url=base_url,
        models=models,
        key_ciphertext=cipher(ctx.settings).encrypt(key) if key else None,
        key_hint=mask_key(key) if key else None,
        created_by_user_id=actor.user_id,
    )
    try:
        async with ctx.transaction() as session:
            session.add(row)
            await session.flush()
            await audit.record(
                session,
                actor,
                "model_connection.add",
                resource_type="model_connection",
                resource_id=row.id,
                summary={"name": name, "provider": new.provider, "base_url": base_url},
                request_id=ctx.request_id,
            )
    except IntegrityError:
        raise Conflict(f"a model connection named {name!r} already exists") from None
    return row


async def list_connections(ctx: ServiceContext) -> list[ModelConnection]:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        rows = await session.execute(
            select(ModelConnection)
            .where(ModelConnection.organization_id == actor.organization_id)
            .order_by(ModelConnection.name)
        )
        return list(rows.scalars().all())


async def find_connection(
    session: AsyncSession, organization_id: int, connection_id: int
) -> ModelConnection | None:
    row = await session.get(ModelConnection, connection_id)
    return row if row is not None and row.organization_id == organization_id else None


async def connections_by_id(
    ctx: ServiceContext, connection_ids: list[int]
) -> list[ModelConnection | ServiceError]:
    """The organization's connections among these ids, in one statement; not found for the
    rest."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(ModelConnection).where(
                    ModelConnection.organization_id == actor.organization_id,
                    col(ModelConnection.id).in_(connection_ids),
                )
            )
        ).scalars()
        found = {row.id: row for row in rows}
    return [
        found.get(connection_id) or NotFound("model connection") for connection_id in connection_ids
    ]


async def get_connection(ctx: ServiceContext, connection_id: int) -> ModelConnection:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        row = await find_connection(session, actor.organization_id, connection_id)
    if row is None:
        raise NotFound("model connection")
    return row


async def delete_connection(ctx: ServiceContext, connection_id: int) -> None:
    """Datasets whose judge named it report "not graded" with the reason until changed."""
    actor = ctx.require_permission(Permission.CONNECTIONS_MANAGE)
    async with ctx.transaction() as session:
        row = await find_connection(session, actor.organization_id, connection_id)
        if row is None:
            raise NotFound("model connection")
        await session.delete(row)
        await audit.record(
            session,
            actor,
            "model_connection.delete",
            resource_type="model_connection",
            resource_id=connection_id,
            summary={"name": row.name, "provider": row.provider},
            request_id=ctx.request_id,
        )


def parse_connection_ref(ref: str | None) -> int | None:
    """A scoring configuration names its connection by id, as text."""
    if ref is None or not ref.isdigit():
        return None
    return int(ref)


async def usable_connection(
    ctx: ServiceContext, organization_id: int, connection_ref: str | None, model: str, *, whose: str
) -> ModelConnection | str:
    """The connection a setting names when it still offers the model, or why it cannot be used.

    ``whose`` names the setting in the reason, e.g. "the judge's model".
    """
    connection_id = parse_connection_ref(connection_ref)
    async with ctx.reading() as session:
        row = (
            await find_connection(session, organization_id, connection_id)
            if connection_id is not None
            else None
        )
    if row is None:
        return f"{whose} connection no longer exists: choose another in Settings"
    if model not in row.models:
        return f"the model {model!r} is no longer listed on the connection {row.name!r}"
    return row


def connection_spec(settings: Settings, row: ModelConnection) -> ConnectionSpec:
    """What the provider factory needs, the key decrypted. Raises ``KeyDecryptionFailed``."""
    key = cipher(settings).decrypt(row.key_ciphertext) if row.key_ciphertext else None
    kind = "anthropic" if row.provider == "anthropic" else "openai"
    return ConnectionSpec(
        kind=kind, base_url=row.base_url, api_key=key, outbound=settings.outbound_policy()
    )
