"""A dataset's review settings, and the queue's counts for the Waiting for review card."""

from typing import TYPE_CHECKING, Annotated

import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.types.grading.score import ScoreOutcome
from casebook.graphql.types.review.enums import ReviewByPersonEnum
from casebook.services.kernel.records import Dataset
from casebook.services.review.reading import AnswersFilter, QueueCounts
from casebook.services.review.settings import ReviewSettings

if TYPE_CHECKING:
    from casebook.graphql.types.datasets.dataset import DatasetType

_DatasetType = Annotated["DatasetType", strawberry.lazy("casebook.graphql.types.datasets.dataset")]


@strawberry.type(name="ReviewSettings")
class ReviewSettingsType:
    review_by_person: ReviewByPersonEnum
    route_low_confidence: bool = strawberry.field(
        description="Low-confidence verdicts go to review: a criterion graded exactly at the "
        "pass mark, or repetitions of a case and agent in one run that disagree."
    )

    @classmethod
    def of(cls, settings: ReviewSettings) -> "ReviewSettingsType":
        return cls(
            review_by_person=ReviewByPersonEnum(settings.review_by_person.value),
            route_low_confidence=settings.route_low_confidence,
        )


@strawberry.type(name="ReviewQueueCounts", description="The scores waiting in one dataset.")
class ReviewQueueCountsType:
    counts: strawberry.Private[QueueCounts]
    dataset_row: strawberry.Private[Dataset | None] = None

    async def dataset_type(self, info: Info) -> "DatasetType":
        from casebook.graphql.types.datasets.dataset import DatasetType

        row = self.dataset_row
        if row is None:
            row = await info.context.loaders.dataset.load(self.counts.dataset_id)
        return DatasetType.from_row(row)

    @strawberry.field
    async def dataset(self, info: Info) -> _DatasetType:
        return await self.dataset_type(info)

    @strawberry.field(description="notPassed + notGraded + passed.")
    def waiting(self) -> int:
        return self.counts.waiting

    @strawberry.field(description="Waiting with the outcome FAIL.")
    def not_passed(self) -> int:
        return self.counts.not_passed

    @strawberry.field(description="Waiting with the outcome NOT_GRADED.")
    def not_graded(self) -> int:
        return self.counts.not_graded

    @strawberry.field(description="Waiting with the outcome PASS.")
    def passed(self) -> int:
        return self.counts.passed


@strawberry.type(
    name="ReviewQueueSummary",
    description="The Waiting for review card: the queue across the datasets you can see.",
)
class ReviewQueueSummaryType:
    datasets: list[ReviewQueueCountsType] = strawberry.field(
        description="Datasets with scores waiting, the most first (ties: the older dataset)."
    )

    @strawberry.field
    def waiting(self) -> int:
        return sum(c.counts.waiting for c in self.datasets)

    @strawberry.field
    def not_passed(self) -> int:
        return sum(c.counts.not_passed for c in self.datasets)

    @strawberry.field
    def not_graded(self) -> int:
        return sum(c.counts.not_graded for c in self.datasets)

    @strawberry.field
    def passed(self) -> int:
        return sum(c.counts.passed for c in self.datasets)

    @strawberry.field(description="See all: the dataset holding the most; null when none waits.")
    async def busiest(self, info: Info) -> _DatasetType | None:
        if not self.datasets:
            return None
        return await self.datasets[0].dataset_type(info)

    @classmethod
    def of(cls, found: list[tuple[Dataset, QueueCounts]]) -> "ReviewQueueSummaryType":
        return cls(
            datasets=[
                ReviewQueueCountsType(counts=counts, dataset_row=row) for row, counts in found
            ]
        )


@strawberry.input(
    description="Filters of the Review answers view; review state does not split the list."
)
class ReviewAnswersFilter:
    outcome: ScoreOutcome | None = strawberry.field(
        default=None, description="The outcome the score counts as (finalOutcome)."
    )
    agent_name: str | None = strawberry.field(default=None, description="Exact agent name.")
    tag: str | None = strawberry.field(
        default=None, description="The graded case revision carries this tag."
    )
    eval_run_id: relay.GlobalID | None = strawberry.field(
        default=None, description="Only the answers of this eval run."
    )

    def to_service(self, path: str = "filter") -> AnswersFilter:
        return AnswersFilter(
            outcome=self.outcome.value if self.outcome is not None else None,
            agent_name=self.agent_name,
            tag=self.tag,
            eval_run_id=(
                decode_id(self.eval_run_id, "EvalRun", f"{path}.evalRunId")
                if self.eval_run_id is not None
                else None
            ),
        )
