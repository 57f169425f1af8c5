"""A saved model connection: its key is never readable back, only a masked hint."""

from collections.abc import Iterable
from datetime import datetime
from enum import Enum
from typing import Any

import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_batched
from casebook.services.kernel.errors import NotFound
from casebook.services.kernel.records import ModelConnection


@strawberry.enum(name="ModelProviderKind")
class ModelProviderKind(Enum):
    OPENAI = "openai"
    ANTHROPIC = "anthropic"


@strawberry.type(
    name="ModelConnection",
    description="A provider the organization's helpers call. OPENAI covers every "
    "OpenAI-compatible server (vLLM, Ollama, llama.cpp, LiteLLM).",
)
class ModelConnectionType(relay.Node):
    id: relay.NodeID[int]
    name: str
    provider: ModelProviderKind
    base_url: str
    models: list[str]
    key_hint: str | None = strawberry.field(
        description="At most the key's kind and last four characters; null without a key."
    )
    created_at: datetime | None

    @classmethod
    def from_row(cls, row: ModelConnection) -> "ModelConnectionType":
        assert row.id is not None
        return cls(
            id=row.id,
            name=row.name,
            provider=ModelProviderKind(row.provider),
            base_url=row.base_url,
            models=list(row.models),
            key_hint=row.key_hint,
            created_at=row.created_at,
        )

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_batched(
            node_ids, required, info.context.loaders.model_connection, cls.from_row
        )


async def saved_connection(
    info: Info, connection_id: relay.GlobalID | None
) -> ModelConnectionType | None:
    """The connection a setting names; null when none is set or it was deleted."""
    if connection_id is None:
        return None
    try:
        row = await info.context.loaders.model_connection.load(int(connection_id.node_id))
    except NotFound:
        return None
    return ModelConnectionType.from_row(row)
