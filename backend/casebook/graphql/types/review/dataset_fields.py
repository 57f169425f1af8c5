"""The review fields of a dataset (``DatasetType`` inherits them): its settings, the Review
answers list, the queue and its counts. Each reads with ``datasets:view`` on it."""

import strawberry

from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.types.grading.score import ScoreType
from casebook.graphql.types.review.queue import (
    ReviewAnswersFilter,
    ReviewQueueCountsType,
    ReviewSettingsType,
)
from casebook.graphql.types.review.trust import JudgeTrustType
from casebook.services.review import reading, settings, trust
from casebook.services.review.reading import AnswersFilter


@strawberry.type
class DatasetReviewFields:
    id: strawberry.Private[int]

    @strawberry.field(description="Review by a person, and the low-confidence routing.")
    async def review_settings(self, info: Info) -> ReviewSettingsType:
        found = await settings.get_review_settings(info.context.services, self.id)
        return ReviewSettingsType.of(found)

    @strawberry.field(
        description="Results → Review answers: every graded answer, reviewed or not - review "
        "state does not split the list - newest first, with how many match (totalCount)."
    )
    async def review_answers(
        self,
        info: Info,
        first: int = 50,
        after: str | None = None,
        filter: ReviewAnswersFilter | None = None,
    ) -> Connection[ScoreType]:
        wanted = filter.to_service() if filter is not None else AnswersFilter()
        page = await reading.review_answers(
            info.context.services, self.id, wanted, first=first, after=after
        )
        return Connection.from_page(page, ScoreType.from_row)

    @strawberry.field(
        description="The scores waiting for review, as the queue ranks them: graded ones "
        "(pass or fail) before those nothing graded, then the newest first."
    )
    async def review_queue(
        self, info: Info, first: int = 50, after: str | None = None
    ) -> Connection[ScoreType]:
        page = await reading.review_queue(info.context.services, self.id, first=first, after=after)
        return Connection.from_page(page, ScoreType.from_row)

    @strawberry.field(description="How many scores wait for review, by outcome.")
    async def review_counts(self, info: Info) -> ReviewQueueCountsType:
        counts = await reading.queue_counts(info.context.services, self.id)
        return ReviewQueueCountsType(counts=counts)

    @strawberry.field(
        description="Judge trust per criterion: agreement with people's decisions (raw and "
        "Cohen's kappa, with counts), the flip rate on the same answer, and the "
        "unverified-quote rate."
    )
    async def judge_trust(self, info: Info) -> JudgeTrustType:
        return JudgeTrustType.of(await trust.judge_trust(info.context.services, self.id))

    @strawberry.field(description="The agent names its scores carry, for the agent filter.")
    async def review_agent_names(self, info: Info) -> list[str]:
        return await reading.agent_names(info.context.services, self.id)
