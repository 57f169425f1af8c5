"""An embedding model as a client chooses one: the local MiniLM, or a connection's model."""

from typing import Any

import strawberry
from strawberry import relay

from casebook.domain.structured import LOCAL_EMBEDDING_MODEL
from casebook.graphql.ids import decode_id
from casebook.graphql.types.models.model_connection import ModelConnectionType
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
