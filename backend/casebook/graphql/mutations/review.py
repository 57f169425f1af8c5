"""Review: send scores to the queue and withdraw them, decide, withdraw or undo a decision,
and the dataset's review settings. Each needs ``datasets:edit`` on the dataset."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.domain.review.queue import MAX_SCORES_PER_REQUEST
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.grading.score import ScoreType
from casebook.graphql.types.review.enums import (
    NotQueuedReasonEnum,
    ReviewByPersonEnum,
    ReviewDecisionOutcome,
)
from casebook.graphql.types.review.queue import ReviewAnswersFilter, ReviewSettingsType
from casebook.services.kernel.errors import BadUserInput
from casebook.services.review import decisions, queue, settings


@strawberry.input
class SendToReviewInput:
    dataset_id: relay.GlobalID
    score_ids: list[relay.GlobalID] = strawberry.field(
        description="1 to 500 scores of the dataset: all of them are sent, or none."
    )


@strawberry.type
class NotQueuedScore:
    score: ScoreType
    reason: NotQueuedReasonEnum


@strawberry.type
class SendToReviewPayload:
    queued: list[ScoreType] = strawberry.field(description="Now waiting.")
    replaced: list[ScoreType] = strawberry.field(
        description="Left the queue undecided for one that ranks higher; still scores."
    )
    not_queued: list[NotQueuedScore]


@strawberry.input
class WithdrawFromReviewInput:
    dataset_id: relay.GlobalID
    score_ids: list[relay.GlobalID] = strawberry.field(description="1 to 500 scores.")


@strawberry.input
class WithdrawWaitingInput:
    dataset_id: relay.GlobalID
    filter: ReviewAnswersFilter | None = None


@strawberry.type
class WithdrawFromReviewPayload:
    withdrawn: list[ScoreType] = strawberry.field(
        description="Those that were waiting, now out of the queue, undecided."
    )


@strawberry.input
class DecideReviewInput:
    score_id: relay.GlobalID
    outcome: ReviewDecisionOutcome
    note: str = strawberry.field(
        default="", description="At most 4,000 characters; credentials are redacted."
    )


@strawberry.type
class DecideReviewPayload:
    score: ScoreType


@strawberry.type
class ReviewChangePayload:
    score: ScoreType
    queued: bool = strawberry.field(description="The score waits for review now.")
    replaced: ScoreType | None = strawberry.field(
        description="The score it took the place of in the queue."
    )


@strawberry.input
class ReviewSettingsInput:
    dataset_id: relay.GlobalID
    review_by_person: ReviewByPersonEnum | None = strawberry.field(
        default=None, description="Null or left out: kept."
    )
    route_low_confidence: bool | None = strawberry.field(
        default=None, description="Null or left out: kept."
    )


@strawberry.type
class ReviewSettingsPayload:
    settings: ReviewSettingsType


def _score_ids(ids: list[relay.GlobalID], path: str) -> list[int]:
    if len(ids) > MAX_SCORES_PER_REQUEST:
        raise BadUserInput.at(
            path, f"names {len(ids)} scores: at most {MAX_SCORES_PER_REQUEST} at once"
        )
    return [decode_id(gid, ScoreType, f"{path}.{i}") for i, gid in enumerate(ids)]


def _change(change: decisions.ReviewChange) -> ReviewChangePayload:
    return ReviewChangePayload(
        score=ScoreType.from_row(change.score),
        queued=change.queued,
        replaced=ScoreType.from_row(change.replaced) if change.replaced is not None else None,
    )


_EDIT = requires(Permission.DATASETS_EDIT)


@strawberry.type
class ReviewMutations:
    @strawberry.mutation(
        extensions=_EDIT,
        description="Send scores to the review queue, all or none. Per case and answering "
        "agent one score waits: one sent takes the place of the one waiting when it ranks "
        "higher (graded above not graded) or ranks the same and is newer; otherwise it is "
        "not queued. A decided score is never touched.",
    )
    async def send_to_review(self, info: Info, input: SendToReviewInput) -> SendToReviewPayload:
        dataset_id = decode_id(input.dataset_id, DatasetType, "input.datasetId")
        ids = _score_ids(input.score_ids, "input.scoreIds")
        sent = await queue.send_to_review(info.context.services, dataset_id, ids)
        return SendToReviewPayload(
            queued=[ScoreType.from_row(s) for s in sent.queued],
            replaced=[ScoreType.from_row(s) for s in sent.replaced],
            not_queued=[
                NotQueuedScore(score=ScoreType.from_row(s), reason=NotQueuedReasonEnum(r.value))
                for s, r in sent.not_queued
            ],
        )

    @strawberry.mutation(
        extensions=_EDIT,
        description="Take waiting scores out of the queue; they stay scores, undecided. "
        "Scores not waiting are left as they are.",
    )
    async def withdraw_from_review(
        self, info: Info, input: WithdrawFromReviewInput
    ) -> WithdrawFromReviewPayload:
        dataset_id = decode_id(input.dataset_id, DatasetType, "input.datasetId")
        ids = _score_ids(input.score_ids, "input.scoreIds")
        found = await queue.withdraw_from_review(info.context.services, dataset_id, ids)
        return WithdrawFromReviewPayload(withdrawn=[ScoreType.from_row(s) for s in found])

    @strawberry.mutation(
        extensions=_EDIT,
        description="Withdraw every waiting answer of the Review answers view (as filtered).",
    )
    async def withdraw_waiting(
        self, info: Info, input: WithdrawWaitingInput
    ) -> WithdrawFromReviewPayload:
        dataset_id = decode_id(input.dataset_id, DatasetType, "input.datasetId")
        wanted = input.filter.to_service("input.filter") if input.filter is not None else None
        found = await queue.withdraw_waiting(info.context.services, dataset_id, wanted)
        return WithdrawFromReviewPayload(withdrawn=[ScoreType.from_row(s) for s in found])

    @strawberry.mutation(
        extensions=_EDIT,
        description="Decide a score pass or fail, with a note. Stored beside the scorers' "
        "results, it decides finalOutcome; the judge's grades and reasons stay. It takes the "
        "score out of the queue; deciding a decided score puts the new decision over the old.",
    )
    async def decide_review(self, info: Info, input: DecideReviewInput) -> DecideReviewPayload:
        score_id = decode_id(input.score_id, ScoreType, "input.scoreId")
        score = await decisions.decide(
            info.context.services, score_id, input.outcome.value, input.note
        )
        return DecideReviewPayload(score=ScoreType.from_row(score))

    @strawberry.mutation(
        extensions=_EDIT,
        description="Undo the score's decision: the decision it replaced comes back, or else "
        "the score waits for review again, through the same replacement. CONFLICT when it "
        "holds no decision.",
    )
    async def undo_review_decision(
        self, info: Info, score_id: relay.GlobalID
    ) -> ReviewChangePayload:
        found = await decisions.undo_decision(
            info.context.services, decode_id(score_id, ScoreType, "scoreId")
        )
        return _change(found)

    @strawberry.mutation(
        extensions=_EDIT,
        description="Withdraw the score's decision: it waits for review again, through the "
        "same replacement. CONFLICT when it holds no decision.",
    )
    async def withdraw_review_decision(
        self, info: Info, score_id: relay.GlobalID
    ) -> ReviewChangePayload:
        found = await decisions.withdraw_decision(
            info.context.services, decode_id(score_id, ScoreType, "scoreId")
        )
        return _change(found)

    @strawberry.mutation(
        extensions=_EDIT,
        description="Change the dataset's Review by a person setting and the low-confidence "
        "routing; a setting left out keeps its value. Applies to scores asked for after it.",
    )
    async def update_review_settings(
        self, info: Info, input: ReviewSettingsInput
    ) -> ReviewSettingsPayload:
        found = await settings.update_review_settings(
            info.context.services,
            decode_id(input.dataset_id, DatasetType, "input.datasetId"),
            review_by_person=(
                input.review_by_person.value if input.review_by_person is not None else None
            ),
            route_low_confidence=input.route_low_confidence,
        )
        return ReviewSettingsPayload(settings=ReviewSettingsType.of(found))
