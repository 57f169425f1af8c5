"""Sending scores through the queue's replacement inside a transaction the caller holds
(``domain.review.queue.place``). Every way in - a person, an eval run, the dataset's
settings, a withdrawn or undone decision - goes through ``send_scores``, so a case
never waits twice for one agent.

Sends of one dataset are serialized by a transaction-scoped advisory lock, so two
concurrent sends never both find nothing waiting for the same case and agent; the
unique index ``ux_scores_review_waiting`` holds the rule as the last word.
"""

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Score
from casebook.domain.review.queue import (
    Candidate,
    Placement,
    ReviewState,
    SentBy,
    agent_key,
    place,
)


async def lock_queue(session: AsyncSession, dataset_id: int) -> None:
    await session.execute(
        text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"),
        {"key": f"review-queue:{dataset_id}"},
    )


def candidate_of(score: Score) -> Candidate:
    assert score.id is not None and score.created_at is not None
    return Candidate(
        score.id,
        score.case_id,
        agent_key(score.agent_id, score.agent_name),
        score.outcome,
        score.created_at,
        ReviewState(score.review_state),
    )


async def _waiting_for(
    session: AsyncSession, dataset_id: int, case_ids: set[int]
) -> dict[int, Score]:
    rows = await session.execute(
        select(Score)
        .where(
            Score.dataset_id == dataset_id,
            Score.review_state == ReviewState.WAITING.value,
            col(Score.case_id).in_(case_ids),
        )
        .with_for_update()
    )
    return {score.id: score for score in rows.scalars() if score.id is not None}


async def send_scores(
    session: AsyncSession, dataset_id: int, scores: Sequence[Score], by: SentBy
) -> tuple[Placement, dict[int, Score]]:
    """Send ``scores`` (rows of ``dataset_id``, read in this transaction) in order; the
    caller has taken ``lock_queue``. Also every row the send touched, by id."""
    if not scores:
        return Placement(), {}
    waiting = await _waiting_for(session, dataset_id, {score.case_id for score in scores})
    placed = place(
        {c.key: c for c in map(candidate_of, waiting.values())},
        [candidate_of(score) for score in scores],
    )
    rows = {**waiting, **{score.id: score for score in scores if score.id is not None}}
    for score_id in placed.replaced:
        leave_queue(rows[score_id], ReviewState.NOT_QUEUED)
    # Cleared first: the queued one may take the very (case, agent) slot.
    await session.flush()
    now = datetime.now(UTC)
    for score_id in placed.queued:
        score = rows[score_id]
        score.review_state = ReviewState.WAITING.value
        score.review_agent_key = agent_key(score.agent_id, score.agent_name)
        score.review_sent_by = by.value
        score.review_waiting_since = now
    await session.flush()
    return placed, rows


def leave_queue(score: Score, state: ReviewState) -> None:
    score.review_state = state.value
    score.review_agent_key = None
    score.review_sent_by = None
    score.review_waiting_since = None
