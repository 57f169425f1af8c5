"""A worker told to stop (SIGTERM) takes no new job and gives the jobs it runs its drain
deadline (``WORKER_DRAIN_SECONDS``) to end: one that ends in time is finished, one that
does not is cancelled at the deadline and left for the next worker; a second signal
stops at once."""

import asyncio
import signal
from collections.abc import AsyncIterator
from typing import Any

import pytest

from casebook.config import Settings
from casebook.jobs.resilient import ResilientWorker
from casebook.jobs.worker import create_worker
from casebook.services.kernel import jobs
from tests.integration.outages.conftest import eventually
from tests.integration.outages.jobs_under_test import (
    AT_THE_GATE,
    enqueue,
    gate,
    redis_of_its_own,
    row,
)

DRAIN_SECONDS = 1.0


@pytest.fixture
async def world(own_services: Any, sessionmaker: Any, settings: Settings) -> AsyncIterator[Any]:
    faulted, redis, ctx = await redis_of_its_own(own_services, sessionmaker, settings)
    yield faulted, ctx
    await redis.aclose()


async def _running_worker(settings: Settings) -> tuple[ResilientWorker, asyncio.Task[None]]:
    worker = create_worker(
        settings,
        cron_jobs=None,
        poll_delay=0.05,
        handle_signals=False,
        drain_seconds=DRAIN_SECONDS,
    )
    task = asyncio.create_task(worker.main())
    worker.main_task = task  # as ``Worker.run`` sets it: what a stop cancels
    return worker, task


async def _stopped(worker: ResilientWorker, task: asyncio.Task[None]) -> None:
    for job in worker.tasks.values():
        job.cancel()
    task.cancel()
    await asyncio.gather(task, *worker.tasks.values(), return_exceptions=True)
    if worker._pool is not None:
        await worker.pool.aclose()
    await worker.ctx["engine"].dispose()


async def _at_the_gate(job_id: int) -> None:
    async def there() -> bool:
        return job_id in AT_THE_GATE

    await eventually(there)


async def test_a_job_that_ends_within_the_drain_deadline_finishes(
    world: Any, sessionmaker: Any
) -> None:
    faulted, ctx = world
    worker, task = await _running_worker(faulted)
    try:
        job_id = await enqueue(ctx)
        await _at_the_gate(job_id)
        worker.handle_sig(signal.SIGTERM)
        assert worker.stopping.is_set() and not worker.allow_pick_jobs
        later = await enqueue(ctx)  # queued after the stop: left for the next worker
        await asyncio.sleep(0.2)
        assert not task.done()  # draining, not stopped
        gate(job_id).set()
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), 5)
        assert (await row(sessionmaker, job_id)).status == jobs.SUCCEEDED
        assert (await row(sessionmaker, later)).status == jobs.QUEUED
    finally:
        await _stopped(worker, task)


async def test_a_job_still_running_at_the_drain_deadline_is_cancelled_and_let_go(
    world: Any, sessionmaker: Any
) -> None:
    faulted, ctx = world
    worker, task = await _running_worker(faulted)
    try:
        job_id = await enqueue(ctx)
        await _at_the_gate(job_id)
        worker.handle_sig(signal.SIGTERM)
        await asyncio.sleep(DRAIN_SECONDS / 2)
        assert not task.done()
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), DRAIN_SECONDS + 5)
        await asyncio.gather(*worker.tasks.values(), return_exceptions=True)
        # Let go, still running: the next worker claims it at once.
        held = await row(sessionmaker, job_id)
        assert (held.status, held.worker_id) == (jobs.RUNNING, None)
    finally:
        await _stopped(worker, task)


async def test_a_second_signal_stops_at_once(world: Any, sessionmaker: Any) -> None:
    faulted, ctx = world
    worker, task = await _running_worker(faulted)
    try:
        job_id = await enqueue(ctx)
        await _at_the_gate(job_id)
        worker.handle_sig(signal.SIGTERM)
        worker.handle_sig(signal.SIGTERM)
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), DRAIN_SECONDS / 2)
        assert task.done()
    finally:
        await _stopped(worker, task)
