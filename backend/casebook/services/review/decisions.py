"""People's review decisions (spec: "Review").

A decision is pass or fail with a note, stored beside the scorers' results
(``review_decisions``; the score's ``decision`` names the current one) and deciding the
outcome; the judge's grades and reasons stay on the score. Any score of the dataset may
be decided, waiting or not: it leaves the queue decided, and the queue never touches
it again. Deciding a decided score puts the new decision over the old one.

- Withdrawing a decision ends it: the score waits for review again, through the same
  replacement as a send.
- Undoing a decision (from the message confirming it) brings back the decision it
  replaced, if any; else the score waits again through the same replacement.

Each needs ``datasets:edit`` on the dataset, and each is audited (without the note's
words, which are grading evidence).
"""

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import ReviewDecision, Score
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.review.decision import DECISION_OUTCOMES, note_problems
from casebook.domain.review.queue import ReviewState, SentBy
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Conflict
from casebook.services.kernel.stored_text import stored_text
from casebook.services.review.events import publish_queue_changed
from casebook.services.review.placing import leave_queue, lock_queue, send_scores

WITHDRAWN, UNDONE, REPLACED = "withdrawn", "undone", "replaced"


@dataclass
class ReviewChange:
    score: Score
    queued: bool
    replaced: Score | None = None


async def locked_score(session: AsyncSession, actor: Actor, score_id: int) -> Score:
    """The score when the actor may edit its dataset, locked with its dataset's queue."""
    score, _ = await sharing.load_child_authorized(
        session,
        actor,
        DATASET_KIND,
        Score,
        score_id,
        Permission.DATASETS_EDIT,
        parent_key=Score.dataset_id,
        label="score",
    )
    await lock_queue(session, score.dataset_id)
    locked = await session.get(Score, score_id, with_for_update=True, populate_existing=True)
    assert locked is not None
    return locked


async def current_decision(session: AsyncSession, score_id: int) -> ReviewDecision | None:
    return (
        await session.execute(
            select(ReviewDecision)
            .where(ReviewDecision.score_id == score_id, ReviewDecision.ended_at.is_(None))  # type: ignore[union-attr]
            .with_for_update()
        )
    ).scalar_one_or_none()


def _end(decision: ReviewDecision, how: str) -> None:
    decision.ended_at = datetime.now(UTC)
    decision.ended_how = how


async def decide(ctx: ServiceContext, score_id: int, outcome: str, note: str) -> Score:
    actor = ctx.require_actor()
    if outcome not in DECISION_OUTCOMES:
        raise BadUserInput.at("input.outcome", "must be pass or fail")
    problems = note_problems(note, "input.note")
    if problems:
        raise BadUserInput(problems)
    note = stored_text(note)
    async with ctx.transaction() as session:
        score = await locked_score(session, actor, score_id)
        was_waiting = score.review_state == ReviewState.WAITING.value
        earlier = await current_decision(session, score_id)
        if earlier is not None:
            _end(earlier, REPLACED)
            await session.flush()
        decision = ReviewDecision(
            organization_id=score.organization_id,
            dataset_id=score.dataset_id,
            score_id=score_id,
            outcome=outcome,
            note=note,
            decided_by_user_id=actor.user_id,
            replaces_id=earlier.id if earlier is not None else None,
        )
        session.add(decision)
        leave_queue(score, ReviewState.DECIDED)
        score.decision = outcome
        await session.flush()
        await audit.record(
            session,
            actor,
            "review.decide",
            resource_type=DATASET_KIND,
            resource_id=score.dataset_id,
            summary={
                "score_id": score_id,
                "decision": outcome,
                "scorers_outcome": score.outcome,
                "replaced_decision": earlier.outcome if earlier is not None else None,
                "was_waiting": was_waiting,
                "note_chars": len(note),
            },
            request_id=ctx.request_id,
        )
    if was_waiting:
        await publish_queue_changed(ctx.redis, actor.organization_id, [score.dataset_id])
    return score


async def _wait_again(session: AsyncSession, score: Score) -> ReviewChange:
    leave_queue(score, ReviewState.NOT_QUEUED)
    score.decision = None
    await session.flush()
    placed, rows = await send_scores(session, score.dataset_id, [score], SentBy.DECISION_WITHDRAWN)
    replaced = rows[placed.replaced[0]] if placed.replaced else None
    return ReviewChange(score, bool(placed.queued), replaced)


async def _change(ctx: ServiceContext, score_id: int, how: str) -> ReviewChange:
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        score = await locked_score(session, actor, score_id)
        decision = await current_decision(session, score_id)
        if decision is None:
            raise Conflict(
                f"scoreId: nothing to {'undo' if how == UNDONE else 'withdraw'}: "
                "the score holds no decision"
            )
        _end(decision, how)
        await session.flush()
        restored: ReviewDecision | None = None
        if how == UNDONE and decision.replaces_id is not None:
            restored = await session.get(ReviewDecision, decision.replaces_id, with_for_update=True)
            if restored is not None and restored.ended_how != REPLACED:
                restored = None
        if restored is not None:
            restored.ended_at = None
            restored.ended_how = None
            score.decision = restored.outcome
            await session.flush()
            change = ReviewChange(score, queued=False)
        else:
            change = await _wait_again(session, score)
        await audit.record(
            session,
            actor,
            "review.decision_undo" if how == UNDONE else "review.decision_withdraw",
            resource_type=DATASET_KIND,
            resource_id=score.dataset_id,
            summary={
                "score_id": score_id,
                "decision": decision.outcome,
                "restored_decision": restored.outcome if restored is not None else None,
                "queued": change.queued,
                "replaced": change.replaced.id if change.replaced is not None else None,
            },
            request_id=ctx.request_id,
        )
    if change.queued:
        await publish_queue_changed(ctx.redis, actor.organization_id, [score.dataset_id])
    return change


async def withdraw_decision(ctx: ServiceContext, score_id: int) -> ReviewChange:
    return await _change(ctx, score_id, WITHDRAWN)


async def undo_decision(ctx: ServiceContext, score_id: int) -> ReviewChange:
    return await _change(ctx, score_id, UNDONE)
