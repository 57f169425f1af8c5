"""Review across datasets: the Waiting for review dashboard card."""

import strawberry

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.permissions import requires
from casebook.graphql.types.review.queue import ReviewQueueSummaryType
from casebook.services.review import reading


@strawberry.type
class ReviewQueries:
    @strawberry.field(
        extensions=requires(Permission.DATASETS_VIEW),
        description="Waiting for review: how many results wait that did not pass, were not "
        "graded or passed, across the datasets you can see, and in which.",
    )
    async def review_queue_summary(self, info: Info) -> ReviewQueueSummaryType:
        return ReviewQueueSummaryType.of(await reading.queue_summary(info.context.services))
