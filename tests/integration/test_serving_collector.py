"""The garbage collector of a process that exists to serve the API or run jobs is tuned
once it has started (``casebook serve``, ``casebook worker``); an app served or a worker
run inside another process leaves that process's collector as it was."""

import asyncio
import gc
import json
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest

from casebook.config import Settings
from casebook.services.kernel.collector import (
    SERVING_MIDDLE_THRESHOLD,
    SERVING_OLD_THRESHOLD,
    SERVING_YOUNG_THRESHOLD,
)
from tests.support.live_server import live_server
from tests.support.services import flush_redis

pytestmark = pytest.mark.waits_on_processes

_TUNED_IN_A_FRESH_PROCESS = """
import gc, json
import casebook.app
from casebook.services.kernel.collector import tune_for_serving
before = gc.get_freeze_count()
tune_for_serving()
print(json.dumps({"before": before, "frozen": gc.get_freeze_count(), "threshold": gc.get_threshold()}))
"""


def _tuned_in_a_fresh_process(script: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """What ``script`` (run in a new interpreter) printed last, as JSON, after checking
    that the process's collector was tuned for serving."""
    finished = subprocess.run(
        [sys.executable, "-c", script],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    found: dict[str, Any] = json.loads(finished.stdout.splitlines()[-1])
    # The app's modules, schema and table metadata: far more than a bare interpreter holds.
    assert found["frozen"] > 50_000
    assert tuple(found["threshold"]) == (
        SERVING_YOUNG_THRESHOLD,
        SERVING_MIDDLE_THRESHOLD,
        SERVING_OLD_THRESHOLD,
    )
    return found


def test_a_serving_process_freezes_what_it_started_with_and_collects_the_young_less_often() -> None:
    found = _tuned_in_a_fresh_process(_TUNED_IN_A_FRESH_PROCESS)
    assert found["before"] == 0
    assert SERVING_YOUNG_THRESHOLD > 700  # CPython's default, which it replaces


def test_an_app_served_inside_another_process_leaves_its_collector_alone(
    settings: Settings, sessionmaker: Any
) -> None:
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    with live_server(settings) as host:
        assert httpx.get(f"http://{host}/readyz", timeout=10).status_code == 200
    assert gc.get_threshold() == threshold
    assert gc.get_freeze_count() <= frozen  # freezing adds; a frozen object freed meanwhile leaves


_WORKER_IN_A_FRESH_PROCESS = """
import asyncio, gc, json
from casebook.config import get_settings
from casebook.jobs.worker import create_worker
worker = create_worker(
    get_settings(), serving=True, cron_jobs=None, burst=True, poll_delay=0.05,
    handle_signals=False,
)
asyncio.run(worker.main())
print(json.dumps({"frozen": gc.get_freeze_count(), "threshold": gc.get_threshold()}))
"""


def test_a_worker_process_tunes_its_collector_once_started(
    settings: Settings, sessionmaker: Any
) -> None:
    # A burst worker runs until its queue is empty: it starts from an empty one, not from
    # what earlier tests of this process left in Redis. Once, run after the tests that
    # start and kill workers, it had not ended after 120 s.
    asyncio.run(flush_redis(settings.redis_url))
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "REDIS_URL": settings.redis_url,
        "WORKER_METRICS_PORT": "0",
        "LOG_LEVEL": "WARNING",
    }
    _tuned_in_a_fresh_process(_WORKER_IN_A_FRESH_PROCESS, env)


async def test_a_worker_run_inside_another_process_leaves_its_collector_alone(
    run_worker: Callable[[], Awaitable[None]],
) -> None:
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    await run_worker()
    assert gc.get_threshold() == threshold
    assert gc.get_freeze_count() <= frozen  # freezing adds; a frozen object freed meanwhile leaves
