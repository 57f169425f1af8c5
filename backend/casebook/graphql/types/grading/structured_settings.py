"""The structured reference scorer's card of a dataset's grading settings.

A saved connection travels as its ``ModelConnection`` id, as on the Judge card;
the local embedding model is ``local: true`` with no connection.
"""

import strawberry
from strawberry import relay

from casebook.domain.structured import EXACT_ONLY_NOTICE, ModelChoice, StructuredSettings
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_optional_id
from casebook.graphql.types.models.model_connection import ModelConnectionType, saved_connection
from casebook.llm.local_embeddings import local_embeddings_installed
from casebook.services.grading.structured import default_model
from casebook.services.models import connections as model_connections


@strawberry.type(name="StructuredModelChoice")
class StructuredModelChoiceType:
    local: bool = strawberry.field(description="The in-process MiniLM embedding model.")
    connection_id: relay.GlobalID | None
    model: str

    @classmethod
    def from_choice(cls, choice: ModelChoice | None) -> "StructuredModelChoiceType | None":
        if choice is None:
            return None
        ref = model_connections.parse_connection_ref(choice.connection_id)
        return cls(
            local=choice.is_local,
            connection_id=encode_optional_id(ModelConnectionType, ref),
            model=choice.model,
        )

    @strawberry.field(description="The saved connection; null for the local model or when gone.")
    async def connection(self, info: Info) -> ModelConnectionType | None:
        return await saved_connection(info, self.connection_id)


@strawberry.type(
    name="StructuredScorerSettings",
    description="The structured reference scorer: a JSON answer against the case's verified "
    "JSON reference. Set on the dataset, never per run, so every agent is scored the same way. "
    "Change it with updateScoring(patch: {structured: {...}}) (StructuredScorerInput).",
)
class StructuredScorerSettingsType:
    settings: strawberry.Private[StructuredSettings]

    @strawberry.field
    def enabled(self) -> bool:
        return self.settings.enabled

    @strawberry.field
    def must_pass(self) -> bool:
        return self.settings.must_pass

    @strawberry.field(
        description="0 to 1: higher means differently written values must be more similar "
        "to count as equal."
    )
    def strictness(self) -> float:
        return self.settings.strictness

    @strawberry.field(description="The cosine strictness sets: 0.75 + 0.20 × strictness.")
    def embedding_threshold(self) -> float:
        return self.settings.embedding_threshold

    @strawberry.field(description="The quality from which the scorer passes, 0 to 1.")
    def pass_at(self) -> float:
        return self.settings.pass_at

    @strawberry.field(
        description="Null: the organization's default (defaultEmbeddingModel), if it has one."
    )
    def embedding_model(self) -> StructuredModelChoiceType | None:
        return StructuredModelChoiceType.from_choice(self.settings.embedding_model)

    @strawberry.field(
        description="Null: no judge; free text then earns its embeddings' similarity, or is "
        "exact or nothing without an embedding model."
    )
    def judge_model(self) -> StructuredModelChoiceType | None:
        return StructuredModelChoiceType.from_choice(self.settings.judge_model)

    @strawberry.field(
        description="What scores will say when neither the dataset nor the organization sets "
        "an embedding model; null when one is set."
    )
    async def exact_only_notice(self, info: Info) -> str | None:
        if self.settings.embedding_model is not None:
            return None
        default = await default_model.get_default_embedding_model(info.context.services)
        return EXACT_ONLY_NOTICE if default is None else None

    @strawberry.field(description="Whether this server has the local embedding model installed.")
    def local_embeddings_installed(self) -> bool:
        return local_embeddings_installed()
