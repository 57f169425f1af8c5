"""Background jobs: recorded in PostgreSQL before they are enqueued on arq.

A job row is the truth: a status, a heartbeat while it runs, its result or
error. The arq job id is derived from the row id, so enqueueing twice runs it
once. A worker that dies stops the heartbeat; ``reap_stale_jobs`` marks such
jobs failed so nothing waits on them for ever. Progress goes out on Redis
pub/sub (channel ``job:<id>``) for subscriptions.
"""

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
from sqlalchemy import select, update
from sqlmodel import col

from casebook.db.engine import SessionMaker
from casebook.db.models import Job
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, holds
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import NotFound

QUEUED, RUNNING, SUCCEEDED, FAILED = "queued", "running", "succeeded", "failed"
DIED_MESSAGE = "the worker running this job stopped responding"

JobHandler = Callable[["JobRun"], Awaitable[dict[str, Any]]]
_HANDLERS: dict[str, JobHandler] = {}


def job_handler(kind: str) -> Callable[[JobHandler], JobHandler]:
    def register(fn: JobHandler) -> JobHandler:
        _HANDLERS[kind] = fn
        return fn

    return register


def channel(job_id: int) -> str:
    return f"job:{job_id}"


def arq_job_id(job_id: int) -> str:
    return f"casebook-job:{job_id}"


async def publish(redis: Any, job: Job) -> None:
    await redis.publish(channel(job.id or 0), orjson.dumps(job_state(job)))


def job_state(job: Job) -> dict[str, Any]:
    return {
        "id": job.id,
        "kind": job.kind,
        "status": job.status,
        "result": job.result,
        "error": job.error,
        "attempts": job.attempts,
    }


async def enqueue(ctx: ServiceContext, actor: Actor, kind: str, payload: dict[str, Any]) -> Job:
    if kind not in _HANDLERS:
        raise ValueError(f"no handler for job kind {kind!r}")
    async with ctx.transaction() as session:
        job = Job(
            organization_id=actor.organization_id,
            kind=kind,
            status=QUEUED,
            payload=payload,
            created_by_user_id=actor.user_id,
        )
        session.add(job)
        await session.flush()
    assert job.id is not None
    await ctx.redis.enqueue_job("run_job", job.id, _job_id=arq_job_id(job.id))
    return job


async def get_job(ctx: ServiceContext, job_id: int) -> Job:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        job = await session.get(Job, job_id)
    visible = (
        job is not None
        and job.organization_id == actor.organization_id
        and (
            job.created_by_user_id == actor.user_id or holds(actor, Permission.ORGANIZATION_MANAGE)
        )
    )
    if not visible or job is None:
        raise NotFound("job")
    return job


class JobRun:
    """What a handler gets: its job, the database, Redis, and a progress reporter."""

    def __init__(self, job: Job, sessionmaker: SessionMaker, redis: Any) -> None:
        self.job = job
        self.sessionmaker = sessionmaker
        self.redis = redis

    async def progress(self, result: dict[str, Any]) -> None:
        async with self.sessionmaker() as session, session.begin():
            await session.execute(update(Job).where(Job.id == self.job.id).values(result=result))
        self.job.result = result
        await publish(self.redis, self.job)


async def _heartbeat(sessionmaker: SessionMaker, job_id: int, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        async with sessionmaker() as session, session.begin():
            await session.execute(
                update(Job).where(Job.id == job_id).values(heartbeat_at=datetime.now(UTC))
            )


async def execute(
    sessionmaker: SessionMaker, redis: Any, job_id: int, *, worker_id: str, heartbeat_every: float
) -> None:
    """Run one job to its end. A job already finished is left as it is (idempotent)."""
    async with sessionmaker() as session, session.begin():
        job = await session.get(Job, job_id, with_for_update=True)
        if job is None or job.status in (SUCCEEDED, FAILED):
            return
        now = datetime.now(UTC)
        job.status, job.started_at, job.heartbeat_at = RUNNING, now, now
        job.worker_id, job.attempts = worker_id, job.attempts + 1
    await publish(redis, job)
    result: dict[str, Any] | None
    beat = asyncio.create_task(_heartbeat(sessionmaker, job_id, heartbeat_every))
    try:
        result = await _HANDLERS[job.kind](JobRun(job, sessionmaker, redis))
        status, error = SUCCEEDED, None
    except asyncio.CancelledError:
        # A worker shutting down: arq re-queues the job; leave the row running so
        # the next attempt picks it up.
        raise
    except Exception as exc:  # a job's failure is recorded, never lost
        result, status, error = job.result, FAILED, _safe_error(exc)
    finally:
        beat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beat
    async with sessionmaker() as session, session.begin():
        job = await session.get(Job, job_id, with_for_update=True)
        assert job is not None
        job.status, job.result, job.error = status, result, error
        job.finished_at = datetime.now(UTC)
    await publish(redis, job)


def _safe_error(exc: Exception) -> str:
    from casebook.services.kernel.errors import ServiceError

    if isinstance(exc, ServiceError):
        return exc.message
    return f"the job failed ({type(exc).__name__})"


async def reap_stale_jobs(
    sessionmaker: SessionMaker, redis: Any, *, stale_after: float
) -> list[int]:
    """Fail running jobs whose heartbeat stopped: their worker died."""
    cutoff = datetime.now(UTC) - timedelta(seconds=stale_after)
    async with sessionmaker() as session, session.begin():
        jobs = (
            (
                await session.execute(
                    select(Job)
                    .where(Job.status == RUNNING, col(Job.heartbeat_at) < cutoff)
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


@job_handler("ping")
async def ping(run: JobRun) -> dict[str, Any]:
    """The smallest real job: proves API → Redis → worker → PostgreSQL end to end."""
    return {"pong": str(run.job.payload.get("message", "")), "worker": run.job.worker_id}
