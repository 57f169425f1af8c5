"""How an eval run moves on: it starts when its first item is handed out, stops (failed or
cancelled) with a reason, and settles when every work item is done - it reruns its flips,
or finishes.

Locks: a transaction that writes both a run's work items and its row takes the items
first (storing answers, stopping, cancelling), so two never wait on each other; a claim
writes no run row in the transaction that leases items.

Whoever stores a run's last score settles it: a worker's executor, or the API process
that stored a client's last answers (a local agent's run need not wait for a worker's
next look). Settling takes the run's row lock and counts the items left under it, so
two that find nothing left at once settle the run once: the first moves it on - to
CONFIRMING with the confirmation reruns added, or to FINISHED, sending what it
confirmed to review - and the second finds items again, or an ended run, and leaves it.
"""

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import EvalRun
from casebook.domain.evals.progress import ACTIVE, CONFIRMING, FINISHED, QUEUED, RUNNING
from casebook.services.evals import channels, leases
from casebook.services.evals.confirmation import plan_confirmation
from casebook.services.evals.counters import advance
from casebook.services.review.automatic import send_eval_run
from casebook.services.review.events import publish_queue_changed


@dataclass(frozen=True)
class Settled:
    """What a move did: the row it moved (None when it did not move), whether the run goes
    on (started, or confirming), and the datasets whose review queue changed."""

    moved: EvalRun | None = None
    goes_on: bool = False
    review_datasets: list[int] = field(default_factory=list)

    @property
    def ended(self) -> bool:
        return self.moved is not None and not self.goes_on


async def begin(session: AsyncSession, run_id: int) -> Settled:
    """The run is running from the moment its first item is handed out, to a worker or a
    client (a no-op once it runs)."""
    moved = await advance(
        session, run_id, status=RUNNING, only_from=(QUEUED,), started_at=datetime.now(UTC)
    )
    return Settled(moved, goes_on=True) if moved is not None else Settled()


async def stop(session: AsyncSession, run_id: int, status: str, reason: str) -> Settled:
    """End the run (failed or cancelled) unless it has ended; what was not asked is dropped
    - first, since whoever writes both takes a run's items before its row."""
    await leases.drop_unasked(session, run_id)
    moved = await advance(
        session,
        run_id,
        status=status,
        status_reason=reason,
        only_from=ACTIVE,
        finished_at=datetime.now(UTC),
    )
    return Settled(moved)


async def settle(session: AsyncSession, run_id: int) -> Settled:
    """Move the run on when nothing is left to answer or score, under its row lock."""
    run = await session.get(EvalRun, run_id, with_for_update=True, populate_existing=True)
    if run is None or run.status not in (RUNNING, CONFIRMING):
        return Settled()
    if await leases.remaining(session, run_id) > 0:
        return Settled()
    if run.status == RUNNING and await plan_confirmation(session, run) > 0:
        moved = await advance(session, run_id, status=CONFIRMING, only_from=(RUNNING,))
        return Settled(moved, goes_on=True)
    moved = await advance(
        session,
        run_id,
        status=FINISHED,
        only_from=(RUNNING, CONFIRMING),
        finished_at=datetime.now(UTC),
    )
    if moved is None:
        return Settled()
    # Finished, its flips rerun: it sends what it confirmed to review.
    queued = await send_eval_run(session, moved)
    return Settled(moved, review_datasets=[moved.dataset_id] if queued else [])


async def publish_settled(redis: Any, settled: Settled) -> None:
    """Tell the run's watchers once the settling transaction has committed."""
    if settled.moved is None:
        return
    row = settled.moved
    assert row.id is not None
    await channels.publish_progress(redis, channels.progress_payload(row))
    if settled.ended:
        await channels.publish_run_event(redis, row.organization_id, channels.FINISHED, row.id)
    if settled.review_datasets:
        await publish_queue_changed(redis, row.organization_id, settled.review_datasets)
