"""Spans made with the OpenTelemetry SDK, sent with its OTLP/HTTP exporter, and the
GraphQL reads the trace tests assert Activity with."""

import asyncio
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import Status, StatusCode, Tracer

from tests.support.graphql_client import Api

CREATE_KEY = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }"""
RECORDING = ["runs:view", "agents:view", "agents:run", "agents:edit"]
RUN_FIELDS = """id question answer status error model costUsd latencyMs inputTokens outputTokens
  startedAt agentName agentVersionNumber traceId spanId attributes messageId
  agent { id name kind }
  steps { position kind text toolName arguments status result }
  conversation { id title endUser messageCount }"""
RUNS = f"""query($first: Int! = 100) {{ runs(first: $first) {{
  edges {{ node {{ {RUN_FIELDS} }} }} }} }}"""
CONVERSATION = """query($id: ID!) { conversation(id: $id) { id title messageCount
  messages { edges { node { role content position authorEndUser run { id } } } } } }"""


async def api_key(owner: Api, scopes: Sequence[str] = RECORDING, name: str = "traces") -> str:
    data = await owner(CREATE_KEY, {"i": {"name": name, "scopes": list(scopes)}})
    return str(data["createApiKey"]["secret"])


async def runs_of(api: Api) -> list[dict[str, Any]]:
    data = await api(RUNS)
    runs = [edge["node"] for edge in data["runs"]["edges"]]
    return sorted(runs, key=lambda r: r["startedAt"] or "")


@dataclass
class Spans:
    """An SDK tracer whose finished spans are kept in memory, to be sent as a test says."""

    service: str = "support-bot"
    version: str | None = None
    memory: InMemorySpanExporter = field(default_factory=InMemorySpanExporter)

    def __post_init__(self) -> None:
        attributes: dict[str, Any] = {"service.name": self.service}
        if self.version:
            attributes["service.version"] = self.version
        self.provider = TracerProvider(resource=Resource.create(attributes))
        self.provider.add_span_processor(SimpleSpanProcessor(self.memory))
        self.tracer: Tracer = self.provider.get_tracer("tests")

    def take(self) -> list[ReadableSpan]:
        """The spans finished since the last take, in the order they ended."""
        spans = list(self.memory.get_finished_spans())
        self.memory.clear()
        return spans


def exporter(base: str, key: str) -> OTLPSpanExporter:
    return OTLPSpanExporter(
        endpoint=f"http://{base}/v1/traces",
        headers={"authorization": f"Bearer {key}"},
        timeout=30,
    )


async def send(sender: OTLPSpanExporter, spans: Sequence[ReadableSpan]) -> SpanExportResult:
    return await asyncio.to_thread(sender.export, list(spans))


def protobuf_body(spans: Sequence[ReadableSpan]) -> bytes:
    return bytes(encode_spans(list(spans)).SerializePartialToString())


def _messages(*messages: dict[str, Any]) -> str:
    return json.dumps(list(messages))


@dataclass(frozen=True)
class Call:
    name: str
    arguments: dict[str, Any]
    result: str
    call_id: str
    failed: bool = False


@contextmanager
def genai_agent_turn(
    tracer: Tracer,
    question: str,
    calls: Sequence[Call],
    answer: str,
    *,
    session: str | None = None,
    user: str | None = None,
) -> Iterator[None]:
    """An agent turn in OpenTelemetry's GenAI conventions: ``invoke_agent`` around a chat
    call that asks for the tools, an ``execute_tool`` span per call, and a chat call that
    answers. The body of the ``with`` runs inside the agent span, after the answer."""
    person = {"user.id": user} if user else {}
    conversation = {"gen_ai.conversation.id": session} if session else {}
    asked = {"role": "user", "parts": [{"type": "text", "content": question}]}
    system = {"role": "system", "parts": [{"type": "text", "content": "You help shoppers."}]}
    requested = {
        "role": "assistant",
        "parts": [
            {"type": "tool_call", "id": c.call_id, "name": c.name, "arguments": c.arguments}
            for c in calls
        ],
    }
    with tracer.start_as_current_span(
        "invoke_agent support",
        attributes={
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": "support",
            **conversation,
            **person,
        },
    ):
        with tracer.start_as_current_span(
            "chat gpt-4o-mini",
            attributes={
                "gen_ai.operation.name": "chat",
                "gen_ai.provider.name": "openai",
                "gen_ai.request.model": "gpt-4o-mini",
                "gen_ai.response.model": "gpt-4o-mini-2024-07-18",
                "gen_ai.usage.input_tokens": 120,
                "gen_ai.usage.output_tokens": 30,
                "gen_ai.request.temperature": 0.2,
                "gen_ai.input.messages": _messages(system, asked),
                "gen_ai.output.messages": _messages({**requested, "finish_reason": "tool_call"}),
            },
        ):
            pass
        for call in calls:
            with tracer.start_as_current_span(
                f"execute_tool {call.name}",
                attributes={
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": call.name,
                    "gen_ai.tool.call.id": call.call_id,
                    "gen_ai.tool.call.arguments": json.dumps(call.arguments),
                    "gen_ai.tool.call.result": call.result,
                },
            ) as tool:
                if call.failed:
                    tool.set_status(Status(StatusCode.ERROR, call.result))
        results = [
            {
                "role": "tool",
                "parts": [{"type": "tool_call_response", "id": c.call_id, "response": c.result}],
            }
            for c in calls
        ]
        with tracer.start_as_current_span(
            "chat gpt-4o-mini",
            attributes={
                "gen_ai.operation.name": "chat",
                "gen_ai.request.model": "gpt-4o-mini",
                "gen_ai.usage.input_tokens": 200,
                "gen_ai.usage.output_tokens": 40,
                "gen_ai.input.messages": _messages(system, asked, requested, *results),
                "gen_ai.output.messages": _messages(
                    {
                        "role": "assistant",
                        "parts": [{"type": "text", "content": answer}],
                        "finish_reason": "stop",
                    }
                ),
            },
        ):
            pass
        yield


def genai_agent_trace_calls() -> list[Call]:
    return [
        Call("lookup_order", {"order_id": "1234"}, '{"status": "in transit"}', "call_1"),
        Call("refund_order", {"order_id": "1234"}, "the refund service is down", "call_2", True),
    ]
