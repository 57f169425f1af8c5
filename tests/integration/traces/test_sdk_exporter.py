"""Spans sent with the OpenTelemetry SDK's own OTLP/HTTP exporter to the running API become
conversations, turns, runs and steps in Activity, field by field: spans written in the
GenAI conventions, and spans an OpenInference instrumentor made around a real OpenAI
client calling a model server on loopback. Add to dataset works on what they became."""

import asyncio
from collections.abc import Iterator
from typing import Any

import openai
import pytest
from openinference.instrumentation import using_attributes
from openinference.instrumentation.openai import OpenAIInstrumentor
from opentelemetry.exporter.otlp.proto.http import Compression
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExportResult

from casebook.config import Settings
from tests.integration.datasets.helpers import cases_of, create_dataset
from tests.integration.traces.helpers import (
    CONVERSATION,
    Spans,
    api_key,
    exporter,
    genai_agent_trace_calls,
    genai_agent_turn,
    runs_of,
    send,
)
from tests.support.graphql_client import Api
from tests.support.live_server import live_server
from tests.support.model_server import ModelServer, text_reply, tool_call_reply

ADD = """mutation($i: AddCaseFromMessageInput!) { addCaseFromMessage(input: $i) {
  case { input referenceAnswer history { role content } expectedToolCalls { tool args } } } }"""
AGENTS = """{ agents(first: 10) { edges { node { id name kind visibility ownedByViewer
  versions(first: 5) { number label } } } } }"""


@pytest.fixture
def served(settings: Settings, app: Any) -> Iterator[str]:
    with live_server(settings) as base:
        yield base


async def _messages(api: Api, conversation_id: str) -> list[dict[str, Any]]:
    shown = await api(CONVERSATION, {"id": conversation_id})
    return [edge["node"] for edge in shown["conversation"]["messages"]["edges"]]


async def test_an_agent_turn_in_the_genai_conventions_is_a_run_with_its_tool_calls(
    owner: Api, served: str
) -> None:
    spans = Spans(service="support-bot", version="2026.12.1")
    with genai_agent_turn(
        spans.tracer,
        "Where is my order 1234?",
        genai_agent_trace_calls(),
        "It ships tomorrow.",
        session="chat-77",
        user="ana@example.com",
    ):
        pass
    sent = spans.take()
    sender = exporter(served, await api_key(owner))
    assert await send(sender, sent) == SpanExportResult.SUCCESS
    [run] = await runs_of(owner)
    agent_span = next(s for s in sent if s.name == "invoke_agent support")
    assert run["traceId"] == format(agent_span.context.trace_id, "032x")
    assert run["spanId"] == format(agent_span.context.span_id, "016x")
    assert run["question"] == "Where is my order 1234?"
    assert run["answer"] == "It ships tomorrow."
    assert run["status"] == "SUCCEEDED" and run["error"] is None
    assert run["model"] == "gpt-4o-mini-2024-07-18"
    assert (run["inputTokens"], run["outputTokens"]) == (320, 70)
    assert run["costUsd"] is None
    duration = (agent_span.end_time - agent_span.start_time) / 1e6
    assert run["latencyMs"] == pytest.approx(duration)
    assert run["agentName"] == "support-bot" and run["agent"]["kind"] == "LOCAL"
    assert run["agentVersionNumber"] == 1
    assert run["steps"] == [
        {
            "position": 1,
            "kind": "TOOL_CALL",
            "text": None,
            "toolName": "lookup_order",
            "arguments": {"order_id": "1234"},
            "status": "OK",
            "result": '{"status": "in transit"}',
        },
        {
            "position": 2,
            "kind": "TOOL_CALL",
            "text": None,
            "toolName": "refund_order",
            "arguments": {"order_id": "1234"},
            "status": "FAILED",
            "result": "the refund service is down",
        },
        {
            "position": 3,
            "kind": "TEXT",
            "text": "It ships tomorrow.",
            "toolName": None,
            "arguments": None,
            "status": None,
            "result": None,
        },
    ]
    conversation = run["conversation"]
    assert conversation["title"] == "Where is my order 1234?"
    assert conversation["endUser"] == "ana@example.com"
    messages = await _messages(owner, conversation["id"])
    assert [(m["position"], m["role"], m["content"], m["authorEndUser"]) for m in messages] == [
        (1, "USER", "Where is my order 1234?", "ana@example.com"),
        (2, "AGENT", "It ships tomorrow.", None),
    ]
    attributes = run["attributes"]
    assert attributes["resource"]["service.version"] == "2026.12.1"
    chat = [s for s in attributes["spans"] if s["kind"] == "llm"]
    assert chat[0]["attributes"]["gen_ai.request.temperature"] == 0.2
    assert chat[0]["attributes"]["gen_ai.system_instructions"] == "You help shoppers."
    agents = [e["node"] for e in (await owner(AGENTS))["agents"]["edges"]]
    assert [(a["name"], a["kind"], a["visibility"], a["ownedByViewer"]) for a in agents] == [
        ("support-bot", "LOCAL", "ORGANIZATION", True)
    ]
    assert agents[0]["versions"] == [{"number": 1, "label": "2026.12.1"}]


async def test_a_new_service_version_is_the_agents_next_version(owner: Api, served: str) -> None:
    sender = exporter(served, await api_key(owner))
    for version, question in (("1.0.0", "Where is my order 1?"), ("1.1.0", "And order 2?")):
        spans = Spans(service="support-bot", version=version)
        with genai_agent_turn(spans.tracer, question, [], "Shipped."):
            pass
        assert await send(sender, spans.take()) == SpanExportResult.SUCCESS
    runs = await runs_of(owner)
    assert [(r["question"], r["agentVersionNumber"]) for r in runs] == [
        ("Where is my order 1?", 1),
        ("And order 2?", 2),
    ]
    [agent] = [e["node"] for e in (await owner(AGENTS))["agents"]["edges"]]
    assert agent["versions"] == [{"number": 2, "label": "1.1.0"}, {"number": 1, "label": "1.0.0"}]


@pytest.fixture
def openinference(served: str) -> Iterator[tuple[TracerProvider, list[OTLPSpanExporter]]]:
    """The OpenInference instrumentor on the OpenAI client, its spans exported in batches
    by the SDK; the test gives the exporter its key."""
    provider = TracerProvider(resource=Resource.create({"service.name": "shop-assistant"}))
    senders: list[OTLPSpanExporter] = []
    instrumentor = OpenAIInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        yield provider, senders
    finally:
        instrumentor.uninstrument()
        provider.shutdown()


def _chat(model_server: ModelServer) -> list[Any]:
    """A tool loop and a second question, as an application writes them."""
    client = openai.OpenAI(base_url=model_server.openai_base_url, api_key="sk-test-not-a-key")
    tools = [{"type": "function", "function": {"name": "lookup_order", "parameters": {}}}]
    asked = [
        {"role": "system", "content": "You help the shop's customers."},
        {"role": "user", "content": "Where is order 1234?"},
    ]
    answers = []
    with using_attributes(session_id="web-session-9", user_id="ana@example.com"):
        first = client.chat.completions.create(model="gpt-4o-mini", messages=asked, tools=tools)
        call = first.choices[0].message.tool_calls[0]
        asked += [
            first.choices[0].message.model_dump(exclude_none=True),
            {"role": "tool", "tool_call_id": call.id, "content": "in transit"},
        ]
        second = client.chat.completions.create(model="gpt-4o-mini", messages=asked)
        asked += [
            {"role": "assistant", "content": second.choices[0].message.content},
            {"role": "user", "content": "Thanks! Can I still change the address?"},
        ]
        third = client.chat.completions.create(model="gpt-4o-mini", messages=asked)
        answers = [first, second, third]
    return answers


async def test_spans_of_an_openinference_instrumentor_around_a_real_openai_client(
    owner: Api,
    served: str,
    model_server: ModelServer,
    openinference: tuple[TracerProvider, list[OTLPSpanExporter]],
) -> None:
    provider, _ = openinference
    processor = BatchSpanProcessor(
        OTLPSpanExporter(
            endpoint=f"http://{served}/v1/traces",
            headers={"authorization": f"Bearer {await api_key(owner)}"},
            compression=Compression.Gzip,
        ),
        max_export_batch_size=512,
    )
    provider.add_span_processor(processor)
    model_server.reply_with(
        tool_call_reply(("lookup_order", {"order_id": "1234"})),
        text_reply("It is in transit and arrives tomorrow.", input_tokens=40, output_tokens=9),
        text_reply("Yes, until it ships tonight.", input_tokens=60, output_tokens=7),
    )
    await asyncio.to_thread(_chat, model_server)
    assert await asyncio.to_thread(processor.force_flush, 30_000)
    runs = await runs_of(owner)
    assert [(r["question"], r["answer"]) for r in runs] == [
        ("Where is order 1234?", "It is in transit and arrives tomorrow."),
        ("Thanks! Can I still change the address?", "Yes, until it ships tonight."),
    ]
    first, second = runs
    # The model's call, the tool result the next call was given, then the answer: one run.
    assert [(s["kind"], s["toolName"], s["arguments"], s["result"]) for s in first["steps"]] == [
        ("TOOL_CALL", "lookup_order", {"order_id": "1234"}, "in transit"),
        ("TEXT", None, None, None),
    ]
    assert first["steps"][1]["text"] == "It is in transit and arrives tomorrow."
    assert first["model"] == "gpt-4o-mini" and first["agent"]["kind"] == "LOCAL"
    assert first["agentName"] == "shop-assistant"
    assert first["outputTokens"] is not None and first["outputTokens"] >= 9
    assert first["conversation"]["id"] == second["conversation"]["id"]
    assert first["conversation"]["endUser"] == "ana@example.com"
    messages = await _messages(owner, first["conversation"]["id"])
    assert [(m["role"], m["content"]) for m in messages] == [
        ("USER", "Where is order 1234?"),
        ("AGENT", "It is in transit and arrives tomorrow."),
        ("USER", "Thanks! Can I still change the address?"),
        ("AGENT", "Yes, until it ships tonight."),
    ]
    system = [
        s["attributes"].get("gen_ai.system_instructions")
        for s in first["attributes"]["spans"]
        if s.get("attributes")
    ]
    assert "You help the shop's customers." in system
    dataset = await create_dataset(owner, "From production")
    added = await owner(
        ADD, {"i": {"runId": first["id"], "datasetId": dataset, "keepAs": "REFERENCE"}}
    )
    case = added["addCaseFromMessage"]["case"]
    assert case["input"] == "Where is order 1234?"
    assert case["referenceAnswer"] == "It is in transit and arrives tomorrow."
    assert case["expectedToolCalls"] == [{"tool": "lookup_order", "args": {}}]
    with_history = await owner(
        ADD, {"i": {"runId": second["id"], "datasetId": dataset, "withHistory": True}}
    )
    assert [h["content"] for h in with_history["addCaseFromMessage"]["case"]["history"]] == [
        "Where is order 1234?",
        "It is in transit and arrives tomorrow.",
    ]
    assert len((await cases_of(owner, dataset))["edges"]) == 2


async def test_gzip_protobuf_and_json_bodies_are_stored_alike(owner: Api, served: str) -> None:
    key = await api_key(owner)
    spans = Spans()
    with genai_agent_turn(spans.tracer, "Sent with gzip?", [], "Yes."):
        pass
    gzipped = OTLPSpanExporter(
        endpoint=f"http://{served}/v1/traces",
        headers={"authorization": f"Bearer {key}"},
        compression=Compression.Gzip,
    )
    assert await send(gzipped, spans.take()) == SpanExportResult.SUCCESS
    with genai_agent_turn(spans.tracer, "Sent with deflate?", [], "Also."):
        pass
    deflated = OTLPSpanExporter(
        endpoint=f"http://{served}/v1/traces",
        headers={"authorization": f"Bearer {key}"},
        compression=Compression.Deflate,
    )
    assert await send(deflated, spans.take()) == SpanExportResult.SUCCESS
    runs = await runs_of(owner)
    assert [(r["question"], r["answer"]) for r in runs] == [
        ("Sent with gzip?", "Yes."),
        ("Sent with deflate?", "Also."),
    ]
