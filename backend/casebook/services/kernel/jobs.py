"""Background jobs: recorded in PostgreSQL before they are enqueued on arq.

A job row is the truth: a status, a heartbeat while it runs, its result or
error. The arq job id is derived from the row id, so enqueueing twice runs it
once. Redis only carries the job to a worker: a job recorded while Redis is
down stays queued and is handed over when Redis is back
(``job_runs.dispatch_waiting_jobs``). A job handed over wakes the queue's workers
(channel ``wake:<queue>``), so one takes it at once rather than at its next poll of
the queue; a lost wake costs only that wait. Progress goes out on Redis pub/sub
(channel ``job:<id>``) for subscriptions, as a courtesy: a lost message never
stops a job. Running a job, its heartbeat and the reaper live in ``job_runs``.
"""

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
import structlog
from sqlalchemy import update

from casebook.config import Settings
from casebook.db.engine import SessionMaker, reading_session
from casebook.db.models import Job
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, holds
from casebook.observability import tracing
from casebook.services.kernel import pubsub
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import NotFound
from casebook.services.kernel.outages import REDIS_OUTAGE, outage_of

log = structlog.get_logger("casebook.jobs")

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


def wake_channel(queue_name: str) -> str:
    """Where the workers of arq's queue ``queue_name`` hear that a job was put on it."""
    return f"wake:{queue_name}"


async def publish(redis: Any, job: Job) -> None:
    """Tell subscribers the job's state; with Redis down they read it from the row later."""
    await pubsub.publish_unless_down(
        redis, channel(job.id or 0), orjson.dumps(job_state(job)), what="job progress"
    )


async def hand_to_worker(redis: Any, job_id: int) -> bool:
    """Queue the job on arq and wake its workers; ``True`` when it was queued anew.
    ``False`` when arq holds it already (arq keeps one job per id, so handing it twice
    runs it once) or when Redis is down: the row then waits and is handed over later."""
    try:
        queued = await redis.enqueue_job("run_job", job_id, _job_id=arq_job_id(job_id))
    except Exception as error:
        if outage_of(error) is None:
            raise
        REDIS_OUTAGE.lost("queueing a job", error)
        log.debug("job recorded but not yet queued: Redis cannot be reached", job_id=job_id)
        return False
    if queued is None:
        return False
    # After the job is on the queue, so a worker the wake reaches finds it there.
    await pubsub.publish_unless_down(
        redis,
        wake_channel(redis.default_queue_name),
        arq_job_id(job_id).encode(),
        what="worker wake",
        job_id=job_id,
    )
    return True


def job_state(job: Job) -> dict[str, Any]:
    return {
        "id": job.id,
        "kind": job.kind,
        "status": job.status,
        "result": job.result,
        "error": job.error,
        "attempts": job.attempts,
    }


def queued_job(
    organization_id: int, kind: str, payload: dict[str, Any], created_by_user_id: int | None
) -> Job:
    """A job's row as it is recorded before it is handed to a worker, carrying the trace it
    was asked for in."""
    return Job(
        organization_id=organization_id,
        kind=kind,
        status=QUEUED,
        payload=payload,
        created_by_user_id=created_by_user_id,
        trace_context=tracing.carrier(),
    )


async def enqueue(ctx: ServiceContext, actor: Actor, kind: str, payload: dict[str, Any]) -> Job:
    if kind not in _HANDLERS:
        raise ValueError(f"no handler for job kind {kind!r}")
    with tracing.span(f"enqueue {kind}", kind="producer", **{"casebook.job.kind": kind}) as span:
        async with ctx.transaction() as session:
            job = queued_job(actor.organization_id, kind, payload, actor.user_id)
            session.add(job)
            await session.flush()
        assert job.id is not None
        if span is not None:
            span.set_attribute("casebook.job.id", job.id)
        await hand_to_worker(ctx.redis, job.id)
    return job


async def get_job(ctx: ServiceContext, job_id: int) -> Job:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        job = await session.get(Job, job_id)
    return visible_job(job, actor)


async def read_job_row(sessionmaker: SessionMaker, job_id: int) -> Job | None:
    """The row as it is, for no one in particular: what ``visible_job`` then decides on
    for each reader (a job's progress read once per event for all its viewers)."""
    async with reading_session(sessionmaker) as session:
        return await session.get(Job, job_id)


def visible_job(job: Job | None, actor: Actor) -> Job:
    """``job`` when ``actor`` may see it: the creator's, or anyone's in the organization
    for organization:manage; NotFound otherwise, as for a job that does not exist."""
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


class WorkerStopping(Exception):
    """Raised by a handler that has wound down because its worker is stopping: what it
    started is finished and stored, the rest is left for the job's next run, on the next
    worker (the job is not failed)."""

    def __init__(self) -> None:
        super().__init__("the worker is stopping; the job runs again on the next worker")


class JobRun:
    """What a handler gets: its job, the database, Redis, a progress reporter, and an
    event set when its worker begins to stop (SIGTERM): a long handler that can wind
    down - finish what it started, start nothing new - does, and raises
    ``WorkerStopping``; one that does not watch it is cancelled at the worker's drain
    deadline."""

    def __init__(
        self,
        job: Job,
        sessionmaker: SessionMaker,
        redis: Any,
        settings: Settings | None = None,
        stopping: asyncio.Event | None = None,
    ) -> None:
        self.job = job
        self.sessionmaker = sessionmaker
        self.redis = redis
        # The worker's settings (None: a handler reads the environment's).
        self.settings = settings
        self.stopping = stopping if stopping is not None else asyncio.Event()

    async def progress(self, result: dict[str, Any]) -> None:
        async with self.sessionmaker() as session, session.begin():
            await session.execute(update(Job).where(Job.id == self.job.id).values(result=result))
        self.job.result = result
        await publish(self.redis, self.job)


def handler_for(kind: str) -> JobHandler:
    return _HANDLERS[kind]


@job_handler("ping")
async def ping(run: JobRun) -> dict[str, Any]:
    """The smallest real job: proves API → Redis → worker → PostgreSQL end to end."""
    return {"pong": str(run.job.payload.get("message", "")), "worker": run.job.worker_id}
