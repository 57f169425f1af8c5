"""A job handed to a worker wakes it; a wake lost costs a poll delay, never a job.

The workers here poll their queue every 30 seconds, so a job one of them starts within
a few seconds was started by its wake: the poll alone could not have. Each test has a
Redis of its own (restarted in one of them); PostgreSQL is the session's.
"""

import socket
import time
from typing import Any

import pytest

from casebook.db.models import Job
from casebook.jobs.resilient import ResilientWorker
from casebook.services.kernel import job_runs, jobs, pubsub
from tests.integration.outages.conftest import eventually
from tests.integration.outages.jobs_under_test import (
    KIND,
    RUNS,
    enqueue,
    gate,
    redis_of_its_own,
    row,
    status_is,
)

SLOW_POLL = 30.0
# Far below SLOW_POLL, far above what a wake takes even on a loaded machine.
PROMPTLY = 5.0


def _polled(worker: ResilientWorker, redis: Any) -> Any:
    """Past its first poll (arq records the worker's health there): a job queued from
    now on waits for a wake or the next poll."""

    async def polled() -> bool:
        return bool(await redis.exists(worker.health_check_key))

    return polled


def _ready(worker: ResilientWorker, redis: Any) -> Any:
    """Past its first poll and subscribed to its wakes."""
    polled = _polled(worker, redis)

    async def ready() -> bool:
        return worker.hears_wakes and await polled()

    return ready


def _hears_wakes(worker: ResilientWorker, hears: bool) -> Any:
    async def hears_wakes() -> bool:
        return worker.hears_wakes is hears

    return hears_wakes


async def _queued_without_a_wake(ctx: Any, **arq_options: Any) -> int:
    """A job recorded and put on arq's queue as ``hand_to_worker`` puts it, but no wake
    sent (as one lost is)."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        job = Job(
            organization_id=actor.organization_id,
            kind=KIND,
            status=jobs.QUEUED,
            payload={},
            created_by_user_id=actor.user_id,
        )
        session.add(job)
        await session.flush()
    assert job.id is not None
    queued = await ctx.redis.enqueue_job(
        "run_job", job.id, _job_id=jobs.arq_job_id(job.id), **arq_options
    )
    assert queued is not None
    return job.id


async def _woken_worker(
    own_services: Any, sessionmaker: Any, settings: Any, start_worker: Any
) -> tuple[ResilientWorker, Any, Any]:
    """A worker polling every 30 s on the test's own Redis, subscribed to its wakes and
    past its first poll; a client of that Redis; an owner to enqueue as."""
    faulted, redis, ctx = await redis_of_its_own(own_services, sessionmaker, settings)
    worker = await start_worker(faulted, poll_delay=SLOW_POLL)
    await eventually(_ready(worker, redis))
    return worker, redis, ctx


async def _finished(sessionmaker: Any, job_id: int, *, started_within: float = 10.0) -> None:
    """The job started within ``started_within`` seconds; let through, it succeeds."""
    await eventually(status_is(sessionmaker, job_id, jobs.RUNNING), within=started_within)
    gate(job_id).set()
    await eventually(status_is(sessionmaker, job_id, jobs.SUCCEEDED))


def _nothing_listens() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"redis://127.0.0.1:{sock.getsockname()[1]}/0"


async def test_a_handed_job_wakes_a_worker_that_polls_every_30_seconds(
    own_services, sessionmaker, settings, start_worker
) -> None:
    _, redis, ctx = await _woken_worker(own_services, sessionmaker, settings, start_worker)
    job_id = await enqueue(ctx)
    await _finished(sessionmaker, job_id, started_within=PROMPTLY)
    assert RUNS[job_id] == 1
    await redis.aclose()


async def test_with_wakes_off_the_same_worker_leaves_the_job_to_its_next_poll(
    own_services, sessionmaker, settings, start_worker
) -> None:
    faulted, redis, ctx = await redis_of_its_own(own_services, sessionmaker, settings)
    unwoken = faulted.model_copy(update={"worker_wake_on_handover": False})
    worker = await start_worker(unwoken, poll_delay=SLOW_POLL)
    await eventually(_polled(worker, redis))
    assert not worker.hears_wakes

    job_id = await enqueue(ctx)  # its wake goes out; no worker listens
    with pytest.raises(AssertionError):
        await eventually(status_is(sessionmaker, job_id, jobs.RUNNING), within=2)
    assert RUNS[job_id] == 0
    await redis.aclose()


async def test_a_job_whose_wake_was_lost_is_found_by_the_next_poll(
    own_services, sessionmaker, settings, start_worker
) -> None:
    faulted, redis, ctx = await redis_of_its_own(own_services, sessionmaker, settings)
    # Its wakes would come from a Redis that is not there: it never hears one.
    worker = await start_worker(faulted, poll_delay=0.2, wake_url=_nothing_listens())
    await eventually(_polled(worker, redis))

    handed = await enqueue(ctx)
    lost = await _queued_without_a_wake(ctx)
    for job_id in (handed, lost):
        await _finished(sessionmaker, job_id)
    assert not worker.hears_wakes
    assert (RUNS[handed], RUNS[lost]) == (1, 1)
    await redis.aclose()


async def test_after_a_redis_restart_the_subscription_comes_back_and_wakes_again(
    own_services, sessionmaker, settings, start_worker
) -> None:
    worker, redis, ctx = await _woken_worker(own_services, sessionmaker, settings, start_worker)
    own_services.stop_redis()
    await eventually(_hears_wakes(worker, False))
    during = await enqueue(ctx)  # recorded; neither queued nor woken for
    own_services.start_redis()  # empty: the test's Redis keeps nothing

    await eventually(_hears_wakes(worker, True), within=15)
    assert await job_runs.dispatch_waiting_jobs(sessionmaker, redis, older_than=0) == 1
    await _finished(sessionmaker, during, started_within=PROMPTLY)
    after = await enqueue(ctx)
    await _finished(sessionmaker, after, started_within=PROMPTLY)
    assert (RUNS[during], RUNS[after]) == (1, 1)
    assert not worker.waiting_for_redis
    await redis.aclose()


async def test_wakes_with_nothing_due_start_nothing_and_the_worker_carries_on(
    own_services, sessionmaker, settings, start_worker
) -> None:
    worker, redis, ctx = await _woken_worker(own_services, sessionmaker, settings, start_worker)
    # Held back for a minute, as arq holds a retry: a wake does not bring it forward.
    later = await _queued_without_a_wake(ctx, _defer_by=60)

    for _ in range(200):
        assert await pubsub.publish(redis, worker.wake_channel, b"nothing due") == 1
    # Heard after those (one connection delivers in order): this one has a job.
    job_id = await enqueue(ctx)
    await _finished(sessionmaker, job_id, started_within=PROMPTLY)
    assert dict(RUNS) == {job_id: 1}
    assert (await row(sessionmaker, later)).status == jobs.QUEUED
    due_ms = await redis.zscore(worker.queue_name, jobs.arq_job_id(later))
    assert due_ms > time.time() * 1000
    assert worker.jobs_failed == 0 and worker.hears_wakes
    await redis.aclose()


async def test_a_job_is_woken_for_once_when_queued_and_not_when_arq_holds_it(
    own_services, sessionmaker, settings
) -> None:
    _, redis, ctx = await redis_of_its_own(own_services, sessionmaker, settings)
    listening = redis.pubsub()
    wire = pubsub.on_the_wire(
        pubsub.database_of(redis), jobs.wake_channel(redis.default_queue_name)
    )
    await listening.subscribe(wire)
    job_id = await enqueue(ctx)
    assert await jobs.hand_to_worker(redis, job_id) is False  # arq holds it already

    heard = []
    until = time.monotonic() + 1
    while time.monotonic() < until:
        message = await listening.get_message(ignore_subscribe_messages=True, timeout=0.1)
        if message is not None:
            heard.append(message["data"])
    assert heard == [jobs.arq_job_id(job_id).encode()]
    await listening.aclose()
    await redis.aclose()
