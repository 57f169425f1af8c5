"""Eval runs: one by id, and the list (newest first)."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.evals.eval_run import EvalRunType
from casebook.graphql.types.evals.trend import EvalTrendPointType, trend_of
from casebook.services.evals import runs


@strawberry.type
class EvalQueries:
    @strawberry.field(
        extensions=requires(Permission.RUNS_VIEW),
        description="An eval run by id; not found when it does not exist or its dataset is not "
        "yours to see.",
    )
    async def eval_run(self, info: Info, id: relay.GlobalID) -> EvalRunType:
        return EvalRunType.from_row(
            await runs.get_eval_run(info.context.services, decode_id(id, EvalRunType))
        )

    @strawberry.field(
        extensions=requires(Permission.RUNS_VIEW),
        description="Eval runs of the datasets you may see (of one dataset when named), "
        "newest first.",
    )
    async def eval_runs(
        self,
        info: Info,
        dataset_id: relay.GlobalID | None = None,
        first: int = 50,
        after: str | None = None,
    ) -> Connection[EvalRunType]:
        page = await runs.list_eval_runs(
            info.context.services,
            dataset_id=decode_id(dataset_id, DatasetType, "datasetId")
            if dataset_id is not None
            else None,
            first=first,
            after=after,
        )
        return Connection.from_page(page, EvalRunType.from_row)

    @strawberry.field(
        extensions=requires(Permission.RUNS_VIEW),
        description="A dataset's pass-rate trend: its newest `first` eval runs (up to 100) "
        "that have ended, oldest first - one point per run, with its date and the version "
        "it answered, and every agent of it with its pass rate as its results count now.",
    )
    async def eval_trend(
        self, info: Info, dataset_id: relay.GlobalID, first: int = 20
    ) -> list[EvalTrendPointType]:
        return await trend_of(info, decode_id(dataset_id, DatasetType, "datasetId"), first)
