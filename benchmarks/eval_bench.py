"""Eval runs end to end, each figure beside its baseline measured in the same run.

The run is started as a client would (estimate, then start with the confirmation) and
executed by the real arq worker in this process; the agent is a webhook agent served by
a separate process on loopback (a small asyncio HTTP server), so its own work does not
share this process's interpreter. The clock runs from ``start_eval_run`` until the run's
row says FINISHED: the job queued and picked up, every item claimed, asked, recorded in
Activity, graded, stored with its score, and progress published.

(a) 1,000 cases, an instant agent, one ``contains`` check, concurrency 32: ms per case.
    Baseline: the same 1,000 questions sent to the same agent by this process over the
    same kind of HTTP connections as a run's (``WebhookClients``: kept open between
    calls) and concurrency, nothing persisted (a no-op eval).
    Bar: <= 2.5 ms per case end to end.
(b) 200 cases against an agent taking 500 ms, concurrency 32: wall time.
    Baseline: the ideal ceil(200 / 32) x 0.5 s = 3.5 s. Bar: <= 1.2 x the ideal.

Figures on a shared, loaded machine are noisy; the load average is printed beside them.

Run: .venv/bin/python benchmarks/eval_bench.py [--cases 1000] [--slow-cases 200]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import socket
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from _services import bench_database
from load_bench import redis_for_bench

from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.db.models import EvalRun
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.domain.evals.inputs import EvalRunRequest
from casebook.domain.evals.progress import ACTIVE
from casebook.jobs.worker import create_worker
from casebook.services.agents.agents import WebhookAgentDraft, create_agent
from casebook.services.agents.webhook_agent import WebhookClients
from casebook.services.datasets import case_files, datasets
from casebook.services.evals import channels, estimate, start
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.pubsub import database_of, on_the_wire
from casebook.services.kernel.redis_connection import connect

BAR_MS_PER_CASE = 2.5
BAR_SLOW_RATIO = 1.2
CONCURRENCY = 32
SLOW_AGENT_S = 0.5
SECRET_KEY = "a-benchmark-secret-key-of-32-characters-or-more"


# -- the agent: a separate process ---------------------------------------------------------
def _serve_agent(port: int, delay_s: float) -> None:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                body = json.loads(await reader.readexactly(length)) if length else {}
                if delay_s:
                    await asyncio.sleep(delay_s)
                reply = json.dumps({"answer": f"yes: {body.get('question', '')}"}).encode()
                writer.write(
                    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                    + f"content-length: {len(reply)}\r\n\r\n".encode()
                    + reply
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def main() -> None:
        server = await asyncio.start_server(handle, "127.0.0.1", port, backlog=1024)
        async with server:
            await server.serve_forever()

    asyncio.run(main())


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class AgentProcess:
    def __init__(self, delay_s: float) -> None:
        self.port = _free_port()
        self.process = multiprocessing.Process(
            target=_serve_agent, args=(self.port, delay_s), daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/agent"

    def __enter__(self) -> "AgentProcess":
        self.process.start()
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                assert time.monotonic() < deadline, "the agent did not start"
                time.sleep(0.05)

    def __exit__(self, *exc: object) -> None:
        self.process.kill()
        self.process.join(5)


# -- the fixture ---------------------------------------------------------------------------
def _cases_file(count: int) -> bytes:
    rows = [
        {
            "input": f"question {n}",
            "reference_answer": "yes",
            "checks": [{"type": "contains", "value": "yes"}],
        }
        for n in range(count)
    ]
    return "\n".join(json.dumps(row) for row in rows).encode()


async def _prepare(
    settings: Settings, agent_url: str, cases: int
) -> tuple[ServiceContext, int, int, Any]:
    engine = create_engine(settings.database_url, pool_size=10)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    org, user = await create_organization_with_owner(
        maker,
        organization_name=f"Bench {time.monotonic_ns()}",
        email=f"owner{time.monotonic_ns()}@bench.test",
        name="Bench Owner",
        password="a bench password",
    )
    assert org.id is not None and user.id is not None
    redis = await connect(settings.redis_url)
    # Job ids start at 1 in each fresh database, and arq keeps a finished job's id for an
    # hour: a Redis kept from an earlier run would take the new job for a duplicate.
    await redis.flushdb()
    ctx = ServiceContext(maker, redis, settings, Actor(user.id, org.id, Role.OWNER))
    dataset = await datasets.create_dataset(ctx, name="Bench")
    assert dataset.id is not None
    await case_files.import_cases(ctx, dataset.id, _cases_file(cases), "cases.jsonl")
    written = await create_agent(ctx, name="Loopback", draft=WebhookAgentDraft(url=agent_url))
    assert written.agent.id is not None
    return ctx, dataset.id, written.agent.id, engine


async def _status(ctx: ServiceContext, run_id: int) -> EvalRun:
    async with ctx.sessionmaker() as session:
        row = await session.get(EvalRun, run_id, populate_existing=True)
    assert row is not None
    return row


async def _run(ctx: ServiceContext, settings: Settings, dataset_id: int, agent_id: int) -> float:
    """Seconds from start to FINISHED, the worker running in this process (started
    before the clock, as a deployment's workers are). The end is heard as a client hears
    it, on the run's progress channel (and read from the row every half second, in case
    a message is missed): polling the row every few milliseconds would take this
    process's CPU from the worker it measures."""
    request = EvalRunRequest(dataset_id=dataset_id, agent_ids=(agent_id,), concurrency=CONCURRENCY)
    found = await estimate.estimate_eval_run(ctx, request)
    # serving: tuned as `casebook worker` tunes its process once started.
    worker = create_worker(
        settings, serving=True, cron_jobs=None, poll_delay=0.01, handle_signals=False
    )
    running = asyncio.create_task(worker.main())
    pubsub = ctx.redis.pubsub()
    try:
        while "metrics_listener" not in worker.ctx:  # the worker's startup has run
            assert not running.done(), running
            await asyncio.sleep(0.01)
        began = time.perf_counter()
        run = await start.start_eval_run(ctx, request, found.confirmation)
        await pubsub.subscribe(on_the_wire(database_of(ctx.redis), channels.run_channel(run.id)))
        status = (await _status(ctx, run.id)).status
        while status in ACTIVE:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.5)
            if message is not None:
                status = json.loads(message["data"])["status"]
            else:
                row = await _status(ctx, run.id)
                status = row.status
                if os.environ.get("EVAL_BENCH_TRACE"):
                    print(status, row.answered, row.scored, time.perf_counter() - began, flush=True)
        elapsed = time.perf_counter() - began
        assert status == "finished", status
        assert (await _status(ctx, run.id)).status == "finished"
        return elapsed
    finally:
        await pubsub.aclose()
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        await worker.close()


async def _no_op_eval(url: str, count: int) -> float:
    """The same questions to the same agent, nothing persisted: the floor of (a)."""
    limit = asyncio.Semaphore(CONCURRENCY)
    clients = WebhookClients(CONCURRENCY)
    assert clients.connections is not None, "a proxy in the environment: unset it"
    connections = clients.connections

    async def ask(n: int) -> None:
        async with limit:
            body = json.dumps({"question": f"question {n}", "history": []}).encode()
            answer = await connections.post(
                url, {"content-type": "application/json"}, body, limit=1_000_000, step_seconds=30
            )
            assert answer.status == 200 and answer.body

    began = time.perf_counter()
    await asyncio.gather(*(ask(n) for n in range(count)))
    elapsed = time.perf_counter() - began
    clients.close()
    return elapsed


async def bench(settings: Settings, cases: int, slow_cases: int) -> None:
    print(f"load average: {os.getloadavg()}")
    with AgentProcess(0.0) as fast:
        ctx, dataset_id, agent_id, engine = await _prepare(settings, fast.url, cases)
        baseline = await _no_op_eval(fast.url, cases)
        wall = await _run(ctx, settings, dataset_id, agent_id)
        await engine.dispose()
    per_case = wall / cases * 1000
    print(
        f"(a) {cases} cases, instant agent, contains check, persisted: "
        f"{wall:.2f} s = {per_case:.2f} ms per case "
        f"(no-op eval, same agent and client: {baseline / cases * 1000:.2f} ms per case; "
        f"ratio {wall / baseline:.1f}x) bar <= {BAR_MS_PER_CASE} ms: "
        f"{'PASS' if per_case <= BAR_MS_PER_CASE else 'FAIL'}"
    )
    print(f"load average: {os.getloadavg()}")
    with AgentProcess(SLOW_AGENT_S) as slow:
        ctx, dataset_id, agent_id, engine = await _prepare(settings, slow.url, slow_cases)
        wall = await _run(ctx, settings, dataset_id, agent_id)
        await engine.dispose()
    ideal = math.ceil(slow_cases / CONCURRENCY) * SLOW_AGENT_S
    print(
        f"(b) {slow_cases} cases, {SLOW_AGENT_S * 1000:.0f} ms agent, concurrency {CONCURRENCY}: "
        f"{wall:.2f} s (ideal {ideal:.2f} s; ratio {wall / ideal:.2f}x) bar <= "
        f"{BAR_SLOW_RATIO}x: {'PASS' if wall <= BAR_SLOW_RATIO * ideal else 'FAIL'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--slow-cases", type=int, default=200)
    args = parser.parse_args()
    with bench_database() as database_url, redis_for_bench() as redis_url:
        settings = Settings(
            database_url=database_url,
            redis_url=redis_url,
            secret_key=SECRET_KEY,
            log_level="WARNING",
            worker_metrics_port=0,
        )
        os.environ["SECRET_KEY"] = SECRET_KEY
        asyncio.run(bench(settings, args.cases, args.slow_cases))


if __name__ == "__main__":
    main()
