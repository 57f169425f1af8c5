"""Queries of the datasets capability."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.domain.cases.columns import IMPORT_COLUMNS
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import PUBLIC, requires
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.services.datasets import case_files, cases, datasets


@strawberry.type
class DatasetQueries:
    @strawberry.field(
        extensions=requires(Permission.DATASETS_VIEW),
        description="Datasets the signed-in member may see, newest first; with editable: "
        "true, only those they may edit (where Add to dataset can add).",
    )
    async def datasets(
        self,
        info: Info,
        first: int = 50,
        after: str | None = None,
        search: str | None = None,
        editable: bool = False,
    ) -> Connection[DatasetType]:
        page = await datasets.list_datasets(
            info.context.services, first=first, after=after, search=search, editable=editable
        )
        return Connection.from_page(page, DatasetType.from_row)

    @strawberry.field(
        extensions=requires(Permission.DATASETS_VIEW),
        description="A dataset by id; not found when it does not exist or you may not see it.",
    )
    async def dataset(self, info: Info, id: relay.GlobalID) -> DatasetType:
        return DatasetType.from_row(
            await datasets.get_dataset(info.context.services, decode_id(id, DatasetType))
        )

    @strawberry.field(
        extensions=requires(Permission.DATASETS_VIEW),
        description="A case at a version of its dataset (the newest by default).",
    )
    async def case(self, info: Info, id: relay.GlobalID, version: int | None = None) -> CaseType:
        view = await cases.get_case(info.context.services, decode_id(id, CaseType), version=version)
        return CaseType.from_view(view)

    @strawberry.field(
        extensions=requires(Permission.DATASETS_VIEW),
        description="Cases of the newest version asking this question, ignoring case and spacing. "
        "The question travels in the body, out of access logs.",
    )
    async def case_twins(
        self, info: Info, dataset_id: relay.GlobalID, input: str
    ) -> list[CaseType]:
        found = await cases.find_twins(
            info.context.services, decode_id(dataset_id, DatasetType, "datasetId"), input
        )
        return [CaseType.from_view(v) for v in found]

    @strawberry.field(
        extensions=requires(PUBLIC),
        description="A CSV with every column and one case that imports as it is.",
    )
    def case_import_template(self) -> str:
        return case_files.import_template()

    @strawberry.field(
        extensions=requires(PUBLIC), description="The nine columns of an import file, in order."
    )
    def case_import_columns(self) -> list[str]:
        return list(IMPORT_COLUMNS)
