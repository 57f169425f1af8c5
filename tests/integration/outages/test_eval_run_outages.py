"""Eval runs across outages, on this module's own PostgreSQL and Redis (the fixtures the
app, the organization and the worker are built on are pointed at them), so the tests can
stop them.

- PostgreSQL restarted: the answers that arrive while it is away are held by the worker
  and stored when it is back - no question is asked twice. The agent answers the first
  questions at once and holds the next requests open; the test stops PostgreSQL while
  they are in flight, then lets the agent answer them, then starts PostgreSQL again.
  Each item's lease is shorter than the outage: it runs out while its answer is held,
  and the worker still stores that answer rather than ask its question again.
- Redis restarted under a running eval run: the worker process says so once when Redis
  goes and once when it is back, however much it does meanwhile, and the run finishes.
"""

import asyncio
import json
import os
import sys
import tempfile
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from casebook.app import create_api_engine
from casebook.config import Settings
from casebook.db.engine import create_engine
from casebook.db.migrate import upgrade
from casebook.db.models import EvalRun
from casebook.devservices import EmbeddedServices
from casebook.jobs.resilient import ResilientWorker
from casebook.jobs.worker import create_worker_engine
from tests.integration.evals.helpers import (
    agent_at,
    answering_agent,
    dataset_with_cases,
    run_input,
    start,
    until,
)
from tests.integration.evals.test_worker_killed import GatedAgent
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp

pytestmark = pytest.mark.waits_on_processes

CASES = 12
BUSY_CASES = 100
REDIS_OUTAGE_SECONDS = 4.0
BACK = "Redis is reachable again"
ANSWERED_AT_ONCE = 3
CONCURRENCY = 4
LEASE_SECONDS = 1.0
OUTAGE_SECONDS = 3.0  # longer than a lease
SECRET_KEY = "a-test-secret-key-of-at-least-32-characters"
BACKEND = Path(__file__).resolve().parents[3] / "backend"


@pytest.fixture(scope="module")
def own_servers() -> Iterator[EmbeddedServices]:
    services = EmbeddedServices(Path(tempfile.mkdtemp(prefix="casebook-fault-")))
    services.start()
    yield services
    services.remove()


@pytest.fixture(scope="module")
def settings(own_servers: EmbeddedServices) -> Settings:
    """The session's settings, on this module's own PostgreSQL and Redis."""
    return Settings(
        database_url=own_servers.start_postgres(),
        redis_url=own_servers.start_redis(),
        console_origins=["http://console.test"],
        log_json=False,
        worker_metrics_port=0,
        eval_lease_seconds=LEASE_SECONDS,
        secret_key=SECRET_KEY,  # a worker process of its own decrypts the agent's secret
    )


@pytest.fixture(scope="module")
async def engine(settings: Settings) -> AsyncIterator[Any]:
    engine = create_engine(settings.database_url, pool_size=2)
    await upgrade(engine)
    yield engine
    await engine.dispose()


@pytest.fixture(scope="module")
async def api_engine(settings: Settings) -> AsyncIterator[Any]:
    engine = create_api_engine(settings)
    yield engine
    await engine.dispose()


@pytest.fixture(scope="module")
async def worker_engine(settings: Settings) -> AsyncIterator[Any]:
    engine = create_worker_engine(settings)
    yield engine
    await engine.dispose()


@pytest.fixture
def endpoint() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as running:
        yield running


async def _run_row(sessionmaker: Any) -> EvalRun | None:
    async with sessionmaker() as session:
        return (await session.execute(select(EvalRun))).scalar_one_or_none()


async def test_answers_that_arrive_while_postgres_is_away_are_stored_when_it_is_back(
    own_servers: EmbeddedServices,
    settings: Settings,
    sessionmaker: Any,
    owner: Api,
    endpoint: LoopbackHttp,
    start_worker: Callable[..., Awaitable[ResilientWorker]],
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, CASES)
    agent = GatedAgent(ANSWERED_AT_ONCE)
    endpoint.answer_with(agent)
    agent_id = await agent_at(owner, endpoint)
    await start(owner, run_input(dataset_id, [agent_id], concurrency=CONCURRENCY))
    await start_worker(settings)

    async def answers_stored_and_requests_held() -> bool:
        row = await _run_row(sessionmaker)
        held = sum(agent.held.values())
        return row is not None and row.answered == ANSWERED_AT_ONCE and held == CONCURRENCY

    await until(answers_stored_and_requests_held, within=60)
    own_servers.stop_postgres()
    try:
        agent.open()  # the calls in flight are answered while PostgreSQL is away
        await asyncio.sleep(OUTAGE_SECONDS)  # the items' leases run out meanwhile
    finally:
        own_servers.start_postgres()

    async def finished() -> EvalRun | None:
        row = await _run_row(sessionmaker)
        return row if row is not None and row.status == "finished" else None

    row = await until(finished, within=90)
    assert (row.answered, row.scored, row.passed) == (CASES, CASES, CASES)
    # Each question asked once: what came back during the outage was kept, not asked again.
    assert Counter(r.json["question"] for r in endpoint.received) == {
        f"question {i}": 1 for i in range(CASES)
    }


async def _worker_process(settings: Settings, log: Path) -> asyncio.subprocess.Process:
    """``casebook worker`` on the module's servers, its log (JSON lines) written to ``log``."""
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "REDIS_URL": settings.redis_url,
        "SECRET_KEY": SECRET_KEY,
        "LOG_LEVEL": "INFO",
        "LOG_JSON": "true",
        "WORKER_METRICS_PORT": "0",
        "EVAL_LEASE_SECONDS": "5",
        "PYTHONPATH": str(BACKEND),
    }
    with log.open("wb") as written:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "casebook.cli",
            "worker",
            env=env,
            cwd=str(BACKEND.parent),
            stdout=written,
            stderr=written,
        )


def _log_lines(log: Path, since: int) -> list[dict[str, Any]]:
    lines = log.read_bytes()[since:].decode().splitlines()
    return [json.loads(line) for line in lines if line.startswith("{")]


async def test_a_worker_says_once_that_redis_went_and_once_that_it_came_back(
    own_servers: EmbeddedServices,
    settings: Settings,
    sessionmaker: Any,
    owner: Api,
    endpoint: LoopbackHttp,
    tmp_path: Path,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, BUSY_CASES)
    endpoint.answer_with(answering_agent(delay_s=0.2))  # 5 s of answers at concurrency 4
    agent_id = await agent_at(owner, endpoint)
    log = tmp_path / "worker.log"
    worker = await _worker_process(settings, log)
    try:
        await start(owner, run_input(dataset_id, [agent_id], concurrency=CONCURRENCY))

        async def answering() -> bool:
            row = await _run_row(sessionmaker)
            return row is not None and row.answered >= CONCURRENCY

        await until(answering, within=60)
        before = log.stat().st_size
        own_servers.stop_redis()
        try:
            await asyncio.sleep(REDIS_OUTAGE_SECONDS)  # answers go on being stored meanwhile
        finally:
            own_servers.start_redis()

        async def finished() -> EvalRun | None:
            row = await _run_row(sessionmaker)
            return row if row is not None and row.status == "finished" else None

        row = await until(finished, within=120)

        async def said_it_is_back() -> bool:
            return any(line["event"] == BACK for line in _log_lines(log, before))

        await until(said_it_is_back, within=30)  # the worker's next try, after its backoff
        await asyncio.sleep(1.0)  # anything else it has to say
    finally:
        worker.terminate()
        await worker.wait()
    assert row.scored == BUSY_CASES
    said = [line for line in _log_lines(log, before) if "redis" in json.dumps(line).lower()]
    assert [(line["level"], line["event"]) for line in said] == [
        ("warning", "Redis cannot be reached; waiting for it"),
        ("info", BACK),
    ], said
