"""Runs of the reader's organization started or finished since a moment, as the reader
may see them: what a dashboard's ``organizationEvalRuns`` sends again after its live
connection may have missed messages (Redis restarted), read from PostgreSQL."""

from datetime import datetime

from sqlalchemy import or_, select
from sqlmodel import col

from casebook.db.models import EvalRun
from casebook.domain.access.catalog import Permission
from casebook.services.evals.channels import FINISHED, STARTED
from casebook.services.evals.runs import load_runs
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError

# A dashboard catching up reads at most this many runs; a longer outage shows the newest.
CATCH_UP_LIMIT = 200


async def run_events_since(ctx: ServiceContext, since: datetime) -> list[tuple[str, EvalRun]]:
    """(STARTED or FINISHED, run) for each visible run created or ended at or after
    ``since``, oldest first; runs:view first, then datasets:view on each run's dataset."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.reading() as session:
        ids: list[int] = list(
            (
                await session.execute(
                    select(col(EvalRun.id))
                    .where(
                        col(EvalRun.organization_id) == actor.organization_id,
                        or_(col(EvalRun.created_at) >= since, col(EvalRun.finished_at) >= since),
                    )
                    .order_by(col(EvalRun.id).desc())
                    .limit(CATCH_UP_LIMIT)
                )
            ).scalars()
        )
        found = await load_runs(session, actor, ids, Permission.DATASETS_VIEW)
    events: list[tuple[str, EvalRun]] = []
    for run_id in reversed(ids):
        run = found[run_id]
        if isinstance(run, ServiceError):
            continue
        if run.created_at is not None and run.created_at >= since:
            events.append((STARTED, run))
        if run.finished_at is not None and run.finished_at >= since:
            events.append((FINISHED, run))
    return events
