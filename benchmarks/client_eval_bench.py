"""Eval runs answered by the team's own code (local agents), through the Python client, each
figure beside its baseline measured in the same run.

The API is ``casebook serve`` (one process) on a loopback port and the worker is
``casebook worker`` (one process), both with production settings; this process is the
client (``casebook_client``), authenticated with an API key holding exactly the scopes a
CI gate needs. Every answer is stored in Activity and graded (one ``contains`` check).

(a) 1,000 cases, a task that answers at once, concurrency 32: from the call of
    ``evaluate()`` to its returned verdict (estimate, start, every item claimed, answered,
    submitted, graded, the run settled, its summary and gate read). Beside it: the same
    1,000 cases answered by a webhook agent the server calls (an instant agent in a
    process of its own, the run started over the API, read until FINISHED, its summary
    read), and Arize Phoenix ``run_experiment`` on the same cases where it is installed.
    Bar: <= 1.5 ms per case.
(b) 320 cases, a task that takes 500 ms, concurrency 32: the wall time of ``evaluate()``.
    Baseline: the ideal ceil(320 / 32) x 0.5 s = 5 s. Bar: <= 1.1x the ideal.
(c) A started run's first item handed out to a client: the time from ``startEvalRun``'s
    answer to a claim's answer holding the item, median and worst of 20 runs. Baseline:
    the round trip of a claim that finds nothing (the same request, the run's items held).
    Bar: <= 50 ms. (Workers' first items: ``first_item_bench.py``.)
(d) 2,000 cases, a task that takes 100 ms: four client processes, each ``evaluate()`` at
    concurrency 8 joined to one run (``resume=``), against one such client alone on a run
    of the same size. Checks that no item was answered twice (the tasks' calls, and each
    item's one attempt and one answer in Activity). Bar: >= 3x one client's throughput.

Figures on a shared, loaded machine are noisy: the load average is printed beside them.

Run: .venv/bin/python benchmarks/client_eval_bench.py [--cases 1000] [--slow-cases 320]
     [--starts 20] [--shared-cases 2000]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import importlib.util
import math
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

import asyncpg
from _services import bench_database
from eval_bench import AgentProcess, _cases_file
from load_bench import (
    api_server,
    redis_for_bench,
    server_cpu_seconds,
    wait_ready,
    worker_process,
)

from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.graphql.ids import encode_id
from casebook.services.agents.agents import LocalAgentDraft, WebhookAgentDraft, create_agent
from casebook.services.datasets import case_files, datasets
from casebook.services.identity.api_keys import create_key
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.redis_connection import connect
from casebook_client import AsyncCasebook, aevaluate
from casebook_client.api.input_types import EvalRunInput

BAR_MS_PER_CASE = 1.5
BAR_SLOW_RATIO = 1.1
BAR_FIRST_ITEM_MS = 50.0
BAR_SHARED_RATIO = 3.0
CONCURRENCY = 32
SLOW_TASK_S = 0.5
SHARED_TASK_S = 0.1
SHARED_CLIENTS = 4
SHARED_CONCURRENCY = 8
CI_SCOPES = ["runs:view", "datasets:view", "datasets:run", "agents:view", "agents:run"]
SECRET_KEY = "a-benchmark-secret-key-of-32-characters-or-more"


@dataclass(frozen=True)
class Fixture:
    database_url: str
    redis_url: str
    api_key: str
    local_agent: str
    webhook_agent: str
    # Datasets by their number of cases.
    datasets: dict[int, str]

    # What api_server reads.
    @property
    def dataset_id(self) -> str:
        return next(iter(self.datasets.values()))


async def prepare(database_url: str, redis_url: str, agent_url: str, sizes: list[int]) -> Fixture:
    engine = create_engine(database_url, pool_size=2)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    org, user = await create_organization_with_owner(
        maker, organization_name="Bench", email="ci@bench.test", name="CI", password="x" * 16
    )
    assert org.id is not None and user.id is not None
    settings = Settings(database_url=database_url, redis_url=redis_url)
    ctx = ServiceContext(maker, None, settings, Actor(user.id, org.id, Role.OWNER))
    made: dict[int, str] = {}
    for size in sorted(set(sizes)):
        dataset = await datasets.create_dataset(ctx, name=f"{size:,} cases")
        assert dataset.id is not None
        await case_files.import_cases(ctx, dataset.id, _cases_file(size), "cases.jsonl")
        made[size] = str(encode_id("Dataset", dataset.id))
    # Job ids start at 1 in each fresh database, and arq keeps a finished job's id for an
    # hour: a Redis kept from an earlier run would take the new jobs for duplicates.
    redis = await connect(redis_url)
    await redis.flushdb()
    await redis.aclose()
    local = await create_agent(ctx, name="Local", draft=LocalAgentDraft())
    webhook = await create_agent(ctx, name="Webhook", draft=WebhookAgentDraft(url=agent_url))
    key = await create_key(ctx, name="ci", scopes=CI_SCOPES, expires_at=None)
    await engine.dispose()
    assert local.agent.id is not None and webhook.agent.id is not None
    return Fixture(
        database_url,
        redis_url,
        key.plaintext,
        str(encode_id("Agent", local.agent.id)),
        str(encode_id("Agent", webhook.agent.id)),
        made,
    )


def instant(case: Any) -> str:
    return f"yes: {case.input}"


async def slow(case: Any) -> str:
    await asyncio.sleep(SLOW_TASK_S)
    return f"yes: {case.input}"


async def evaluate_wall(base: str, fixture: Fixture, size: int, task: Any, label: str) -> float:
    began = time.perf_counter()
    result = await aevaluate(
        dataset=fixture.datasets[size],
        agent=fixture.local_agent,
        task=task,
        version_label=label,
        concurrency=CONCURRENCY,
        url=base,
        api_key=fixture.api_key,
        progress=False,
    )
    elapsed = time.perf_counter() - began
    assert result.status == "FINISHED", result.status
    assert result.answered.stored == size, result.answered
    return elapsed


async def webhook_wall(base: str, fixture: Fixture, size: int) -> float:
    """The same run through a webhook agent the server calls: started over the API, read
    until it ends, its summary read - what ``casebook eval`` does for such an agent."""
    async with AsyncCasebook(base, fixture.api_key) as api:
        given = EvalRunInput(
            dataset_id=fixture.datasets[size],
            agent_ids=[fixture.webhook_agent],
            concurrency=CONCURRENCY,
        )
        began = time.perf_counter()
        estimated = await api.estimate_eval_run(given)
        started = await api.start_eval_run(given, estimated.estimate_eval_run.confirmation)
        run_id = started.start_eval_run.id
        while True:
            progress = (await api.eval_run_progress(run_id)).eval_run
            assert progress is not None
            if progress.progress.status.value in ("FINISHED", "FAILED", "CANCELLED"):
                break
            await asyncio.sleep(0.02)
        await api.eval_run_summary(run_id)
        elapsed = time.perf_counter() - began
    assert progress.progress.status.value == "FINISHED"
    return elapsed


def phoenix_figure(size: int) -> str:
    if importlib.util.find_spec("phoenix") is None:
        return "Arize Phoenix is not installed here (pip install arize-phoenix to compare)"
    return (
        "Arize Phoenix is installed: run its run_experiment on the same cases by hand "
        f"({size} cases) - it needs its own server, which this benchmark does not start"
    )


async def first_items(
    base: str, fixture: Fixture, size: int, starts: int
) -> tuple[list[float], float]:
    """Milliseconds from startEvalRun's answer to a claim's answer holding the first item;
    and a claim's round trip that finds nothing (every item held)."""
    times: list[float] = []
    empty: list[float] = []
    async with AsyncCasebook(base, fixture.api_key) as api:
        for n in range(starts):
            given = EvalRunInput(
                dataset_id=fixture.datasets[size],
                agent_ids=[fixture.local_agent],
                version_label=f"first-{n}",
                concurrency=1,
            )
            estimated = await api.estimate_eval_run(given)
            started = await api.start_eval_run(given, estimated.estimate_eval_run.confirmation)
            began = time.perf_counter()
            claimed = await api.claim_eval_work(started.start_eval_run.id, max=1, wait_seconds=0)
            times.append((time.perf_counter() - began) * 1000)
            assert claimed.claim_eval_work.items, "nothing handed out"
            began = time.perf_counter()
            again = await api.claim_eval_work(started.start_eval_run.id, max=1, wait_seconds=0)
            empty.append((time.perf_counter() - began) * 1000)
            assert not again.claim_eval_work.items
            await api.cancel_eval_run(started.start_eval_run.id)
    return times, statistics.median(empty)


def _shared_client(
    base: str, api_key: str, agent: str, run_id: str, counts: Any, ready: Any, go: Any
) -> None:
    """One client process: imported and ready before the clock starts, so the figure is
    the answering, not the interpreter's start."""
    calls = 0

    async def task(case: Any) -> str:
        nonlocal calls
        calls += 1
        await asyncio.sleep(SHARED_TASK_S)
        return f"yes: {case.input}"

    ready.release()
    go.wait()
    asyncio.run(
        aevaluate(
            agent=agent,
            task=task,
            resume=run_id,
            concurrency=SHARED_CONCURRENCY,
            url=base,
            api_key=api_key,
            progress=False,
        )
    )
    # When it was done, on the clock all processes share: a spawned process takes a while
    # to exit once done (its queues and semaphores torn down), which is not the answering.
    counts.put((calls, time.time()))


async def _start_shared(base: str, fixture: Fixture, size: int, label: str) -> str:
    async with AsyncCasebook(base, fixture.api_key) as api:
        given = EvalRunInput(
            dataset_id=fixture.datasets[size],
            agent_ids=[fixture.local_agent],
            version_label=label,
            # What evaluate() would start it with for the four: each client holds twice
            # what it answers at once, so the next items wait claimed while it submits.
            concurrency=min(64, 2 * SHARED_CLIENTS * SHARED_CONCURRENCY),
        )
        estimated = await api.estimate_eval_run(given)
        started = await api.start_eval_run(given, estimated.estimate_eval_run.confirmation)
        return started.start_eval_run.id


async def shared(
    base: str, fixture: Fixture, size: int, clients: int, label: str
) -> tuple[float, int]:
    """Seconds for ``clients`` processes to answer one run, and the tasks' calls."""
    run_id = await _start_shared(base, fixture, size, label)
    spawn = multiprocessing.get_context("spawn")
    counts: Any = spawn.Queue()
    ready, go = spawn.Semaphore(0), spawn.Event()
    processes = [
        spawn.Process(
            target=_shared_client,
            args=(base, fixture.api_key, fixture.local_agent, run_id, counts, ready, go),
        )
        for _ in range(clients)
    ]
    for process in processes:
        process.start()
    for _ in processes:
        ready.acquire()
    began = time.time()
    go.set()
    done = [counts.get() for _ in processes]
    for process in processes:
        process.join()
    assert all(p.exitcode == 0 for p in processes), [p.exitcode for p in processes]
    elapsed = max(finished for _, finished in done) - began
    calls = sum(made for made, _ in done)
    await _answered_once(fixture, run_id, size)
    return elapsed, calls


async def _answered_once(fixture: Fixture, run_id: str, size: int) -> None:
    """Every item of the run was handed out once and has one answer in Activity."""
    from casebook.graphql.ids import decode_id

    pk = decode_id(run_id, "EvalRun")
    plain = fixture.database_url.replace("postgresql+asyncpg://", "postgresql://", 1)
    connection = await asyncpg.connect(plain)
    try:
        row = await connection.fetchrow(
            """SELECT count(*) AS items, count(*) FILTER (WHERE attempts = 1) AS once,
                 count(DISTINCT activity_run_id) AS answers
               FROM eval_items WHERE run_id = $1 AND status = 'scored'""",
            pk,
        )
    finally:
        await connection.close()
    assert (row["items"], row["once"], row["answers"]) == (size, size, size), dict(row)


async def bench(args: argparse.Namespace, database_url: str, redis_url: str) -> None:
    log = Path("/tmp") / f"casebook-client-bench-{os.getpid()}.log"
    sizes = [args.cases, args.slow_cases, args.shared_cases, 1]
    with AgentProcess(0.0) as agent:
        fixture = await prepare(database_url, redis_url, agent.url, sizes)
        with (
            api_server(fixture, 1, log) as (base, api_pid),
            worker_process(fixture.database_url, fixture.redis_url, log),
        ):  # type: ignore[arg-type]
            await wait_ready(base)
            await evaluate_wall(base, fixture, 1, instant, "warm-up")
            print(f"load average: {os.getloadavg()}")
            local = await evaluate_wall(base, fixture, args.cases, instant, "instant")
            webhook = await webhook_wall(base, fixture, args.cases)
            per_case, per_webhook = local / args.cases * 1000, webhook / args.cases * 1000
            print(
                f"(a) {args.cases} cases, instant task, concurrency {CONCURRENCY}, evaluate() "
                f"to its verdict: {local:.2f} s = {per_case:.2f} ms per case; the same run "
                f"through a webhook agent: {per_webhook:.2f} ms per case (ratio "
                f"{local / webhook:.2f}x); {phoenix_figure(args.cases)}. Bar <= "
                f"{BAR_MS_PER_CASE} ms: {'PASS' if per_case <= BAR_MS_PER_CASE else 'FAIL'}"
            )
            print(f"load average: {os.getloadavg()}")
            wall = await evaluate_wall(base, fixture, args.slow_cases, slow, "slow")
            ideal = math.ceil(args.slow_cases / CONCURRENCY) * SLOW_TASK_S
            print(
                f"(b) {args.slow_cases} cases, {SLOW_TASK_S * 1000:.0f} ms task, concurrency "
                f"{CONCURRENCY}: {wall:.2f} s (ideal {ideal:.2f} s; ratio {wall / ideal:.2f}x) "
                f"bar <= {BAR_SLOW_RATIO}x: {'PASS' if wall <= BAR_SLOW_RATIO * ideal else 'FAIL'}"
            )
            times, empty = await first_items(base, fixture, 1, args.starts)
            median, worst = statistics.median(times), max(times)
            print(
                f"(c) first item handed to a client after startEvalRun answered, {args.starts} "
                f"runs: median {median:.1f} ms, worst {worst:.1f} ms (an empty claim's round "
                f"trip: {empty:.1f} ms) bar <= {BAR_FIRST_ITEM_MS:.0f} ms: "
                f"{'PASS' if worst <= BAR_FIRST_ITEM_MS else 'FAIL'}"
            )
            print(f"load average: {os.getloadavg()}")
            alone, alone_calls = await shared(base, fixture, args.shared_cases, 1, "one client")
            cpu = server_cpu_seconds(api_pid)
            together, calls = await shared(
                base, fixture, args.shared_cases, SHARED_CLIENTS, "four clients"
            )
            cpu = server_cpu_seconds(api_pid) - cpu
            assert alone_calls == calls == args.shared_cases, (alone_calls, calls)
            ratio = alone / together
            print(
                f"(d) {args.shared_cases} cases, {SHARED_TASK_S * 1000:.0f} ms task: one client "
                f"at concurrency {SHARED_CONCURRENCY}: {args.shared_cases / alone:.1f} answers/s; "
                f"{SHARED_CLIENTS} clients at {SHARED_CONCURRENCY} each on one run: "
                f"{args.shared_cases / together:.1f} answers/s ({ratio:.2f}x), every item "
                f"answered once ({calls} task calls for {args.shared_cases} items; the API's "
                f"CPU {cpu / args.shared_cases * 1000:.2f} ms per answer) bar >= "
                f"{BAR_SHARED_RATIO}x: {'PASS' if ratio >= BAR_SHARED_RATIO else 'FAIL'}"
            )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--slow-cases", type=int, default=320)
    parser.add_argument("--starts", type=int, default=20)
    parser.add_argument("--shared-cases", type=int, default=2000)
    args = parser.parse_args()
    os.environ.setdefault("SECRET_KEY", SECRET_KEY)
    with bench_database() as database_url, redis_for_bench() as redis_url:
        asyncio.run(bench(args, database_url, redis_url))


if __name__ == "__main__":
    main()
