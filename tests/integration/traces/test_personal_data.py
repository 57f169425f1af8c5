"""Conversations read from spans are the end user's like any other: their data export lists
them (with what the runs kept of the spans), erasure and retention delete them, and the
spans' ids go with their runs."""

import json
from typing import Any

import httpx
from sqlalchemy import text

from casebook.services.erasure.retention import apply_retention
from tests.integration.personal_data.helpers import erase
from tests.integration.traces.helpers import (
    Spans,
    api_key,
    genai_agent_trace_calls,
    genai_agent_turn,
    protobuf_body,
    runs_of,
)
from tests.support.graphql_client import Api

EXPORT = """query($p: PersonInput!) { personDataExport(person: $p) { content } }"""
RETENTION = "mutation($d: Int) { setConversationRetention(days: $d) { days } }"


async def _send(http: httpx.AsyncClient, key: str, question: str, user: str) -> None:
    spans = Spans()
    with genai_agent_turn(spans.tracer, question, genai_agent_trace_calls(), "Noted.", user=user):
        pass
    response = await http.post(
        "/v1/traces",
        content=protobuf_body(spans.take()),
        headers={"content-type": "application/x-protobuf", "authorization": f"Bearer {key}"},
    )
    assert response.status_code == 200


async def _count(sessionmaker: Any, table: str) -> int:
    async with sessionmaker() as session:
        return int((await session.execute(text(f"SELECT count(*) FROM {table}"))).scalar_one())


async def test_an_end_users_traced_conversations_are_exported_and_erased(
    http: httpx.AsyncClient, owner: Api, run_worker: Any, sessionmaker: Any
) -> None:
    key = await api_key(owner)
    await _send(http, key, "I am Ana, where is my parcel?", "ana@example.com")
    await _send(http, key, "I am Bo.", "bo@example.com")
    exported = json.loads(
        (await owner(EXPORT, {"p": {"endUser": "ana@example.com"}}))["personDataExport"]["content"]
    )
    [conversation] = exported["conversations"]
    assert conversation["messages"][0]["content"] == "I am Ana, where is my parcel?"
    assert [s["tool"] for s in conversation["agent_steps"]][:2] == ["lookup_order", "refund_order"]
    [kept] = conversation["run_attributes"]
    assert kept["attributes"]["resource"]["service.name"] == "support-bot"
    await erase(owner, run_worker, endUser="ana@example.com")
    assert [r["question"] for r in await runs_of(owner)] == ["I am Bo."]
    assert await _count(sessionmaker, "trace_spans") == 5


async def test_retention_deletes_traced_conversations_with_their_spans(
    http: httpx.AsyncClient, owner: Api, sessionmaker: Any
) -> None:
    await _send(http, await api_key(owner), "Old question?", "ana@example.com")
    await owner(RETENTION, {"d": 1})
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text("UPDATE conversations SET updated_at = now() - interval '2 days'")
        )
    removed = await apply_retention(sessionmaker)
    assert sum(removed.values()) == 1
    assert await _count(sessionmaker, "runs") == 0
    assert await _count(sessionmaker, "trace_spans") == 0
