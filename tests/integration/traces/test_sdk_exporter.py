"""Spans sent with the OpenTelemetry SDK's own OTLP/HTTP exporter to the running API become
conversations, turns, runs and steps in Activity, field by field."""

from collections.abc import Iterator
from typing import Any

import pytest
from opentelemetry.sdk.trace.export import SpanExportResult

from casebook.config import Settings
from tests.integration.traces.helpers import (
    CONVERSATION,
    Call,
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


@pytest.fixture
def served(settings: Settings, app: Any) -> Iterator[str]:
    with live_server(settings) as base:
        yield base


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
    sender = exporter(served, await api_key(owner))
    assert await send(sender, spans.take()) == SpanExportResult.SUCCESS
    [run] = await runs_of(owner)
    assert run["question"] == "Where is my order 1234?"
    assert run["answer"] == "It ships tomorrow."
    print(run)
