"""Live progress fan-out: 1,000 websocket subscribers to one channel on one API process.

The server is ``casebook serve`` (uvicorn, one process, production defaults) on a
loopback port. This process opens the websockets (``graphql-transport-ws``, each
with an API key of its own, as 1,000 viewers are 1,000 principals whose credentials
and access are checked again as they watch), waits until each has its current state
(so each listener is subscribed), then publishes progress events on Redis, one every
``--interval`` seconds, as a worker does, and records when each subscriber
receives each event. The delay is publish → receipt, both clocks this process's.
Every subscriber must receive every event, in order.

Issue 12's bar (c): 1,000 subscribers to one run on one API process, p99 delay
<= 100 ms. Beside it, in the same run and process:
- a raw Redis subscriber (redis-py) receiving the same events: the floor, what
  Redis and this process's own scheduling cost;
- one websocket subscriber through the same API: the path without fan-out.
The API process's Redis pub/sub clients are counted (``CLIENT LIST``) while the
1,000 are subscribed: the bar wants one.

Run: .venv/bin/python benchmarks/live_bench.py [--subscribers 1000] [--events 40]
     [--interval 0.25] [--target eval|job]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import websockets
from redis.asyncio import Redis
from sqlalchemy import update
from sqlmodel import col

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from _services import bench_database
from load_bench import Fixture as ServerFixture
from load_bench import _load, api_server, redis_for_bench, server_cpu_seconds, wait_ready

from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.db.models import ApiKey
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.graphql.ids import decode_id, encode_id
from casebook.services.identity.api_keys import create_key
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel import jobs, redis_connection
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.pubsub import database_of, database_of_url, on_the_wire

BAR_P99_MS = 100.0
ORIGIN = "http://localhost:5173"  # a console origin the server admits by default
OPENING_AT_ONCE = 25
OPEN_TIMEOUT_S = 60
CASES = 100


@dataclass(frozen=True)
class Target:
    """What the subscribers watch: the subscription, its channel, the events published."""

    name: str
    query: str
    variables: dict[str, Any]
    channel: str
    event: Callable[[int, bool], bytes]  # (sequence, final) -> the message a worker publishes
    sequence_of: Callable[[dict[str, Any]], int]  # a received payload's data -> its sequence


@dataclass
class Receipts:
    """Per subscriber: when each sequence arrived (perf_counter)."""

    arrived: dict[int, float] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    error: str | None = None


async def prepare_job(maker: Any, ctx: ServiceContext, actor: Actor) -> Target:
    job = await jobs.enqueue(ctx, actor, "ping", {"message": "watched"})
    assert job.id is not None
    job_id = job.id

    def event(sequence: int, final: bool) -> bytes:
        state = {"id": job_id, "kind": "ping", "status": "succeeded" if final else "running"}
        state |= {"result": {"sequence": sequence}, "error": None, "attempts": 1}
        return json.dumps(state).encode()

    def sequence_of(data: dict[str, Any]) -> int:
        result = data["jobProgress"]["result"]
        return int(result["sequence"]) if result else 0

    return Target(
        "jobProgress",
        JOB_PROGRESS_DOCUMENT,
        {"id": str(encode_id("Job", job_id))},
        jobs.channel(job_id),
        event,
        sequence_of,
    )


async def prepare(
    database_url: str, redis_url: str, target: str, subscribers: int
) -> tuple[ServerFixture, list[str], int, Target | None]:
    engine = create_engine(database_url, pool_size=2)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    org, user = await create_organization_with_owner(
        maker, organization_name="Live", email="live@bench.test", name="Live", password="x" * 16
    )
    assert org.id is not None and user.id is not None
    settings = Settings(database_url=database_url, redis_url=redis_url)
    redis = await redis_connection.connect(redis_url)
    actor = Actor(user.id, org.id, Role.OWNER)
    ctx = ServiceContext(maker, redis, settings, actor)
    scopes = ["datasets:view", "datasets:edit", "datasets:run", "runs:view"]
    scopes += ["agents:view", "agents:edit", "agents:run"]
    issued = await create_key(ctx, name="live bench", scopes=scopes, expires_at=None)
    # Each subscriber its own key, as 1,000 viewers are 1,000 principals: each socket's
    # credentials are checked again as it runs (docs/live-connections.md).
    viewers = [
        (
            await create_key(
                ctx, name=f"viewer {n}", scopes=["runs:view", "datasets:view"], expires_at=None
            )
        ).plaintext
        for n in range(subscribers + 1)
    ]
    # Each key was just used (as by the console's first page load): its first check on the
    # socket reads and does not write; a key's use is written at most once a minute.
    async with maker() as session, session.begin():
        await session.execute(
            update(ApiKey)
            .where(col(ApiKey.organization_id) == org.id)
            .values(last_used_at=datetime.now(UTC))
        )
    watched = await PREPARE[target](maker, ctx, actor) if target in PREPARE else None
    await redis.aclose()
    await engine.dispose()
    return ServerFixture(database_url, redis_url, "", issued.plaintext), viewers, org.id, watched


PREPARE = {"job": prepare_job}

JOB_PROGRESS_DOCUMENT = "subscription($id: ID!) { jobProgress(id: $id) { status result } }"
CREATE_DATASET_MUTATION = (
    "mutation($i: CreateDatasetInput!) { createDataset(input: $i) { dataset { id } } }"
)
ADD_CASE_MUTATION = (
    "mutation($d: ID!, $c: CaseInput!) { addCase(datasetId: $d, case: $c) { version } }"
)
CREATE_AGENT_MUTATION = """mutation($i: CreateWebhookAgentInput!) { createWebhookAgent(input: $i) {
  agent { id } } }"""
ESTIMATE_MUTATION = "mutation($i: EvalRunInput!) { estimateEvalRun(input: $i) { confirmation } }"
START_MUTATION = """mutation($i: EvalRunInput!, $c: String!) { startEvalRun(input: $i, confirmation: $c) {
  id progress { total sequence } } }"""
EVAL_PROGRESS_DOCUMENT = """subscription($id: ID!) { evalRunProgress(id: $id) { runId status statusReason
  total answered scored passed failed notGraded costUsd etaSeconds sequence } }"""


async def graphql(client: httpx.AsyncClient, query: str, variables: dict[str, Any]) -> Any:
    body = (await client.post("/graphql", json={"query": query, "variables": variables})).json()
    assert "errors" not in body, body
    return body["data"]


async def prepare_eval_run(base: str, key: str, organization_id: int) -> Target:
    """A run of 100 cases by one agent, queued (no worker takes it): the bench publishes
    its progress as workers would, with the contract's payload."""
    headers = {"authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as client:
        created = await graphql(client, CREATE_DATASET_MUTATION, {"i": {"name": "Watched"}})
        dataset = created["createDataset"]["dataset"]["id"]
        for n in range(CASES):
            case = {"input": f"question {n}", "checks": [{"contains": {"value": "yes"}}]}
            await graphql(client, ADD_CASE_MUTATION, {"d": dataset, "c": case})
        config = {"url": "http://127.0.0.1:9/agent", "tools": []}
        made = await graphql(
            client, CREATE_AGENT_MUTATION, {"i": {"name": "Agent", "config": config}}
        )
        run_input = {"datasetId": dataset, "agentIds": [made["createWebhookAgent"]["agent"]["id"]]}
        confirmation = (await graphql(client, ESTIMATE_MUTATION, {"i": run_input}))[
            "estimateEvalRun"
        ]
        started = await graphql(
            client, START_MUTATION, {"i": run_input, "c": confirmation["confirmation"]}
        )
    run = started["startEvalRun"]
    run_id = decode_id(run["id"], "EvalRun")

    def event(sequence: int, final: bool) -> bytes:
        answered = min(CASES, sequence)
        payload = {
            "run_id": run_id,
            "organization_id": organization_id,
            "status": "finished" if final else "running",
            "status_reason": None,
            "total": CASES,
            "answered": answered,
            "scored": answered,
            "passed": answered,
            "failed": 0,
            "not_graded": 0,
            "cost_usd": 0.0,
            "eta_seconds": None if final else 1.5,
            "sequence": sequence,
        }
        return json.dumps(payload).encode()

    def sequence_of(data: dict[str, Any]) -> int:
        return int(data["evalRunProgress"]["sequence"])

    return Target(
        "evalRunProgress",
        EVAL_PROGRESS_DOCUMENT,
        {"id": run["id"]},
        f"eval-run:{run_id}",
        event,
        sequence_of,
    )


async def subscriber(ws_url: str, key: str, target: Target, receipts: Receipts) -> None:
    try:
        await _subscribed(ws_url, key, target, receipts)
    except Exception as error:  # reported: a subscriber that failed counts
        receipts.error = receipts.error or f"{type(error).__name__}: {error}"
        receipts.ready.set()


async def _subscribed(ws_url: str, key: str, target: Target, receipts: Receipts) -> None:
    async with websockets.connect(
        ws_url,
        subprotocols=[websockets.Subprotocol("graphql-transport-ws")],
        additional_headers={"origin": ORIGIN},
        max_queue=None,
        open_timeout=120,
    ) as ws:
        await ws.send(
            json.dumps({"type": "connection_init", "payload": {"authorization": f"Bearer {key}"}})
        )
        assert json.loads(await ws.recv())["type"] == "connection_ack"
        payload = {"query": target.query, "variables": target.variables}
        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": payload}))
        async for raw in ws:
            now = time.perf_counter()
            message = json.loads(raw)
            if message.get("type") != "next":
                if message.get("type") == "complete":
                    return
                continue
            body = message["payload"]
            if body.get("errors"):
                receipts.error = body["errors"][0]["message"]
                receipts.ready.set()
                return
            if not receipts.ready.is_set():
                receipts.ready.set()  # the current state: the listener is subscribed
                continue
            sequence = target.sequence_of(body["data"])
            receipts.arrived[sequence] = now
            receipts.order.append(sequence)


async def raw_subscriber(redis_url: str, target: Target, receipts: Receipts) -> None:
    client = Redis.from_url(redis_url)
    pubsub = client.pubsub()
    await pubsub.subscribe(on_the_wire(database_of_url(redis_url), target.channel))
    await pubsub.get_message(timeout=5)  # the subscription's confirmation
    receipts.ready.set()
    try:
        while True:
            message = await pubsub.get_message(timeout=30)
            now = time.perf_counter()
            if message is None:
                return
            if message["type"] != "message":
                continue
            state = json.loads(message["data"])
            sequence = int(state.get("sequence", (state.get("result") or {}).get("sequence", 0)))
            receipts.arrived[sequence] = now
            if state.get("status") in ("succeeded", "finished"):
                return
    finally:
        await pubsub.aclose()
        await client.aclose()


async def publish(
    redis: Redis, target: Target, first: int, events: int, interval: float
) -> dict[int, float]:
    """Events ``first`` .. ``first + events - 1``, the last one final; when each went out."""
    published: dict[int, float] = {}
    for sequence in range(first, first + events):
        message = target.event(sequence, sequence == first + events - 1)
        published[sequence] = time.perf_counter()
        await redis.publish(on_the_wire(database_of(redis), target.channel), message)
        await asyncio.sleep(interval)
    return published


def delays_ms(published: dict[int, float], all_receipts: list[Receipts]) -> tuple[list[float], int]:
    delays, missing = [], 0
    for receipts in all_receipts:
        for sequence, sent in published.items():
            got = receipts.arrived.get(sequence)
            if got is None:
                missing += 1
            else:
                delays.append((got - sent) * 1000)
    return delays, missing


def slowest_per_event(published: dict[int, float], all_receipts: list[Receipts]) -> list[float]:
    """Each event's last receipt, ms after it was published: how long its fan-out took."""
    slowest = []
    for sequence, sent in published.items():
        arrived = [r.arrived[sequence] for r in all_receipts if sequence in r.arrived]
        if arrived:
            slowest.append((max(arrived) - sent) * 1000)
    return slowest


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def line(label: str, delays: list[float], missing: int) -> str:
    return (
        f"  {label:<38} p50 {statistics.median(delays):6.1f} ms  p95 {percentile(delays, 95):6.1f}"
        f" ms  p99 {percentile(delays, 99):6.1f} ms  max {max(delays):6.1f} ms"
        f"  ({len(delays):,} receipts, {missing} missing)"
    )


async def open_subscribers(
    ws_url: str, keys: list[str], target: Target
) -> tuple[list[Receipts], list[asyncio.Task[None]]]:
    """One subscriber per key, opened ``OPENING_AT_ONCE`` at a time, each subscribed."""
    all_receipts = [Receipts() for _ in keys]
    tasks: list[asyncio.Task[None]] = []
    for start in range(0, len(keys), OPENING_AT_ONCE):
        batch = all_receipts[start : start + OPENING_AT_ONCE]
        tasks += [
            asyncio.create_task(subscriber(ws_url, key, target, r))
            for key, r in zip(keys[start : start + OPENING_AT_ONCE], batch, strict=True)
        ]
        try:
            async with asyncio.timeout(OPEN_TIMEOUT_S):
                await asyncio.gather(*(r.ready.wait() for r in batch))
        except TimeoutError:
            for late in batch:
                if not late.ready.is_set():
                    late.error = f"not subscribed within {OPEN_TIMEOUT_S} s"
    return all_receipts, tasks


def refusals(all_receipts: list[Receipts]) -> str:
    """How many subscribers failed to subscribe (or were ended), and the first reason."""
    failed = [r.error for r in all_receipts if r.error]
    return f"{len(failed)} failed ({failed[0]})" if failed else "none failed"


async def live_clients_of_the_api(redis: Redis) -> tuple[int, int]:
    """The API's live connections (by name) and every pub/sub client Redis holds."""
    clients = await redis.client_list()
    named = sum(1 for c in clients if str(c.get("name", "")).startswith("casebook-live-"))
    return named, sum(1 for c in clients if c.get("sub", "0") != "0")


async def measure(
    base: str,
    fixture: ServerFixture,
    viewers: list[str],
    target: Target,
    args: argparse.Namespace,
    server_pid: int,
) -> bool:
    ws_url = base.replace("http://", "ws://") + "/graphql"
    redis = Redis.from_url(fixture.redis_url)
    try:
        print(f"\n{target.name}: {args.events} events, one every {args.interval * 1000:.0f} ms")

        raw = Receipts()
        raw_task = asyncio.create_task(raw_subscriber(fixture.redis_url, target, raw))
        await raw.ready.wait()
        published = await publish(redis, target, 1, args.events, args.interval)
        await raw_task
        print(line("raw Redis subscriber (baseline)", *delays_ms(published, [raw])))

        one, tasks = await open_subscribers(ws_url, viewers[-1:], target)
        published = await publish(redis, target, 1, args.events, args.interval)
        await asyncio.wait_for(asyncio.gather(*tasks), 60)
        print(line("1 websocket subscriber", *delays_ms(published, one)))

        started = time.perf_counter()
        many, tasks = await open_subscribers(ws_url, viewers[: args.subscribers], target)
        opened = time.perf_counter() - started
        named, subscribed = await live_clients_of_the_api(redis)
        cpu_before = server_cpu_seconds(server_pid)
        published = await publish(redis, target, 1, args.events, args.interval)
        _, late = await asyncio.wait(tasks, timeout=120)
        server_cpu = server_cpu_seconds(server_pid) - cpu_before
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        delays, missing = delays_ms(published, many)
        in_order = all(r.order == sorted(r.order) for r in many)
        print(line(f"{args.subscribers:,} websocket subscribers", delays or [0.0], missing))
        slowest = sorted(slowest_per_event(published, many))
        if slowest:
            print(
                f"  each event's last receipt: median {statistics.median(slowest):.1f} ms, "
                f"slowest three {', '.join(f'{d:.1f}' for d in slowest[-3:])} ms"
            )
        # What the machine's load does not change much: the API's own CPU per event sent.
        print(
            f"  API CPU while they received: {server_cpu:.2f} s, "
            f"{server_cpu / max(1, len(delays)) * 1e6:.0f} µs per event delivered"
        )
        print(
            f"  ({args.subscribers:,} opened in {opened:.1f} s, subscribers that failed: "
            f"{refusals(many)}; Redis held {named} live connection(s) of the API and "
            f"{subscribed} pub/sub client(s) in all)"
        )
        p99 = percentile(delays or [float("inf")], 99)
        passed = p99 <= BAR_P99_MS and missing == 0 and in_order and named == 1
        print(
            f"  p99 {p99:.1f} ms (bar <= {BAR_P99_MS:.0f} ms), every event received: "
            f"{missing == 0}, in order: {in_order}, one Redis connection: {named == 1}  "
            f"{'PASS' if passed else 'FAIL'}"
        )
        return passed
    finally:
        await redis.aclose()


async def main(args: argparse.Namespace, database_url: str, redis_url: str) -> None:
    print(f"machine load average {_load()}; server log: {args.log}")
    fixture, viewers, organization_id, target = await prepare(
        database_url, redis_url, args.target, args.subscribers
    )
    with api_server(fixture, 1, args.log) as (base, pid):
        await wait_ready(base)
        if target is None:
            target = await prepare_eval_run(base, fixture.api_key, organization_id)
        await measure(base, fixture, viewers, target, args, pid)
    print(f"\nmachine load average {_load()}")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--interval", type=float, default=0.25)
    parser.add_argument("--target", choices=["eval", "job"], default="eval")
    parser.add_argument(
        "--log", type=Path, default=Path(tempfile.gettempdir()) / "casebook-live-bench.log"
    )
    return parser.parse_args()


if __name__ == "__main__":
    arguments = parse_args()
    with bench_database() as database_url, redis_for_bench() as redis_url:
        asyncio.run(main(arguments, database_url, redis_url))
