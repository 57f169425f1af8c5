"""Score against a case: grade a run of Activity with every scorer a dataset configures."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.activity.run import RunType
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.grading.score import ScoreType
from casebook.services.grading import run_scoring


@strawberry.input
class ScoreRunInput:
    run_id: relay.GlobalID
    dataset_id: relay.GlobalID
    case_id: relay.GlobalID | None = strawberry.field(
        default=None, description="Left out: the dataset's case asking the run's own question."
    )


@strawberry.type
class ScoreRunPayload:
    score: ScoreType


@strawberry.type
class RunScoringMutations:
    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_RUN),
        description="Grade a run's answer and tool calls against a case with every scorer the "
        "dataset configures; the score names the agent version and the run. Needs runs:view "
        "and datasets:run on the dataset. A run with no transcript has no answer to grade.",
    )
    async def score_run(self, info: Info, input: ScoreRunInput) -> ScoreRunPayload:
        score = await run_scoring.score_run(
            info.context.services,
            decode_id(input.run_id, RunType, "input.runId"),
            decode_id(input.dataset_id, DatasetType, "input.datasetId"),
            decode_id(input.case_id, CaseType, "input.caseId")
            if input.case_id is not None
            else None,
        )
        return ScoreRunPayload(score=ScoreType.from_row(score))
