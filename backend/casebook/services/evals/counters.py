"""The run row's counters, changed in the transaction that changes what they count.

Every change takes the next ``sequence`` in the same statement, under the row's lock,
so each published progress event has its own number and two workers never share one.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import EvalRun

_run = EvalRun.__table__.c  # type: ignore[attr-defined]


async def advance(
    session: AsyncSession,
    run_id: int,
    *,
    answered: int = 0,
    scored: int = 0,
    passed: int = 0,
    failed: int = 0,
    not_graded: int = 0,
    cost_usd: float = 0.0,
    status: str | None = None,
    status_reason: str | None = None,
    only_from: tuple[str, ...] | None = None,
    started_at: datetime | None = None,
    finished_at: datetime | None = None,
    publishing: bool = True,
    answered_now: int | None = None,
) -> EvalRun | None:
    """Add to the counters, optionally move the status (only from ``only_from`` when
    given), and - when the change is to be published - take the next sequence; the row as
    it is now, or None when the status did not allow the move. ``answered_now``: the count
    of answers stored, counted anew."""
    values: dict[str, Any] = {
        "sequence": _run.sequence + (1 if publishing else 0),
        "answered": _run.answered + answered,
        "scored": _run.scored + scored,
        "passed": _run.passed + passed,
        "failed": _run.failed + failed,
        "not_graded": _run.not_graded + not_graded,
        "cost_usd": _run.cost_usd + cost_usd,
    }
    if answered_now is not None:
        values["answered"] = answered_now
    if status is not None:
        values["status"] = status
        values["status_reason"] = status_reason
    if started_at is not None:
        values["started_at"] = started_at
    if finished_at is not None:
        values["finished_at"] = finished_at
    statement = update(EvalRun).where(_run.id == run_id)
    if only_from is not None:
        statement = statement.where(_run.status.in_(only_from))
    row = (
        await session.execute(
            statement.values(**values)
            .returning(EvalRun)
            .execution_options(synchronize_session=False, populate_existing=True)
        )
    ).scalar_one_or_none()
    return row
