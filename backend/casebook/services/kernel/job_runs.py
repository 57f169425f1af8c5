"""Running a recorded job to its end, through outages, exactly once; and the reaper.

- A worker *claims* a job under its row lock: a finished job is left as it is,
  and one another live worker holds (fresh heartbeat) is not started again.
- While the handler runs, a heartbeat refreshes the row. A heartbeat that
  fails (PostgreSQL restarting) keeps trying every second, so it resumes as
  soon as the database is back.
- A handler that meets an outage is run again once the system is back; its
  result is written when the database takes it — a result is never dropped
  because a write failed once.
- A worker stopped mid-job lets go of the row, so the next worker claims it at
  once: a handler that wound down on the worker's ``stopping`` raises
  ``WorkerStopping`` (the caller queues the job again), one still running at the
  drain deadline is cancelled (arq queues it again).
- The reaper fails running jobs whose heartbeat stopped (their worker died),
  but never within ``stale_after`` of a PostgreSQL restart, when no worker
  could have beaten; and hands queued jobs to arq again, for those Redis lost.
"""

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import structlog
from sqlalchemy import func, select, update
from sqlmodel import col

from casebook.config import Settings
from casebook.db.engine import SessionMaker
from casebook.db.models import Job
from casebook.observability import tracing
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.jobs import (
    DIED_MESSAGE,
    FAILED,
    QUEUED,
    RUNNING,
    SUCCEEDED,
    JobRun,
    WorkerStopping,
    hand_to_worker,
    handler_for,
    publish,
)
from casebook.services.kernel.outages import Backoff, outage_of, until_reachable

log = structlog.get_logger("casebook.jobs")

SKIPPED = "skipped"  # already finished: a second delivery of the same job
HEARTBEAT_RETRY_SECONDS = 1.0
RELEASE_TIMEOUT_SECONDS = 3.0
DISPATCH_BATCH = 500


class RunningElsewhere(Exception):
    """Another worker holds the job and its heartbeat is fresh; try again later."""

    def __init__(self, job_id: int, retry_after: float) -> None:
        super().__init__(f"job {job_id} is running on another worker")
        self.retry_after = retry_after


@dataclass(frozen=True)
class JobOutcome:
    kind: str
    status: str  # succeeded, failed or skipped
    seconds: float


def _warn_outage(job_id: int, step: str) -> Callable[[str, int], None]:
    def warn(system: str, attempt: int) -> None:
        log.warning(
            "job waits for a system to come back",
            job_id=job_id,
            step=step,
            system=system,
            attempt=attempt,
        )

    return warn


async def _claim(
    sessionmaker: SessionMaker, job_id: int, worker_id: str, stale_after: float
) -> Job | None:
    async with sessionmaker() as session, session.begin():
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None or job.status in (SUCCEEDED, FAILED):
            return None
        now = datetime.now(UTC)
        held_elsewhere = (
            job.status == RUNNING
            and job.worker_id not in (None, worker_id)
            and job.heartbeat_at is not None
            and now - job.heartbeat_at < timedelta(seconds=stale_after)
        )
        if held_elsewhere:
            raise RunningElsewhere(job_id, stale_after)
        job.status, job.started_at, job.heartbeat_at = RUNNING, now, now
        job.worker_id, job.attempts = worker_id, job.attempts + 1
        return job


async def _beat(sessionmaker: SessionMaker, job_id: int) -> None:
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Job).where(Job.id == job_id).values(heartbeat_at=datetime.now(UTC))
        )


async def _heartbeat(sessionmaker: SessionMaker, job_id: int, every: float) -> None:
    delay = every
    while True:
        await asyncio.sleep(delay)
        try:
            await _beat(sessionmaker, job_id)
            delay = every
        except Exception as error:  # the beat must outlive any one failure
            log.warning("job heartbeat failed", job_id=job_id, error=type(error).__name__)
            delay = min(every, HEARTBEAT_RETRY_SECONDS)


async def _count_attempt(sessionmaker: SessionMaker, job: Job) -> None:
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Job)
            .where(Job.id == job.id)
            .values(attempts=Job.attempts + 1, heartbeat_at=datetime.now(UTC))
        )
    job.attempts += 1


async def _run_handler(
    job: Job,
    sessionmaker: SessionMaker,
    redis: Any,
    settings: Settings | None = None,
    stopping: asyncio.Event | None = None,
) -> tuple[dict[str, Any] | None, str, str | None]:
    """The handler's result, status and error; an outage runs it again once it is over.
    ``WorkerStopping`` propagates: the job is not over."""
    handler = handler_for(job.kind)
    backoff = Backoff(first=0.5, cap=10.0)
    while True:
        try:
            ran = JobRun(job, sessionmaker, redis, settings, stopping)
            return await handler(ran), SUCCEEDED, None
        except WorkerStopping:
            raise
        except Exception as error:  # a job's failure is recorded, never lost
            system = outage_of(error)
            if system is None:
                return job.result, FAILED, _safe_error(error)
            log.warning(
                "job met an outage; it runs again once the system is back",
                job_id=job.id,
                system=system,
            )
            await backoff.wait()
            assert job.id is not None
            await until_reachable(
                lambda: _count_attempt(sessionmaker, job),
                on_outage=_warn_outage(job.id, "retry"),
            )


async def _finish(
    sessionmaker: SessionMaker,
    job_id: int,
    status: str,
    result: dict[str, Any] | None,
    error: str | None,
) -> Job:
    async with sessionmaker() as session, session.begin():
        job = await session.get(Job, job_id, with_for_update=True)
        assert job is not None
        job.status, job.result, job.error = status, result, error
        job.finished_at = datetime.now(UTC)
        return job


async def _let_go(sessionmaker: SessionMaker, job_id: int, worker_id: str) -> None:
    """On a stop mid-job: leave the row running but held by nobody, so the next
    worker claims it at once (and the reaper still fails it if none ever does)."""
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Job)
            .where(Job.id == job_id, Job.status == RUNNING, Job.worker_id == worker_id)
            .values(worker_id=None, heartbeat_at=datetime.now(UTC))
        )


async def execute(
    sessionmaker: SessionMaker,
    redis: Any,
    job_id: int,
    *,
    worker_id: str,
    heartbeat_every: float,
    stale_after: float,
    settings: Settings | None = None,
    stopping: asyncio.Event | None = None,
) -> JobOutcome:
    """Run one job to its end. A job already finished is left as it is (idempotent).

    Outages while claiming propagate (the caller queues the job again);
    ``RunningElsewhere`` says another worker holds it. ``stopping``: set when the worker
    begins to stop; a handler that wound down on it raises ``WorkerStopping``, which
    propagates once the row is let go (the caller queues the job again)."""
    started = time.perf_counter()
    job = await _claim(sessionmaker, job_id, worker_id, stale_after)
    if job is None:
        return JobOutcome("", SKIPPED, 0.0)
    await publish(redis, job)
    beat = asyncio.create_task(_heartbeat(sessionmaker, job_id, heartbeat_every))
    attributes = {"casebook.job.id": job_id, "casebook.job.kind": job.kind}
    try:
        with tracing.continued_span(f"job {job.kind}", job.trace_context, **attributes) as span:
            result, status, error = await _run_handler(job, sessionmaker, redis, settings, stopping)
            job = await until_reachable(
                lambda: _finish(sessionmaker, job_id, status, result, error),
                on_outage=_warn_outage(job_id, "finish"),
            )
            if span is not None:
                span.set_attribute("casebook.job.status", status)
                span.set_attribute("casebook.job.attempts", job.attempts)
    except (asyncio.CancelledError, WorkerStopping):
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                asyncio.shield(_let_go(sessionmaker, job_id, worker_id)), RELEASE_TIMEOUT_SECONDS
            )
        raise
    finally:
        beat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beat
    await publish(redis, job)
    return JobOutcome(job.kind, status, time.perf_counter() - started)


def _safe_error(exc: Exception) -> str:
    if isinstance(exc, ServiceError):
        return exc.message
    return f"the job failed ({type(exc).__name__})"


async def reap_stale_jobs(
    sessionmaker: SessionMaker, redis: Any, *, stale_after: float
) -> list[int]:
    """Fail running jobs whose heartbeat stopped: their worker died.

    A heartbeat cannot be written while PostgreSQL is down, so within
    ``stale_after`` of the server's start nothing counts as stale."""
    cutoff = datetime.now(UTC) - timedelta(seconds=stale_after)
    async with sessionmaker() as session, session.begin():
        jobs = (
            (
                await session.execute(
                    select(Job)
                    .where(
                        Job.status == RUNNING,
                        col(Job.heartbeat_at) < cutoff,
                        func.pg_postmaster_start_time() < cutoff,
                    )
                    .with_for_update(skip_locked=True)
                )
            )
            .scalars()
            .all()
        )
        for job in jobs:
            job.status, job.error, job.finished_at = FAILED, DIED_MESSAGE, datetime.now(UTC)
    for job in jobs:
        await publish(redis, job)
    return [job.id for job in jobs if job.id is not None]


async def dispatch_waiting_jobs(
    sessionmaker: SessionMaker, redis: Any, *, older_than: float
) -> int:
    """Hand queued jobs to arq again: those recorded while Redis was down, and those a
    Redis restart lost. arq keeps one job per id, so a job still queued is not doubled.
    Returns how many were queued anew."""
    cutoff = datetime.now(UTC) - timedelta(seconds=older_than)
    async with sessionmaker() as session:
        waiting = (
            await session.execute(
                select(col(Job.id))
                .where(Job.status == QUEUED, col(Job.created_at) < cutoff)
                .order_by(col(Job.id))
                .limit(DISPATCH_BATCH)
            )
        ).scalars()
        job_ids = [job_id for job_id in waiting if job_id is not None]
    return sum([await hand_to_worker(redis, job_id) for job_id in job_ids])
