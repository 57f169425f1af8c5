"""The generation fields of a dataset (``DatasetType`` inherits them): its proposed cases,
how many wait, and the generator's model chosen in its Settings - each needing
``datasets:edit`` on it: "only members who may edit the dataset see its drafts" - and its
coverage, read by anyone who may view it."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.generation.coverage import DatasetCoverageType
from casebook.graphql.types.generation.proposed_case import ProposedCaseType
from casebook.graphql.types.models.model_connection import ModelConnectionType
from casebook.services.generation import coverage, proposals
from casebook.services.models import connections as model_connections


@strawberry.type(name="GeneratorModel")
class GeneratorModelType:
    model_connection_id: relay.GlobalID = strawberry.field(
        description="The saved connection, as ModelConnection.id names it."
    )
    model: str

    @classmethod
    def of(cls, connection_ref: str | None, model: str | None) -> "GeneratorModelType | None":
        ref = model_connections.parse_connection_ref(connection_ref)
        if ref is None or model is None:
            return None
        return cls(model_connection_id=encode_id(ModelConnectionType, ref), model=model)


@strawberry.type
class DatasetGenerationFields:
    id: strawberry.Private[int]
    generator_model_connection_id: strawberry.Private[str | None]
    generator_model_name: strawberry.Private[str | None]

    @strawberry.field(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Proposed cases you may read and decide, oldest first. A draft from chats "
        "is shown only to members with runs:view; proposedCaseCount counts every draft.",
    )
    async def proposed_cases(
        self, info: Info, first: int = 50, after: str | None = None
    ) -> Connection[ProposedCaseType]:
        found = await proposals.list_proposals(
            info.context.services, self.id, first=first, after=after
        )
        return Connection.from_page(
            found.page, lambda row: ProposedCaseType.from_row(row, found.knowledge_base_of(row))
        )

    @strawberry.field(
        extensions=requires(Permission.DATASETS_EDIT),
        description="How many proposed cases wait, those from chats included.",
    )
    async def proposed_case_count(self, info: Info) -> int:
        return await proposals.count_proposals(info.context.services, self.id)

    @strawberry.field(
        extensions=requires(Permission.DATASETS_VIEW),
        description="Its newest version's cases by tag and by source, and the gaps to "
        "generate for, each with what Generate for this gap pre-fills.",
    )
    async def coverage(self, info: Info) -> DatasetCoverageType:
        found = await coverage.dataset_coverage(info.context.services, self.id)
        return DatasetCoverageType.of(found)

    @strawberry.field(
        description="The case generator's model, chosen in Settings; null when none is chosen."
    )
    def generator_model(self) -> GeneratorModelType | None:
        return GeneratorModelType.of(self.generator_model_connection_id, self.generator_model_name)
