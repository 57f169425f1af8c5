"""Ingestion: 10,000 runs of 3 steps each recorded through the API, beside a raw COPY.

The API is ``casebook serve`` in a process of its own (one worker), reached over HTTP
with an API key; this process sends ``recordConversations`` batches - each
conversation one question and the agent's reply, whose run has three steps (a
read-only lookup, a refund, the answer) - ``CLIENTS`` requests at a time until every
run is stored. The baseline, in the same run: the same rows (conversations,
messages, runs, steps) written with asyncpg's COPY straight into the same tables of
another organization, prepared before its clock starts, with no checks at all.

Bar: at least 2,000 runs/s through the API. The ratio says what the API costs over
the bare writes on this machine.

Run: .venv/bin/python benchmarks/ingest_bench.py [--runs 10000] [--batch 500] [--clients 2]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import orjson
from sqlalchemy import text

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from _services import bench_database
from load_bench import api_server, redis_for_bench, wait_ready

from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.domain.agents.validation import ToolDraft
from casebook.graphql.ids import encode_id
from casebook.services.activity.ingestion import MESSAGE_COLUMNS, RUN_COLUMNS, STEP_COLUMNS
from casebook.services.agents.agents import WebhookAgentDraft, create_agent
from casebook.services.identity.api_keys import create_key
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.bulk import copy_rows
from casebook.services.kernel.context import ServiceContext

BAR_RUNS_PER_SECOND = 2_000.0

RECORD_MUTATION = """mutation Record($i: RecordConversationsInput!) {
  recordConversations(input: $i) { conversations { conversationId turnsStored } } }"""
ANSWER = "Your order 1234 was refunded; the money is back within five working days."


@dataclass(frozen=True)
class Fixture:
    database_url: str
    redis_url: str
    api_key: str
    agent_id: str
    # For the raw baseline: another organization, its owner and agent.
    raw_org: int
    raw_user: int
    raw_agent: int
    raw_agent_version: int


async def _organization(maker: Any, name: str, settings: Settings) -> tuple[ServiceContext, int]:
    org, user = await create_organization_with_owner(
        maker,
        organization_name=name,
        email=f"{name.lower()}@bench.test",
        name=name,
        password="bench-password",
    )
    assert org.id is not None and user.id is not None
    ctx = ServiceContext(maker, None, settings, Actor(user.id, org.id, Role.OWNER))
    written = await create_agent(
        ctx,
        name="Support",
        draft=WebhookAgentDraft(
            url="https://agent.example.com/answer",
            tools=[
                ToolDraft("lookup_order", "Read an order", {"type": "object"}, read_only=True),
                ToolDraft("refund_order", "Refund an order", {"type": "object"}),
            ],
        ),
    )
    assert written.agent.id is not None
    return ctx, written.agent.id


async def prepare(database_url: str, redis_url: str) -> Fixture:
    engine = create_engine(database_url, pool_size=2)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    settings = Settings(database_url=database_url, redis_url=redis_url)
    ctx, agent_id = await _organization(maker, "Ingest", settings)
    issued = await create_key(
        ctx, name="ingest", scopes=["runs:view", "agents:view", "agents:run"], expires_at=None
    )
    raw_ctx, raw_agent = await _organization(maker, "Raw", settings)
    assert raw_ctx.actor is not None
    async with maker() as session:
        version_id = (
            await session.execute(
                text("SELECT id FROM agent_versions WHERE agent_id = :a AND version = 1"),
                {"a": raw_agent},
            )
        ).scalar_one()
    await engine.dispose()
    return Fixture(
        database_url,
        redis_url,
        issued.plaintext,
        str(encode_id("Agent", agent_id)),
        raw_ctx.actor.organization_id,
        raw_ctx.actor.user_id,
        raw_agent,
        int(version_id),
    )


def _steps() -> list[dict[str, Any]]:
    return [
        {
            "kind": "TOOL_CALL",
            "toolName": "lookup_order",
            "arguments": {"order_id": "1234"},
            "status": "OK",
            "result": '{"status": "delivered"}',
        },
        {
            "kind": "TOOL_CALL",
            "toolName": "refund_order",
            "arguments": {"order_id": "1234", "amount": 30},
            "status": "OK",
            "result": '{"refunded": true}',
        },
        {"kind": "TEXT", "text": ANSWER},
    ]


def batches(agent_id: str, runs: int, batch: int) -> list[bytes]:
    """Each request body, encoded before the clock starts."""
    bodies = []
    for start in range(0, runs, batch):
        conversations = [
            {
                "externalId": f"conversation-{n}",
                "agentId": agent_id,
                "endUser": f"customer-{n % 500}@example.com",
                "turns": [
                    {"externalId": "q", "role": "USER", "content": f"Refund my order {n}, please"},
                    {
                        "externalId": "a",
                        "role": "AGENT",
                        "run": {
                            "steps": _steps(),
                            "model": "gpt-4o-mini",
                            "costUsd": 0.0012,
                            "latencyMs": 840.0,
                            "inputTokens": 420,
                            "outputTokens": 60,
                        },
                    },
                ],
            }
            for n in range(start, min(start + batch, runs))
        ]
        bodies.append(
            orjson.dumps(
                {"query": RECORD_MUTATION, "variables": {"i": {"conversations": conversations}}}
            )
        )
    return bodies


async def through_api(base: str, api_key: str, bodies: list[bytes], clients: int) -> float:
    headers = {"authorization": f"Bearer {api_key}", "content-type": "application/json"}
    pending = list(reversed(bodies))
    async with httpx.AsyncClient(base_url=base, timeout=300, headers=headers) as client:

        async def one_client() -> None:
            while pending:
                body = pending.pop()
                response = await client.post("/graphql", content=body)
                answer = response.json()
                if response.status_code != 200 or answer.get("errors"):
                    raise RuntimeError(f"a batch was refused: {response.text[:500]}")

        started = time.perf_counter()
        await asyncio.gather(*[one_client() for _ in range(clients)])
        return time.perf_counter() - started


async def raw_copy(fixture: Fixture, runs: int) -> float:
    """The same rows with COPY into the same tables: ids taken from the sequences, no checks,
    no idempotency, no access - the floor an API could reach."""
    engine = create_engine(fixture.database_url, pool_size=1)
    try:
        async with engine.connect() as held:
            return await _raw_copy(
                (await held.get_raw_connection()).driver_connection, fixture, runs
            )
    finally:
        await engine.dispose()


async def _raw_copy(connection: Any, fixture: Fixture, runs: int) -> float:
    now = datetime.now(UTC)

    async def ids(table: str, n: int) -> list[int]:
        rows = await connection.fetch(
            f"SELECT nextval(pg_get_serial_sequence('{table}', 'id')) FROM generate_series(1, $1)",
            n,
        )
        return [r[0] for r in rows]

    conversation_ids = await ids("conversations", runs)
    message_ids = await ids("messages", 2 * runs)
    run_ids = await ids("runs", runs)
    conversations, messages, run_rows, steps = [], [], [], []
    for n in range(runs):
        cid, qid, aid, rid = (
            conversation_ids[n],
            message_ids[2 * n],
            message_ids[2 * n + 1],
            run_ids[n],
        )
        end_user = f"customer-{n % 500}@example.com"
        conversations.append(
            (
                cid,
                fixture.raw_org,
                fixture.raw_agent,
                end_user,
                f"conversation-{n}",
                "private",
                f"Refund my order {n}, please",
                2,
                fixture.raw_user,
                now,
                now,
            )
        )
        messages.append(
            (
                qid,
                fixture.raw_org,
                cid,
                1,
                "user",
                f"Refund my order {n}, please",
                None,
                end_user,
                "q",
                now,
            )
        )
        messages.append((aid, fixture.raw_org, cid, 2, "agent", ANSWER, None, None, "a", now))
        run_rows.append(
            (
                rid,
                fixture.raw_org,
                cid,
                aid,
                qid,
                fixture.raw_agent,
                fixture.raw_agent_version,
                1,
                "succeeded",
                None,
                "gpt-4o-mini",
                0.0012,
                840.0,
                420,
                60,
                False,
                False,
                True,
                now,
                fixture.raw_user,
                now,
                None,
                None,
                None,
            )
        )
        for position, step in enumerate(_steps(), start=1):
            steps.append(
                (
                    rid,
                    position,
                    step["kind"].lower(),
                    step.get("text"),
                    step.get("toolName"),
                    orjson.dumps(step["arguments"]).decode() if "arguments" in step else None,
                    step["status"].lower() if "status" in step else None,
                    step.get("result"),
                    step.get("toolName") == "lookup_order" if "toolName" in step else None,
                )
            )
    started = time.perf_counter()
    async with connection.transaction():
        await connection.copy_records_to_table(
            "conversations",
            columns=[
                "id",
                "organization_id",
                "agent_id",
                "end_user",
                "external_id",
                "visibility",
                "title",
                "message_count",
                "created_by_user_id",
                "created_at",
                "updated_at",
            ],
            records=conversations,
        )
        await copy_rows(connection, MESSAGE_COLUMNS, messages)
        await copy_rows(connection, RUN_COLUMNS, run_rows)
        await copy_rows(connection, STEP_COLUMNS, steps)
    return time.perf_counter() - started


async def stored_runs(fixture: Fixture) -> dict[int, int]:
    """Runs stored per organization."""
    engine = create_engine(fixture.database_url, pool_size=1)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text("SELECT organization_id, count(*) FROM runs GROUP BY organization_id")
            )
            return {int(org): int(n) for org, n in rows}
    finally:
        await engine.dispose()


async def main(args: argparse.Namespace, database_url: str, redis_url: str) -> None:
    print(
        f"machine: {os.cpu_count()} cores, load average "
        f"{' '.join(f'{n:.1f}' for n in os.getloadavg())}; server log: {args.log}"
    )
    fixture = await prepare(database_url, redis_url)
    bodies = batches(fixture.agent_id, args.runs, args.batch)
    with api_server(fixture, args.workers, args.log) as (base, _pid):
        await wait_ready(base)
        # Warm up: one small batch of other conversations (connections, caches, the parser).
        warm = batches(fixture.agent_id, 20, 20)[0].replace(b"conversation-", b"warmup-")
        await through_api(base, fixture.api_key, [warm], 1)
        api_seconds = await through_api(base, fixture.api_key, bodies, args.clients)
    raw_seconds = await raw_copy(fixture, args.runs)
    stored = await stored_runs(fixture)
    raw_runs = stored.pop(fixture.raw_org)
    api_runs = sum(stored.values()) - 20  # less the warm-up's
    assert api_runs == args.runs and raw_runs == args.runs, (api_runs, raw_runs)
    api_rate, raw_rate = args.runs / api_seconds, args.runs / raw_seconds
    print(
        f"\n{args.runs:,} runs of 3 steps, batches of {args.batch}, {args.clients} clients, "
        f"{args.workers} API process{'es' if args.workers > 1 else ''}"
    )
    print(
        f"  through the API (HTTP, recordConversations)  {api_seconds:6.2f} s  {api_rate:8,.0f} runs/s"
    )
    print(
        f"  raw asyncpg COPY of the same rows            {raw_seconds:6.2f} s  {raw_rate:8,.0f} runs/s"
    )
    print(f"  API / raw COPY: {api_seconds / raw_seconds:.1f}x the time")
    passed = api_rate >= BAR_RUNS_PER_SECOND
    print(
        f"  bar: >= {BAR_RUNS_PER_SECOND:,.0f} runs/s through the API  {'PASS' if passed else 'FAIL'}"
    )


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=500, help="conversations per request")
    parser.add_argument("--clients", type=int, default=2, help="requests in flight")
    parser.add_argument("--workers", type=int, default=1, help="API processes")
    parser.add_argument(
        "--log", type=Path, default=Path(tempfile.gettempdir()) / "casebook-ingest.log"
    )
    return parser.parse_args()


if __name__ == "__main__":
    arguments = parse_args()
    with bench_database() as database_url, redis_for_bench() as redis_url:
        asyncio.run(main(arguments, database_url, redis_url))
