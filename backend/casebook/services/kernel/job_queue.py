"""How many jobs wait and run, and how long the oldest has waited: sampled for metrics."""

from datetime import UTC, datetime

import structlog
from sqlalchemy import func, select
from sqlmodel import col

from casebook.db.engine import SessionMaker
from casebook.db.models import Job
from casebook.observability import metrics
from casebook.services.kernel.jobs import QUEUED, RUNNING
from casebook.services.kernel.outages import outage_of

log = structlog.get_logger("casebook.jobs")


async def sample_job_queue(sessionmaker: SessionMaker) -> None:
    """Set the queue gauges from the jobs table; left as they were while PostgreSQL is down."""
    status = col(Job.status)
    queued = func.count().filter(status == QUEUED)
    running = func.count().filter(status == RUNNING)
    oldest = func.min(col(Job.created_at)).filter(status == QUEUED)
    try:
        async with sessionmaker() as session:
            row = (
                await session.execute(
                    select(queued, running, oldest).where(status.in_((QUEUED, RUNNING)))
                )
            ).one()
    except Exception as error:
        if outage_of(error) is None:
            raise
        log.warning("job queue not sampled: PostgreSQL cannot be reached")
        return
    waited = (datetime.now(UTC) - row[2]).total_seconds() if row[2] is not None else 0.0
    metrics.job_queue(int(row[0]), int(row[1]), max(0.0, waited))
