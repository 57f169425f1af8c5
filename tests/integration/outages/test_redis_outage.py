"""Redis stopped and started again: the worker waits it out, no job is lost or run twice.

The Redis here is the test's own (empty after each start, as the embedded one
keeps nothing on disk); PostgreSQL is the session's.
"""

from typing import Any

from casebook.jobs.resilient import ResilientWorker
from casebook.services.kernel import job_runs, jobs, redis_connection
from tests.integration.outages.conftest import eventually
from tests.integration.outages.jobs_under_test import (
    RUNS,
    enqueue,
    gate,
    owner_context,
    redis_of_its_own,
    row,
    status_is,
)


def _saw_outage(worker: ResilientWorker) -> Any:
    async def saw_outage() -> bool:
        return worker.waiting_for_redis

    return saw_outage


async def test_a_job_running_while_redis_restarts_finishes_once_and_the_worker_resumes(
    own_services, sessionmaker, settings, start_worker
) -> None:
    faulted, redis, ctx = await redis_of_its_own(own_services, sessionmaker, settings)
    worker = await start_worker(faulted)

    first = await enqueue(ctx)
    await eventually(status_is(sessionmaker, first, jobs.RUNNING))
    own_services.stop_redis()
    await eventually(_saw_outage(worker))

    gate(first).set()  # the job ends while Redis is down: its progress goes unpublished
    await eventually(status_is(sessionmaker, first, jobs.SUCCEEDED))

    own_services.start_redis()
    second = await enqueue(ctx)  # the worker polls the new Redis and takes it
    gate(second).set()
    await eventually(status_is(sessionmaker, second, jobs.SUCCEEDED))

    assert (RUNS[first], RUNS[second]) == (1, 1)
    done = await row(sessionmaker, first)
    assert done.attempts == 1
    assert done.result == {"done": True}
    await redis.aclose()


async def test_a_job_recorded_while_redis_is_down_is_handed_over_once_redis_is_back(
    own_services, sessionmaker, settings, start_worker
) -> None:
    faulted, redis, ctx = await redis_of_its_own(own_services, sessionmaker, settings)
    own_services.stop_redis()

    job_id = await enqueue(ctx)  # accepted: the row is the record
    assert (await row(sessionmaker, job_id)).status == jobs.QUEUED

    own_services.start_redis()
    await start_worker(faulted)
    assert await job_runs.dispatch_waiting_jobs(sessionmaker, redis, older_than=0) == 1
    assert await job_runs.dispatch_waiting_jobs(sessionmaker, redis, older_than=0) == 0
    gate(job_id).set()
    await eventually(status_is(sessionmaker, job_id, jobs.SUCCEEDED))
    assert RUNS[job_id] == 1
    await redis.aclose()


async def test_a_queued_job_a_redis_restart_lost_is_dispatched_again_and_runs_once(
    own_services, sessionmaker, settings, start_worker
) -> None:
    faulted, redis, ctx = await redis_of_its_own(own_services, sessionmaker, settings)
    job_id = await enqueue(ctx)
    own_services.stop_redis()
    own_services.start_redis()  # empty: the queued job is gone from arq

    worker = await start_worker(faulted)
    assert await job_runs.dispatch_waiting_jobs(sessionmaker, redis, older_than=0) == 1
    gate(job_id).set()
    await eventually(status_is(sessionmaker, job_id, jobs.SUCCEEDED))
    assert RUNS[job_id] == 1
    assert not worker.tasks or all(
        not t.done() or t.exception() is None for t in worker.tasks.values()
    )
    await redis.aclose()


async def test_the_worker_starts_while_redis_is_down_and_connects_when_it_comes_up(
    own_services, sessionmaker, settings, start_worker
) -> None:
    url = own_services.start_redis()
    own_services.stop_redis()
    faulted = settings.model_copy(update={"redis_url": url})
    worker = await start_worker(faulted)
    await eventually(_saw_outage(worker))

    own_services.start_redis()
    redis = await redis_connection.connect(url)
    ctx = await owner_context(sessionmaker, redis, faulted)
    job_id = await enqueue(ctx)
    gate(job_id).set()
    await eventually(status_is(sessionmaker, job_id, jobs.SUCCEEDED))
    assert RUNS[job_id] == 1
    await redis.aclose()
