"""Fault tests: PostgreSQL and Redis of their own, stopped and started on purpose.

The session's servers are never touched; each test here starts what it takes
down (an embedded server starts in well under a second).
"""

import asyncio
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from casebook.config import Settings
from casebook.devservices import EmbeddedServices
from casebook.jobs.resilient import ResilientWorker
from casebook.jobs.worker import create_worker
from tests.integration.outages.jobs_under_test import AT_THE_GATE, FAILED_WRITES, GATES, RUNS


@pytest.fixture
def own_services() -> Iterator[EmbeddedServices]:
    services = EmbeddedServices(Path(tempfile.mkdtemp(prefix="casebook-fault-")))
    try:
        yield services
    finally:
        services.remove()


async def eventually(check: Callable[[], Awaitable[Any]], *, within: float = 10.0) -> Any:
    """The first truthy value of ``check``, polled until ``within`` seconds pass."""
    deadline = time.monotonic() + within
    while True:
        found = await check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {within}s: {check.__name__}")
        await asyncio.sleep(0.05)


@pytest.fixture
async def start_worker() -> AsyncIterator[Callable[..., Awaitable[ResilientWorker]]]:
    """Run the real (non-burst) worker in the background until the test ends; keyword
    arguments are arq's (``poll_delay``) or the worker's (``wake_url``)."""
    running: list[tuple[ResilientWorker, asyncio.Task[None]]] = []

    async def start(settings: Settings, **overrides: Any) -> ResilientWorker:
        given = {"cron_jobs": None, "poll_delay": 0.05, "handle_signals": False, **overrides}
        worker = create_worker(settings, **given)
        running.append((worker, asyncio.create_task(worker.main())))
        return worker

    yield start
    for worker, task in running:
        assert not task.done() or task.cancelled(), f"the worker stopped: {task.exception()!r}"
        task.cancel()
        for job in worker.tasks.values():
            job.cancel()
        await asyncio.gather(task, *worker.tasks.values(), return_exceptions=True)
        if worker._pool is not None:
            await worker.pool.aclose()
        if "engine" in worker.ctx:
            await worker.ctx["engine"].dispose()


@pytest.fixture(autouse=True)
def fresh_probe_jobs() -> Iterator[None]:
    """Job ids restart with every test's empty tables: forget the last test's runs."""
    RUNS.clear()
    FAILED_WRITES.clear()
    GATES.clear()
    AT_THE_GATE.clear()
    yield
    for event in GATES.values():
        event.set()  # let a probe still waiting end with its worker
