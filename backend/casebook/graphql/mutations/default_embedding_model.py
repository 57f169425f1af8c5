"""The organization's default embedding model, for datasets whose structured scorer names none."""

import strawberry

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.input_paths import InputPaths, refusals_in
from casebook.graphql.permissions import requires
from casebook.graphql.types.grading.embedding_model_input import (
    EmbeddingModelChoiceInput,
    stored_choice,
)
from casebook.graphql.types.grading.structured_settings import StructuredModelChoiceType
from casebook.services.grading.structured import default_model


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
        self, info: Info, input: EmbeddingModelChoiceInput | None = None
    ) -> DefaultEmbeddingModelPayload:
        raw = stored_choice(input, "input") if input is not None else None
        paths = InputPaths()
        paths.came_from(default_model.PATH, "input")
        with refusals_in(paths):
            chosen = await default_model.set_default_embedding_model(info.context.services, raw)
        return DefaultEmbeddingModelPayload(
            embedding_model=StructuredModelChoiceType.from_choice(chosen)
        )
