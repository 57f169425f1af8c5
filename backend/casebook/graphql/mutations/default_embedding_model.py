"""The organization's default embedding model, for datasets whose structured scorer names none."""

from typing import Any

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.domain.structured import LOCAL_EMBEDDING_MODEL
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.grading.structured_settings import StructuredModelChoiceType
from casebook.graphql.types.models.model_connection import ModelConnectionType
from casebook.services.grading.structured import default_model
from casebook.services.kernel.errors import BadUserInput


@strawberry.input(
    description="An embedding model: the local MiniLM (local: true), or a saved connection and "
    "one of its models."
)
class EmbeddingModelChoiceInput:
    local: bool = False
    connection_id: relay.GlobalID | None = None
    model: str | None = None


def stored_choice(given: EmbeddingModelChoiceInput, path: str) -> Any:
    """The choice as a setting stores it; the service checks it is one that can be called."""
    if given.local:
        if given.connection_id is not None:
            raise BadUserInput.at(f"{path}.connectionId", "the local model has no connection")
        return LOCAL_EMBEDDING_MODEL
    if given.connection_id is None:
        raise BadUserInput.at(path, "choose the local model or a connection and its model")
    connection = decode_id(given.connection_id, ModelConnectionType, f"{path}.connectionId")
    return {"model_connection_id": str(connection), "model": given.model}


@strawberry.type
class DefaultEmbeddingModelPayload:
    embedding_model: StructuredModelChoiceType | None = strawberry.field(
        description="Null: none; datasets naming no embedding model then match text exactly."
    )


@strawberry.type
class DefaultEmbeddingModelMutations:
    @strawberry.mutation(
        extensions=requires(Permission.CONNECTIONS_MANAGE),
        description="The embedding model of every dataset whose structured scorer names none; "
        "null clears it. Changing it marks the structured scores it reached stale.",
    )
    async def set_default_embedding_model(
        self, info: Info, input: EmbeddingModelChoiceInput | None
    ) -> DefaultEmbeddingModelPayload:
        raw = stored_choice(input, "input") if input is not None else None
        chosen = await default_model.set_default_embedding_model(info.context.services, raw)
        return DefaultEmbeddingModelPayload(
            embedding_model=StructuredModelChoiceType.from_choice(chosen)
        )
