"""A dataset's review settings: **Review by a person** (nothing, every result that did
not pass, every result) and the routing of low-confidence verdicts to review. Reading
them needs ``datasets:view``; changing them ``datasets:edit``, audited. A change applies
to scores asked for after it: a score already decided stays decided, and nothing
already scored is sent by it."""

from dataclasses import dataclass

from casebook.db.models import Dataset
from casebook.domain.access.catalog import Permission
from casebook.domain.review.settings import ReviewByPerson
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput


@dataclass(frozen=True)
class ReviewSettings:
    review_by_person: ReviewByPerson
    route_low_confidence: bool

    @classmethod
    def of(cls, dataset: Dataset) -> "ReviewSettings":
        return cls(ReviewByPerson(dataset.review_by_person), dataset.review_low_confidence)


async def get_review_settings(ctx: ServiceContext, dataset_id: int) -> ReviewSettings:
    async with ctx.reading() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, ctx.require_actor(), DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
    return ReviewSettings.of(dataset)


async def update_review_settings(
    ctx: ServiceContext,
    dataset_id: int,
    *,
    review_by_person: str | None,
    route_low_confidence: bool | None,
) -> ReviewSettings:
    actor = ctx.require_actor()
    if review_by_person is not None and review_by_person not in set(ReviewByPerson):
        raise BadUserInput.at("input.reviewByPerson", "must be NOTHING, NOT_PASSED or EVERY")
    async with ctx.transaction() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_EDIT, for_update=True
        )
        before = ReviewSettings.of(dataset)
        if review_by_person is not None:
            dataset.review_by_person = review_by_person
        if route_low_confidence is not None:
            dataset.review_low_confidence = route_low_confidence
        session.add(dataset)
        after = ReviewSettings.of(dataset)
        await audit.record(
            session,
            actor,
            "review.settings",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={
                "review_by_person": [before.review_by_person.value, after.review_by_person.value],
                "route_low_confidence": [before.route_low_confidence, after.route_low_confidence],
            },
            request_id=ctx.request_id,
        )
    return after
