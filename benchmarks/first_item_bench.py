"""A started eval run's first work item reaching its agent: the worker woken, and polling.

The API is ``casebook serve`` (one process) and the worker ``casebook worker``, each in
a process of its own, on PostgreSQL and Redis; this process is the client and hosts the
agents: a webhook agent on loopback (``tests.support.loopback_http``) and a model agent
answered by the scripted OpenAI-compatible server (``tests.support.model_server``). For
each agent kind, runs of a small dataset are started one after another over HTTP as a
client starts them (``estimateEvalRun``, then ``startEvalRun`` with its confirmation),
each waited for to its end before the next. The clock runs from ``startEvalRun``'s HTTP
response to the first request reaching the agent (0 when it came before the response).
Before each start the client pauses for a random time of up to a poll delay, so runs
start at any point of the worker's poll cycle.

The baseline, in the same run: the same runs with a worker started with its wake off
(``WORKER_WAKE_ON_HANDOVER=false``), which finds the job when it polls its queue (every
0.5 s). The two kinds of worker take turns, in rounds; each worker first answers a few
unmeasured runs of each kind (connections, statement caches).

Bar: with the wake, p95 <= 50 ms for each agent kind.

Figures on a shared, loaded machine are noisy; the load average is printed beside them.

Run: .venv/bin/python benchmarks/first_item_bench.py [--runs 30] [--rounds 3] [--cases 2]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import os
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _services import bench_database
from eval_bench import _cases_file
from load_bench import Fixture, _load, api_server, redis_for_bench, wait_ready
from load_bench import worker_process as worker_in_process

from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.graphql.ids import encode_id
from casebook.services.agents.agents import ModelAgentDraft, WebhookAgentDraft, create_agent
from casebook.services.datasets import case_files, datasets
from casebook.services.identity.api_keys import create_key
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel import jobs
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.pubsub import database_of, on_the_wire
from casebook.services.kernel.redis_connection import connect
from casebook.services.models.connections import NewConnection, add_connection
from tests.support.loopback_http import Answer, LoopbackHttp, Received
from tests.support.model_server import ModelServer, RecordedRequest, ScriptedReply, text_reply

BAR_P95_MS = 50.0
POLL_DELAY_S = 0.5  # arq's, which the worker keeps
MODEL = "gpt-4o-mini"
SCOPES = ["datasets:view", "datasets:run", "runs:view", "agents:view", "agents:run"]

ESTIMATE = """mutation($i: EvalRunInput!) { estimateEvalRun(input: $i) { confirmation } }"""
START = """mutation($i: EvalRunInput!, $c: String!) {
  startEvalRun(input: $i, confirmation: $c) { id status } }"""
STATUS = "query($id: ID!) { evalRun(id: $id) { status } }"
ENDED = {"FINISHED", "FAILED", "CANCELLED"}


# -- the agents: in this process, each request's arrival noted where it is received ----
class Arrivals:
    """When the agent was first asked after ``expect`` (perf_counter, this process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: tuple[asyncio.AbstractEventLoop, asyncio.Future[float]] | None = None

    def expect(self) -> asyncio.Future[float]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[float] = loop.create_future()
        with self._lock:
            self._waiting = (loop, future)
        return future

    def arrived(self) -> None:
        now = time.perf_counter()
        with self._lock:
            waiting, self._waiting = self._waiting, None
        if waiting is not None:
            loop, future = waiting
            loop.call_soon_threadsafe(_resolve, future, now)


def _resolve(future: asyncio.Future[float], value: float) -> None:
    if not future.done():
        future.set_result(value)


def webhook_answers(arrivals: Arrivals) -> Callable[[Received], Answer]:
    def answer(request: Received) -> Answer:
        arrivals.arrived()
        return Answer(200, {"answer": f"yes: {request.json['question']}"})

    return answer


def model_answers(arrivals: Arrivals) -> Callable[[RecordedRequest], ScriptedReply]:
    def answer(_: RecordedRequest) -> ScriptedReply:
        arrivals.arrived()
        return text_reply("yes")

    return answer


# -- the fixture -----------------------------------------------------------------------
@dataclass
class Agents:
    api_key: str
    dataset_id: str
    by_kind: dict[str, tuple[str, Arrivals]] = field(default_factory=dict)


async def prepare(
    settings: Settings, webhook: LoopbackHttp, model: ModelServer, cases: int
) -> Agents:
    engine = create_engine(settings.database_url, pool_size=2)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    org, user = await create_organization_with_owner(
        maker,
        organization_name="First item",
        email="first@bench.test",
        name="First Item",
        password="a bench password",
    )
    assert org.id is not None and user.id is not None
    redis = await connect(settings.redis_url)
    # Job ids start at 1 in each fresh database, and arq keeps a finished job's id for an
    # hour: a Redis kept from an earlier run would take the new jobs for duplicates.
    await redis.flushdb()
    ctx = ServiceContext(maker, redis, settings, Actor(user.id, org.id, Role.OWNER))
    dataset = await datasets.create_dataset(ctx, name="First item")
    assert dataset.id is not None
    await case_files.import_cases(ctx, dataset.id, _cases_file(cases), "cases.jsonl")
    hook = await create_agent(
        ctx, name="Webhook", draft=WebhookAgentDraft(url=webhook.url_for("/agent"))
    )
    connection = await add_connection(
        ctx,
        NewConnection(
            name="Scripted", provider="openai", models=[MODEL], base_url=model.openai_base_url
        ),
    )
    assert connection.id is not None
    bot = await create_agent(
        ctx, name="Model", draft=ModelAgentDraft(connection_id=connection.id, model=MODEL)
    )
    issued = await create_key(ctx, name="first item", scopes=SCOPES, expires_at=None)
    await redis.aclose()
    await engine.dispose()
    assert hook.agent.id is not None and bot.agent.id is not None
    agents = Agents(issued.plaintext, str(encode_id("Dataset", dataset.id)))
    webhook_arrivals, model_arrivals = Arrivals(), Arrivals()
    webhook.answer_with(webhook_answers(webhook_arrivals))
    model.respond_with(model_answers(model_arrivals))
    agents.by_kind["webhook"] = (str(encode_id("Agent", hook.agent.id)), webhook_arrivals)
    agents.by_kind["model"] = (str(encode_id("Agent", bot.agent.id)), model_arrivals)
    return agents


# -- the worker: a process of its own ----------------------------------------------------
@contextmanager
def worker_process(fixture: Fixture, *, wake: bool, log: Path) -> Iterator[None]:
    wake_setting = "true" if wake else "false"
    with worker_in_process(
        fixture.database_url, fixture.redis_url, log, WORKER_WAKE_ON_HANDOVER=wake_setting
    ):
        yield


async def until_worker_ready(redis_url: str, *, wake: bool) -> None:
    """Past its first poll (arq's health key) and, with the wake, subscribed to it."""
    redis = await connect(redis_url)
    wire = on_the_wire(database_of(redis), jobs.wake_channel(redis.default_queue_name))
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            polled = await redis.exists(redis.default_queue_name + ":health-check")
            subscribed = dict(await redis.pubsub_numsub(wire)).get(wire.encode(), 0)
            if polled and (subscribed or not wake):
                return
            await asyncio.sleep(0.1)
    finally:
        await redis.aclose()
    raise RuntimeError("the worker did not become ready; see the log")


# -- measuring -----------------------------------------------------------------------------
@dataclass
class Figures:
    first_item_ms: list[float] = field(default_factory=list)
    start_ms: list[float] = field(default_factory=list)
    before_response: int = 0

    def percentile(self, p: float) -> float:
        ordered = sorted(self.first_item_ms)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]

    @property
    def median(self) -> float:
        return statistics.median(self.first_item_ms)


async def _graphql(client: httpx.AsyncClient, query: str, variables: dict[str, Any]) -> Any:
    response = await client.post("/graphql", json={"query": query, "variables": variables})
    body = response.json()
    if response.status_code != 200 or body.get("errors"):
        raise RuntimeError(f"{query.split('(')[0]} failed: {response.status_code} {body}")
    return body["data"]


async def one_run(
    client: httpx.AsyncClient, given: dict[str, Any], arrivals: Arrivals, rng: random.Random
) -> tuple[float, float]:
    """Milliseconds from startEvalRun's response to the agent's first request (negative
    when it came first), and of startEvalRun's round trip; the run waited for to its end."""
    confirmation = (await _graphql(client, ESTIMATE, {"i": given}))["estimateEvalRun"][
        "confirmation"
    ]
    await asyncio.sleep(rng.uniform(0, POLL_DELAY_S))
    first = arrivals.expect()
    sent = time.perf_counter()
    run = (await _graphql(client, START, {"i": given, "c": confirmation}))["startEvalRun"]
    answered = time.perf_counter()
    reached = await asyncio.wait_for(first, 30)
    status = run["status"]
    while status not in ENDED:
        await asyncio.sleep(0.05)
        status = (await _graphql(client, STATUS, {"id": run["id"]}))["evalRun"]["status"]
    if status != "FINISHED":
        raise RuntimeError(f"a run ended {status}")
    return (reached - answered) * 1000, (answered - sent) * 1000


async def measure(
    base: str,
    agents: Agents,
    figures: dict[str, Figures],
    runs: int,
    warm_up: int,
    rng: random.Random,
) -> None:
    """``runs`` measured runs per agent kind, added to ``figures``."""
    headers = {"authorization": f"Bearer {agents.api_key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as client:
        for kind, (agent_id, arrivals) in agents.by_kind.items():
            given = {"datasetId": agents.dataset_id, "agentIds": [agent_id]}
            for _ in range(warm_up):
                await one_run(client, given, arrivals, rng)
            found = figures.setdefault(kind, Figures())
            for _ in range(runs):
                first_ms, start_ms = await one_run(client, given, arrivals, rng)
                found.before_response += first_ms < 0
                found.first_item_ms.append(max(0.0, first_ms))
                found.start_ms.append(start_ms)


def _line(label: str, found: Figures) -> str:
    early = f", {found.before_response} before the response" if found.before_response else ""
    return (
        f"  {label:<18} median {found.median:7.1f} ms   p95 {found.percentile(95):7.1f} ms   "
        f"max {max(found.first_item_ms):7.1f} ms   "
        f"(startEvalRun itself: median {statistics.median(found.start_ms):.1f} ms{early})"
    )


async def main(args: argparse.Namespace, database_url: str, redis_url: str) -> None:
    print(f"machine: {os.cpu_count()} cores, load average {_load()}; logs: {args.log}")
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(48))
    settings = Settings(
        database_url=database_url, redis_url=redis_url, secret_key=os.environ["SECRET_KEY"]
    )
    fixture = Fixture(database_url, redis_url, "", "")
    rng = random.Random(args.seed)
    results: dict[bool, dict[str, Figures]] = {True: {}, False: {}}
    with LoopbackHttp() as webhook, ModelServer() as model:
        agents = await prepare(settings, webhook, model, args.cases)
        with api_server(fixture, 1, args.log) as (base, _):
            await wait_ready(base)
            # In rounds, each mode in turn, so a change of the machine's load meanwhile
            # weighs on both alike.
            for round_ in range(args.rounds):
                runs = args.runs // args.rounds + (round_ < args.runs % args.rounds)
                for wake in (True, False):
                    with worker_process(fixture, wake=wake, log=args.log):
                        await until_worker_ready(redis_url, wake=wake)
                        await measure(base, agents, results[wake], runs, args.warm_up, rng)
    print(
        f"\n{args.runs} runs of {args.cases} cases per agent kind and mode, one after another "
        f"in {args.rounds} rounds; from startEvalRun's response to the agent's first request"
    )
    passed = True
    for kind in agents.by_kind:
        woken, polled = results[True][kind], results[False][kind]
        print(f"{kind} agent")
        print(_line("woken", woken))
        print(_line("polling (baseline)", polled))
        ratio = polled.median / woken.median if woken.median else float("inf")
        print(f"  polling / woken: {ratio:.1f}x the median")
        passed = passed and woken.percentile(95) <= BAR_P95_MS
    print(f"load average now {_load()}")
    print(f"bar: woken p95 <= {BAR_P95_MS:.0f} ms for each kind  {'PASS' if passed else 'FAIL'}")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="measured runs per kind and mode")
    parser.add_argument("--cases", type=int, default=2, help="cases of the dataset each run asks")
    parser.add_argument("--rounds", type=int, default=3, help="workers started per mode")
    parser.add_argument(
        "--warm-up", type=int, default=3, help="unmeasured runs per kind, each worker"
    )
    parser.add_argument("--seed", type=int, default=7, help="of the pauses before each start")
    parser.add_argument(
        "--log", type=Path, default=Path(tempfile.gettempdir()) / "casebook-first-item.log"
    )
    return parser.parse_args()


if __name__ == "__main__":
    arguments = parse_args()
    with bench_database() as database_url, redis_for_bench() as redis_url:
        asyncio.run(main(arguments, database_url, redis_url))
