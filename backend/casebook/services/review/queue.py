"""Sending scores to review and withdrawing them (spec: "Review"; "Send scores to review,
record or withdraw a decision: ``datasets:edit`` on it").

"Its page sends any others you pick, all at once through ``POST
/datasets/{id}/scores/review`` with up to 500 score ids - all of them or none." A score
id that is not a score of the dataset - or of a dataset the actor may not see - is
"score not found" and nothing is sent. Withdrawing takes waiting scores out of the
queue; they stay scores, undecided.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Dataset, Score
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.review.queue import (
    MAX_SCORES_PER_REQUEST,
    NotQueuedReason,
    ReviewState,
    SentBy,
)
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, NotFound
from casebook.services.review.events import publish_queue_changed
from casebook.services.review.placing import leave_queue, lock_queue, send_scores
from casebook.services.review.reading import AnswersFilter


@dataclass
class SendResult:
    queued: list[Score] = field(default_factory=list)
    replaced: list[Score] = field(default_factory=list)
    not_queued: list[tuple[Score, NotQueuedReason]] = field(default_factory=list)


def check_score_ids(score_ids: Sequence[int], path: str) -> list[int]:
    if not score_ids:
        raise BadUserInput.at(path, "names no score: give 1 to 500 score ids")
    if len(score_ids) > MAX_SCORES_PER_REQUEST:
        raise BadUserInput.at(
            path, f"names {len(score_ids)} scores: at most {MAX_SCORES_PER_REQUEST} at once"
        )
    seen: set[int] = set()
    for index, score_id in enumerate(score_ids):
        if score_id in seen:
            raise BadUserInput.at(f"{path}.{index}", "names a score already named")
        seen.add(score_id)
    return list(score_ids)


async def editable_dataset(session: AsyncSession, actor: Actor, dataset_id: int) -> Dataset:
    dataset: Dataset = await sharing.load_authorized(
        session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_EDIT
    )
    return dataset


async def scores_of(
    session: AsyncSession, dataset_id: int, score_ids: Sequence[int], *, lock: bool
) -> list[Score]:
    """The scores in the order asked, all of them or "score not found"."""
    query: Any = select(Score).where(col(Score.id).in_(score_ids), Score.dataset_id == dataset_id)
    if lock:
        query = query.with_for_update()
    rows = {score.id: score for score in (await session.execute(query)).scalars()}
    missing = [score_id for score_id in score_ids if score_id not in rows]
    if missing:
        raise NotFound("score")
    return [rows[score_id] for score_id in score_ids]


async def send_to_review(
    ctx: ServiceContext, dataset_id: int, score_ids: Sequence[int]
) -> SendResult:
    actor = ctx.require_actor()
    ids = check_score_ids(score_ids, "input.scoreIds")
    async with ctx.transaction() as session:
        await editable_dataset(session, actor, dataset_id)
        await lock_queue(session, dataset_id)
        scores = await scores_of(session, dataset_id, ids, lock=True)
        placed, rows = await send_scores(session, dataset_id, scores, SentBy.PERSON)
        await audit.record(
            session,
            actor,
            "review.send",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={
                "queued": placed.queued,
                "replaced": placed.replaced,
                "not_queued": {str(k): v.value for k, v in placed.not_queued.items()},
            },
            request_id=ctx.request_id,
        )
    if placed.queued or placed.replaced:
        await publish_queue_changed(ctx.redis, actor.organization_id, [dataset_id])
    return SendResult(
        queued=[rows[i] for i in placed.queued],
        replaced=[rows[i] for i in placed.replaced],
        not_queued=[(rows[i], reason) for i, reason in placed.not_queued.items()],
    )


async def withdraw_scores(
    ctx: ServiceContext, dataset_id: int, actor: Actor, session: AsyncSession, scores: list[Score]
) -> list[Score]:
    withdrawn = [score for score in scores if score.review_state == ReviewState.WAITING.value]
    for score in withdrawn:
        leave_queue(score, ReviewState.NOT_QUEUED)
    await session.flush()
    await audit.record(
        session,
        actor,
        "review.withdraw",
        resource_type=DATASET_KIND,
        resource_id=dataset_id,
        summary={"withdrawn": [score.id for score in withdrawn]},
        request_id=ctx.request_id,
    )
    return withdrawn


async def withdraw_from_review(
    ctx: ServiceContext, dataset_id: int, score_ids: Sequence[int]
) -> list[Score]:
    """The scores that were waiting, now out of the queue; the others are left as they are."""
    actor = ctx.require_actor()
    ids = check_score_ids(score_ids, "input.scoreIds")
    async with ctx.transaction() as session:
        await editable_dataset(session, actor, dataset_id)
        await lock_queue(session, dataset_id)
        scores = await scores_of(session, dataset_id, ids, lock=True)
        withdrawn = await withdraw_scores(ctx, dataset_id, actor, session, scores)
    if withdrawn:
        await publish_queue_changed(ctx.redis, actor.organization_id, [dataset_id])
    return withdrawn


async def withdraw_waiting(
    ctx: ServiceContext, dataset_id: int, wanted: AnswersFilter | None
) -> list[Score]:
    """Every waiting score of the dataset's Review answers view (as filtered)."""
    actor = ctx.require_actor()
    query: Any = select(Score).where(
        Score.dataset_id == dataset_id, Score.review_state == ReviewState.WAITING.value
    )
    if wanted is not None:
        query = wanted.checked().where(query)
    async with ctx.transaction() as session:
        await editable_dataset(session, actor, dataset_id)
        await lock_queue(session, dataset_id)
        scores = list((await session.execute(query.with_for_update(of=Score))).scalars())
        withdrawn = await withdraw_scores(ctx, dataset_id, actor, session, scores)
    if withdrawn:
        await publish_queue_changed(ctx.redis, actor.organization_id, [dataset_id])
    return withdrawn
