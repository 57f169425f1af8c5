"""The fault tests: a real worker process (``casebook worker``) stopped in the middle of a
run, another started, every item answered - counted at the loopback agent.

The agent answers the first few questions at once, then holds every further request open
until the test opens its gate, so at the moment of the stop every answer it gave has been
stored (the test waits for that) and the requests in flight have not been answered.

- SIGTERM: the worker claims nothing more, lets the calls in flight finish, stores their
  answers and exits; the next worker asks only the rest. Every question is asked once.
- SIGKILL: the calls in flight die with the worker. The second worker takes over once
  its job's heartbeat and the items' leases have run out: it asks again only what has no
  stored answer - with the same ``Idempotency-Key`` as the first time, so an agent can
  answer from its own record - and scores what was stored but not scored.
"""

import asyncio
import os
import signal
import sys
import threading
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from asgi_lifespan import LifespanManager
from sqlalchemy import func, select

from casebook.app import create_app
from casebook.config import Settings
from casebook.db.models import EvalItem, EvalRun, Run, Score
from tests.integration.evals.helpers import agent_at, dataset_with_cases, run_input, start, until
from tests.support.loopback_http import Answer, LoopbackHttp, Received

pytestmark = pytest.mark.waits_on_processes

SECRET_KEY = "a-test-secret-key-of-at-least-32-characters"
BACKEND = Path(__file__).resolve().parents[3] / "backend"
CASES = 20
ANSWERED_AT_ONCE = 5
CONCURRENCY = 4
LEASE_SECONDS = 2.0
DRAIN_SECONDS = 20.0


@pytest.fixture
async def app(settings: Settings, sessionmaker: Any) -> AsyncIterator[Any]:
    """The app with a usable secret key: the worker process decrypts the agent's secret."""
    application = create_app(settings.model_copy(update={"secret_key": SECRET_KEY}))
    async with LifespanManager(application):
        await application.state.casebook.redis.flushdb()
        yield application


class GatedAgent:
    """Answers the first ``at_once`` questions, then holds requests open until ``open()``
    (a held request still open then is answered)."""

    def __init__(self, at_once: int) -> None:
        self.at_once = at_once
        self.lock = threading.Lock()
        self.opened = False
        self.gate = threading.Event()
        self.answered: Counter[str] = Counter()
        self.held: Counter[str] = Counter()

    def open(self) -> None:
        with self.lock:
            self.opened = True
        self.gate.set()

    def __call__(self, request: Received) -> Answer:
        question = request.json["question"]
        with self.lock:
            if self.opened or sum(self.answered.values()) < self.at_once:
                self.answered[question] += 1
                return Answer(200, {"answer": f"The answer to {question} is yes"})
            self.held[question] += 1
        return Answer(200, {"answer": f"The answer to {question} is yes"}, until=self.gate)


async def _worker(settings: Settings, drain_seconds: float = 0.0) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "REDIS_URL": settings.redis_url,
        "SECRET_KEY": SECRET_KEY,
        "LOG_LEVEL": "WARNING",
        "WORKER_METRICS_PORT": "0",
        "JOB_HEARTBEAT_SECONDS": "0.5",
        "JOB_STALE_AFTER_SECONDS": str(LEASE_SECONDS),
        "EVAL_LEASE_SECONDS": str(LEASE_SECONDS),
        "WORKER_DRAIN_SECONDS": str(drain_seconds),
        "PYTHONPATH": str(BACKEND),
    }
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "casebook.cli", "worker", env=env, cwd=str(BACKEND.parent)
    )


async def _run_row(sessionmaker: Any) -> EvalRun | None:
    async with sessionmaker() as session:
        return (await session.execute(select(EvalRun))).scalar_one_or_none()


async def test_a_worker_killed_mid_run_leaves_its_items_to_another_none_answered_twice(
    owner: Any, endpoint: LoopbackHttp, settings: Settings, sessionmaker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, CASES)
    agent = GatedAgent(ANSWERED_AT_ONCE)
    endpoint.answer_with(agent)
    agent_id = await agent_at(owner, endpoint)
    first = await _worker(settings)
    second = None
    try:
        await start(owner, run_input(dataset_id, [agent_id], concurrency=CONCURRENCY))

        async def answers_stored_and_requests_held() -> bool:
            row = await _run_row(sessionmaker)
            held = sum(agent.held.values())
            return row is not None and row.answered == ANSWERED_AT_ONCE and held == CONCURRENCY

        await until(answers_stored_and_requests_held, within=60)
        first.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(first.wait(), 10) == -signal.SIGKILL
        agent.open()
        # The dead worker's job heartbeat and leases run out; the next worker takes over.
        await asyncio.sleep(LEASE_SECONDS + 0.5)
        second = await _worker(settings)

        async def finished() -> EvalRun | None:
            row = await _run_row(sessionmaker)
            return row if row is not None and row.status == "finished" else None

        row = await until(finished, within=90)
    finally:
        for process in (first, second):
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()
    assert (row.answered, row.scored, row.passed) == (CASES, CASES, CASES)
    # Every question answered by the agent exactly once: no answer paid for twice.
    assert agent.answered == {f"question {i}": 1 for i in range(CASES)}
    # The requests in flight at the kill were never answered, and were asked again once,
    # each with the key it was first asked with; no two items share a key.
    asked = Counter(r.json["question"] for r in endpoint.received)
    assert {q: n for q, n in asked.items() if n > 1} == {q: 2 for q in agent.held}
    keys: dict[str, set[str]] = {}
    for request in endpoint.received:
        keys.setdefault(request.json["question"], set()).add(request.headers["idempotency-key"])
    assert all(len(sent) == 1 for sent in keys.values()), keys
    assert len({key for sent in keys.values() for key in sent}) == CASES
    async with sessionmaker() as session:
        runs = (await session.execute(select(func.count()).where(Run.eval))).scalar_one()
        scores = (await session.execute(select(func.count()).select_from(Score))).scalar_one()
        items = (
            await session.execute(select(EvalItem.status, func.count()).group_by(EvalItem.status))
        ).all()
    assert (runs, scores, dict(items)) == (CASES, CASES, {"scored": CASES})


async def test_a_worker_stopped_mid_run_stores_the_answers_in_flight_and_none_is_asked_twice(
    owner: Any, endpoint: LoopbackHttp, settings: Settings, sessionmaker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, CASES)
    agent = GatedAgent(ANSWERED_AT_ONCE)
    endpoint.answer_with(agent)
    agent_id = await agent_at(owner, endpoint)
    first = await _worker(settings, drain_seconds=DRAIN_SECONDS)
    second = None
    try:
        await start(owner, run_input(dataset_id, [agent_id], concurrency=CONCURRENCY))

        async def answers_stored_and_requests_held() -> bool:
            row = await _run_row(sessionmaker)
            held = sum(agent.held.values())
            return row is not None and row.answered == ANSWERED_AT_ONCE and held == CONCURRENCY

        await until(answers_stored_and_requests_held, within=60)
        first.send_signal(signal.SIGTERM)
        await asyncio.sleep(0.5)  # the worker is draining: its calls are still in flight
        assert first.returncode is None
        agent.open()  # the calls in flight are answered after the stop began
        assert await asyncio.wait_for(first.wait(), DRAIN_SECONDS) == 0
        stopped = await _run_row(sessionmaker)
        assert stopped is not None
        # What was in flight was stored by the stopping worker; nothing more was claimed.
        assert stopped.answered == ANSWERED_AT_ONCE + CONCURRENCY
        assert len(endpoint.received) == ANSWERED_AT_ONCE + CONCURRENCY
        second = await _worker(settings)

        async def finished() -> EvalRun | None:
            row = await _run_row(sessionmaker)
            return row if row is not None and row.status == "finished" else None

        row = await until(finished, within=90)
    finally:
        for process in (first, second):
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()
    assert (row.answered, row.scored, row.passed) == (CASES, CASES, CASES)
    # Every question was asked once: the stop cost no answer twice.
    assert Counter(r.json["question"] for r in endpoint.received) == {
        f"question {i}": 1 for i in range(CASES)
    }
