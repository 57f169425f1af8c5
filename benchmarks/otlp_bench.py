"""OTLP ingestion: 10,000 traces sent by the OpenTelemetry SDK's exporter, beside
recordConversations of the same content, in the same run.

Each trace is an agent turn in OpenTelemetry's GenAI conventions: an ``invoke_agent``
span around a ``chat`` span (the question in, two tool calls asked for out, tokens) and
two ``execute_tool`` spans (arguments, results), the answer on the agent span - four
spans, made with the SDK before the clock starts. The SDK's OTLP/HTTP exporter
(protobuf) sends them in batches of 512 spans, one batch at a time as the SDK's batch
processor does, to ``casebook serve`` with one API process. Every trace is a stored
conversation, turn, run and steps when the last answer comes.

Beside it, in the same run: the same content - one question, a reply whose run holds
the two tool calls and the answer, model and tokens - recorded with
``recordConversations``, the same number of turns a request (128, what 512 spans hold),
over HTTP to the same server. The ratio says what reading spans costs over the
integrator's own batch shape.

Bar: at least 2,000 traces/s stored through OTLP.

Run: .venv/bin/python benchmarks/otlp_bench.py [--traces 10000] [--batch 512]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import orjson
from sqlalchemy import text

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from _services import bench_database
from ingest_bench import RECORD_MUTATION, through_api
from load_bench import api_server, redis_for_bench, server_cpu_seconds, wait_ready
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.graphql.ids import encode_id
from casebook.services.agents.agents import LocalAgentDraft, create_agent
from casebook.services.identity.api_keys import create_key
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.context import ServiceContext

BAR_TRACES_PER_SECOND = 2_000.0
SPANS_PER_TRACE = 4
WARM_UP = 1_024  # traces sent each way before the clocks start
ANSWER = "Your order 1234 was refunded; the money is back within five working days."
SYSTEM = "You help the shop's customers with their orders."
LOOKUP_RESULT = '{"status": "delivered"}'
REFUND_RESULT = '{"refunded": true}'


@dataclass(frozen=True)
class Fixture:
    database_url: str
    redis_url: str
    otlp_key: str
    graphql_key: str
    graphql_agent_id: str


async def _organization(maker: Any, name: str, settings: Settings) -> ServiceContext:
    org, user = await create_organization_with_owner(
        maker,
        organization_name=name,
        email=f"{name.lower()}@bench.test",
        name=name,
        password="bench-password",
    )
    assert org.id is not None and user.id is not None
    return ServiceContext(maker, None, settings, Actor(user.id, org.id, Role.OWNER))


async def prepare(database_url: str, redis_url: str) -> Fixture:
    engine = create_engine(database_url, pool_size=2)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    settings = Settings(database_url=database_url, redis_url=redis_url)
    scopes = ["runs:view", "agents:view", "agents:run", "agents:edit"]
    traced = await _organization(maker, "Traced", settings)
    otlp_key = await create_key(traced, name="otlp", scopes=scopes, expires_at=None)
    recorded = await _organization(maker, "Recorded", settings)
    graphql_key = await create_key(recorded, name="graphql", scopes=scopes, expires_at=None)
    written = await create_agent(recorded, name="support-bot", draft=LocalAgentDraft())
    assert written.agent.id is not None
    await engine.dispose()
    return Fixture(
        database_url,
        redis_url,
        otlp_key.plaintext,
        graphql_key.plaintext,
        str(encode_id("Agent", written.agent.id)),
    )


def _question(n: int) -> str:
    return f"Refund my order {n}, please"


def make_traces(count: int, prefix: str = "", first: int = 0) -> list[ReadableSpan]:
    """``count`` agent turns made with the SDK, in the order their spans ended."""
    memory = InMemorySpanExporter()
    provider = TracerProvider(
        resource=Resource.create({"service.name": "support-bot", "service.version": "1.0.0"})
    )
    provider.add_span_processor(SimpleSpanProcessor(memory))
    tracer = provider.get_tracer("bench")
    for n in range(first, first + count):
        question = prefix + _question(n)
        requested = [
            {"type": "tool_call", "id": "c1", "name": "lookup_order", "arguments": {"id": n}},
            {"type": "tool_call", "id": "c2", "name": "refund_order", "arguments": {"id": n}},
        ]
        with tracer.start_as_current_span(
            "invoke_agent support",
            attributes={
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "support",
                "user.id": f"customer-{n % 500}@example.com",
                "gen_ai.output.messages": json.dumps(
                    [{"role": "assistant", "parts": [{"type": "text", "content": ANSWER}]}]
                ),
            },
        ):
            with tracer.start_as_current_span(
                "chat gpt-4o-mini",
                attributes={
                    "gen_ai.operation.name": "chat",
                    "gen_ai.request.model": "gpt-4o-mini",
                    "gen_ai.usage.input_tokens": 420,
                    "gen_ai.usage.output_tokens": 60,
                    "gen_ai.input.messages": json.dumps(
                        [
                            {"role": "system", "parts": [{"type": "text", "content": SYSTEM}]},
                            {"role": "user", "parts": [{"type": "text", "content": question}]},
                        ]
                    ),
                    "gen_ai.output.messages": json.dumps(
                        [{"role": "assistant", "parts": requested, "finish_reason": "tool_call"}]
                    ),
                },
            ):
                pass
            for call_id, name, result in (
                ("c1", "lookup_order", LOOKUP_RESULT),
                ("c2", "refund_order", REFUND_RESULT),
            ):
                with tracer.start_as_current_span(
                    f"execute_tool {name}",
                    attributes={
                        "gen_ai.operation.name": "execute_tool",
                        "gen_ai.tool.name": name,
                        "gen_ai.tool.call.id": call_id,
                        "gen_ai.tool.call.arguments": json.dumps({"id": n}),
                        "gen_ai.tool.call.result": result,
                    },
                ):
                    pass
    spans = list(memory.get_finished_spans())
    provider.shutdown()
    return spans


def _sender(endpoint: str, key: str, count: int, first: int, batch: int, start: Any) -> None:
    """One application process: makes its traces, waits for the start, exports them."""
    spans = make_traces(count, first=first)
    start.wait()
    export_all(endpoint, key, spans, batch)


def export_from_processes(endpoint: str, key: str, traces: int, batch: int, senders: int) -> float:
    """``senders`` processes - several instances of the application - each exporting its
    share of the traces with its own exporter, at the same time."""
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    share = traces // senders
    workers = [
        context.Process(target=_sender, args=(endpoint, key, share, n * share, batch, start))
        for n in range(senders)
    ]
    for worker in workers:
        worker.start()
    time.sleep(2.0 + 0.0005 * share)  # each makes its spans before the clock starts
    started = time.perf_counter()
    start.set()
    for worker in workers:
        worker.join()
        if worker.exitcode != 0:
            raise RuntimeError("a sender failed; see the server log")
    return time.perf_counter() - started


def export_all(endpoint: str, key: str, spans: list[ReadableSpan], batch: int) -> float:
    exporter = OTLPSpanExporter(
        endpoint=endpoint, headers={"authorization": f"Bearer {key}"}, timeout=300
    )
    started = time.perf_counter()
    for start in range(0, len(spans), batch):
        if exporter.export(spans[start : start + batch]) != SpanExportResult.SUCCESS:
            raise RuntimeError("the exporter reported a failed export; see the server log")
    seconds = time.perf_counter() - started
    exporter.shutdown()
    return seconds


async def post_all(base: str, key: str, bodies: list[bytes], content_type: str) -> float:
    """Bodies encoded before the clock, posted one after another, as ``through_api`` posts
    recordConversations with one client."""
    headers = {"authorization": f"Bearer {key}", "content-type": content_type}
    async with httpx.AsyncClient(base_url=base, timeout=300, headers=headers) as client:
        started = time.perf_counter()
        for body in bodies:
            response = await client.post("/v1/traces", content=body)
            if response.status_code != 200 or response.content:
                raise RuntimeError(f"an export was refused: {response.status_code}")
        return time.perf_counter() - started


def record_bodies(agent_id: str, traces: int, per_request: int) -> list[bytes]:
    """The same content as the traces, as recordConversations batches, encoded before the
    clock starts."""
    bodies = []
    for start in range(0, traces, per_request):
        conversations = [
            {
                "externalId": f"conversation-{n}",
                "agentId": agent_id,
                "endUser": f"customer-{n % 500}@example.com",
                "turns": [
                    {"externalId": "q", "role": "USER", "content": _question(n)},
                    {
                        "externalId": "a",
                        "role": "AGENT",
                        "run": {
                            "steps": [
                                {
                                    "kind": "TOOL_CALL",
                                    "toolName": "lookup_order",
                                    "arguments": {"id": n},
                                    "status": "OK",
                                    "result": LOOKUP_RESULT,
                                },
                                {
                                    "kind": "TOOL_CALL",
                                    "toolName": "refund_order",
                                    "arguments": {"id": n},
                                    "status": "OK",
                                    "result": REFUND_RESULT,
                                },
                                {"kind": "TEXT", "text": ANSWER},
                            ],
                            "model": "gpt-4o-mini",
                            "latencyMs": 840.0,
                            "inputTokens": 420,
                            "outputTokens": 60,
                        },
                    },
                ],
            }
            for n in range(start, min(start + per_request, traces))
        ]
        bodies.append(
            orjson.dumps(
                {"query": RECORD_MUTATION, "variables": {"i": {"conversations": conversations}}}
            )
        )
    return bodies


async def stored(database_url: str) -> dict[str, int]:
    engine = create_engine(database_url, pool_size=1)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text(
                    """SELECT o.name, count(r.id) FROM runs r
                       JOIN organizations o ON o.id = r.organization_id GROUP BY o.name"""
                )
            )
            return {str(name): int(n) for name, n in rows}
    finally:
        await engine.dispose()


async def main(args: argparse.Namespace, database_url: str, redis_url: str) -> None:
    print(
        f"machine: {os.cpu_count()} cores, load average "
        f"{' '.join(f'{n:.1f}' for n in os.getloadavg())}; server log: {args.log}"
    )
    fixture = await prepare(database_url, redis_url)
    spans = make_traces(args.traces) if args.senders == 1 else []
    warm = make_traces(WARM_UP, prefix="warm-up: ")
    encoded = make_traces(args.traces, prefix="encoded: ")
    started = time.perf_counter()
    protobuf = [
        encode_spans(encoded[n : n + args.batch]).SerializePartialToString()
        for n in range(0, len(encoded), args.batch)
    ]
    encoding = time.perf_counter() - started
    per_request = args.batch // SPANS_PER_TRACE
    bodies = record_bodies(fixture.graphql_agent_id, args.traces, per_request)
    with api_server(fixture, 1, args.log) as (base, pid):
        await wait_ready(base)
        endpoint = f"{base}/v1/traces"
        # Warm up both ways in alike - connections, caches, plans, the tables' first pages,
        # the agent registered on first sight - so no way in pays for coming first.
        await asyncio.to_thread(export_all, endpoint, fixture.otlp_key, warm, args.batch)
        warm_bodies = [
            body.replace(b"conversation-", b"warm-up-")
            for body in record_bodies(fixture.graphql_agent_id, WARM_UP, per_request)
        ]
        await through_api(base, fixture.graphql_key, warm_bodies, 1)
        cpu = server_cpu_seconds(pid)
        if args.senders == 1:
            otlp_seconds = await asyncio.to_thread(
                export_all, endpoint, fixture.otlp_key, spans, args.batch
            )
        else:
            otlp_seconds = await asyncio.to_thread(
                export_from_processes,
                endpoint,
                fixture.otlp_key,
                args.traces,
                args.batch,
                args.senders,
            )
        otlp_cpu = server_cpu_seconds(pid) - cpu
        cpu = server_cpu_seconds(pid)
        posted_seconds = await post_all(base, fixture.otlp_key, protobuf, "application/x-protobuf")
        posted_cpu = server_cpu_seconds(pid) - cpu
        cpu = server_cpu_seconds(pid)
        graphql_seconds = await through_api(base, fixture.graphql_key, bodies, 1)
        graphql_cpu = server_cpu_seconds(pid) - cpu
    counts = await stored(database_url)
    assert counts.get("Traced") == 2 * args.traces + WARM_UP, counts
    assert counts.get("Recorded") == args.traces + WARM_UP, counts
    otlp_rate, graphql_rate = args.traces / otlp_seconds, args.traces / graphql_seconds
    posted_rate = args.traces / posted_seconds
    print(
        f"\n{args.traces:,} traces of {SPANS_PER_TRACE} spans (agent, LLM, two tools), "
        f"batches of {args.batch} spans, 1 API process; spans made before the clock"
    )
    senders = f"{args.senders} sender{'s' if args.senders > 1 else ''}"
    print(
        f"  OTLP/HTTP protobuf, the SDK's exporter, {senders:10}"
        f"{otlp_seconds:6.2f} s  {otlp_rate:8,.0f} traces/s"
    )
    print(
        f"  OTLP/HTTP protobuf encoded before the clock  {posted_seconds:6.2f} s  "
        f"{posted_rate:8,.0f} traces/s"
    )
    print(
        f"    (the SDK's encoder took {1e3 * encoding / len(protobuf):.0f} ms of this process's "
        f"CPU a batch, {len(protobuf[0]) / 1024:.0f} KiB a body)"
    )
    print(
        f"  recordConversations, {per_request} a request, 1 client     "
        f"{graphql_seconds:6.2f} s  {graphql_rate:8,.0f} turns/s"
    )
    print(f"  OTLP / recordConversations: {otlp_seconds / graphql_seconds:.2f}x the time")
    print(
        f"  the API process's CPU: {1e3 * otlp_cpu / args.traces:.2f} ms a trace through the "
        f"SDK's exporter, {1e3 * posted_cpu / args.traces:.2f} ms encoded before, "
        f"{1e3 * graphql_cpu / args.traces:.2f} ms a turn through recordConversations "
        f"({posted_cpu / graphql_cpu:.2f}x)"
    )
    passed = otlp_rate >= BAR_TRACES_PER_SECOND
    print(
        f"  bar: >= {BAR_TRACES_PER_SECOND:,.0f} traces/s through OTLP  "
        f"{'PASS' if passed else 'FAIL'}"
    )


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--traces", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=512, help="spans per export request")
    parser.add_argument(
        "--senders",
        type=int,
        default=1,
        help="application processes exporting at once (1: one batch processor's exporter)",
    )
    parser.add_argument(
        "--log", type=Path, default=Path(tempfile.gettempdir()) / "casebook-otlp.log"
    )
    return parser.parse_args()


if __name__ == "__main__":
    arguments = parse_args()
    with bench_database() as database_url, redis_for_bench() as redis_url:
        asyncio.run(main(arguments, database_url, redis_url))
