"""A dataset's pass-rate trend: one point per eval run that has ended, with its date and
the dataset version it answered, and every agent of the run with its pass rate as its
results count now (a person's decision counting). Read from the runs' results in one
batch (``loaders.eval_results``), whatever the number of points."""

from datetime import datetime

import strawberry
from strawberry import relay

from casebook.domain.evals.progress import TERMINAL
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_id
from casebook.graphql.types.evals.enums import EvalRunStatus
from casebook.graphql.types.evals.results import EvalAgentSummaryType, EvalSummaryType
from casebook.services.evals import runs


@strawberry.type(
    name="EvalTrendPoint",
    description="One eval run on the trend: when it ended, the version it answered, and each "
    "of its agents' pass rate (with its counts).",
)
class EvalTrendPointType:
    run_id: relay.GlobalID
    status: EvalRunStatus = strawberry.field(description="FINISHED, FAILED or CANCELLED.")
    ended_at: datetime | None = strawberry.field(
        description="When it ended; the point's place on the time axis."
    )
    started_at: datetime | None
    dataset_version: int = strawberry.field(description="The version of the dataset it answered.")
    agents: list[EvalAgentSummaryType]


async def trend_of(info: Info, dataset_id: int, first: int) -> list[EvalTrendPointType]:
    """The dataset's newest ``first`` runs that have ended, oldest first."""
    page = await runs.list_eval_runs(
        info.context.services, dataset_id=dataset_id, first=first, after=None
    )
    ended = [run for run in page.items if run.status in TERMINAL and run.id is not None]
    found = await info.context.loaders.eval_results.load_many([run.id for run in ended if run.id])
    points = [
        EvalTrendPointType(
            run_id=encode_id("EvalRun", run.id),
            status=EvalRunStatus(run.status),
            ended_at=run.finished_at,
            started_at=run.started_at,
            dataset_version=run.dataset_version,
            agents=EvalSummaryType.from_results(results).agents,
        )
        for run, results in zip(ended, found, strict=True)
        if run.id is not None
    ]
    return list(reversed(points))
