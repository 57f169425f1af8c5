"""Review, continued: a decision's note made a judge criterion, and Score again on the
ungraded answers of the Review answers view."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.grading.score import ScoreType
from casebook.graphql.types.grading.scoring_config import ScoringConfigType
from casebook.graphql.types.jobs.job import JobType
from casebook.graphql.types.review.enums import CriterionScope
from casebook.graphql.types.review.queue import ReviewAnswersFilter
from casebook.services.review import criterion, ungraded


@strawberry.input
class CriterionFromNoteInput:
    score_id: relay.GlobalID = strawberry.field(description="A decided score.")
    scope: CriterionScope
    text: str | None = strawberry.field(
        default=None,
        description="The criterion's words, 1 to 1,000 characters; null: the note's own "
        "(which needs runs:view and access to the answering agent, as reading it does).",
    )
    base_version: int | None = strawberry.field(
        default=None,
        description="THIS_CASE: the version the edit is based on (a stale one is a "
        "conflict); null: the newest.",
    )


@strawberry.type
class CriterionFromNotePayload:
    scope: CriterionScope
    case: CaseType | None = strawberry.field(
        description="THIS_CASE: the case in the new version, holding the judge check."
    )
    version: int | None = strawberry.field(description="THIS_CASE: the new version.")
    scoring: ScoringConfigType | None = strawberry.field(
        description="EVERY_CASE: the configuration with the criterion in the rubric, the judge on."
    )
    criterion_id: str | None = strawberry.field(description="EVERY_CASE: note-1, note-2...")


@strawberry.input
class ScoreUngradedAgainInput:
    dataset_id: relay.GlobalID
    filter: ReviewAnswersFilter | None = None


@strawberry.type
class ScoreUngradedAgainPayload:
    jobs: list[JobType] = strawberry.field(description="One job per ten scores.")
    score_count: int


@strawberry.type
class ReviewCriterionMutations:
    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Make a decision's note a judge criterion: for that case alone, as a "
        "judge check in a new version (THIS_CASE), or for every case, in the rubric, which "
        "switches the judge on (EVERY_CASE).",
    )
    async def make_criterion_from_note(
        self, info: Info, input: CriterionFromNoteInput
    ) -> CriterionFromNotePayload:
        made = await criterion.criterion_from_note(
            info.context.services,
            decode_id(input.score_id, ScoreType, "input.scoreId"),
            criterion.Scope(input.scope.value),
            text=input.text,
            base_version=input.base_version,
        )
        return CriterionFromNotePayload(
            scope=input.scope,
            case=CaseType.from_view(made.case) if made.case is not None else None,
            version=made.version,
            scoring=ScoringConfigType.from_view(made.scoring) if made.scoring else None,
            criterion_id=made.criterion_id,
        )

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_RUN),
        description="Score again every answer of the Review answers view (as filtered) that "
        "some scorer reached no verdict on - up to 500, the newest first - ten a job, as "
        "rescore. Needs runs:view and datasets:run. Every score is checked first: a refusal "
        "names it and nothing is graded.",
    )
    async def score_ungraded_again(
        self, info: Info, input: ScoreUngradedAgainInput
    ) -> ScoreUngradedAgainPayload:
        dataset_id = decode_id(input.dataset_id, DatasetType, "input.datasetId")
        wanted = input.filter.to_service("input.filter") if input.filter is not None else None
        jobs, count = await ungraded.score_ungraded_again(info.context.services, dataset_id, wanted)
        return ScoreUngradedAgainPayload(
            jobs=[JobType.from_row(job) for job in jobs], score_count=count
        )
