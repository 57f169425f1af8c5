"""Traces: off unless OTEL_* asks; on, one trace runs from the request that queues a job
through the job, with SQL, Redis and outbound HTTP spans, and the request id on it."""

from collections.abc import Iterator

import pytest
import sqlalchemy.ext.asyncio as sa_asyncio
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from casebook.llm.http_json import RetryPolicy, Timeouts
from casebook.llm.openai_compatible import OpenAICompatibleProvider
from casebook.llm.pricing import PriceTable
from casebook.llm.protocol import ChatMessage, ChatRequest
from casebook.logging import _add_request_id
from casebook.observability import tracing
from tests.support.fixtures import model_server, model_server_session  # noqa: F401
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer, text_reply

QUEUE = 'mutation QueueProbe { ping(message: "traced") { job { id } } }'
REQUEST_ID = "trace-probe-0001"


@pytest.fixture
def traces() -> Iterator[InMemorySpanExporter]:
    """Traces on for one test, exported to memory (the app and worker made after it trace)."""
    exporter = InMemorySpanExporter()
    tracing.enable([exporter], service="casebook-test", batch=False)
    try:
        yield exporter
    finally:
        tracing.disable()


def _named(spans: tuple[ReadableSpan, ...], name: str) -> ReadableSpan:
    found = [span for span in spans if span.name == name]
    assert len(found) == 1, (name, sorted({span.name for span in spans}))
    return found[0]


def _parent_id(span: ReadableSpan) -> int | None:
    return span.parent.span_id if span.parent is not None else None


async def test_one_trace_runs_from_the_request_that_queues_a_job_through_the_job(
    traces: InMemorySpanExporter, owner: Api, run_worker
) -> None:
    traces.clear()  # signing in made spans of its own
    response = await owner.http.post(
        "/graphql",
        json={"query": QUEUE},
        headers={**owner.headers, "x-request-id": REQUEST_ID},
    )
    assert response.status_code == 200 and "errors" not in response.json()
    await run_worker()
    spans = traces.get_finished_spans()

    request = _named(spans, "POST /graphql")
    trace_id = request.context.trace_id
    assert request.kind is SpanKind.SERVER
    assert request.attributes["casebook.request_id"] == REQUEST_ID
    assert request.attributes["http.response.status_code"] == 200
    operation = _named(spans, "mutation QueueProbe")
    assert _parent_id(operation) == request.context.span_id
    enqueue = _named(spans, "enqueue ping")
    assert enqueue.kind is SpanKind.PRODUCER
    assert enqueue.context.trace_id == trace_id
    job = _named(spans, "job ping")
    assert job.kind is SpanKind.CONSUMER
    assert job.context.trace_id == trace_id  # the job joins the request's trace
    assert _parent_id(job) == enqueue.context.span_id
    assert job.attributes["casebook.job.status"] == "succeeded"

    in_trace = [span for span in spans if span.context.trace_id == trace_id]
    systems = {span.attributes.get("db.system") for span in in_trace}
    assert "postgresql" in systems and "redis" in systems
    sql_in_job = [s for s in in_trace if _parent_id(s) == job.context.span_id]
    assert any(s.attributes.get("db.system") == "postgresql" for s in sql_in_job)
    # Statements are recorded with their placeholders, Redis commands without arguments:
    # the job's payload (its message) is in no span.
    assert '"traced"' not in repr([dict(span.attributes or {}) for span in spans])


async def test_a_caller_s_traceparent_is_continued(
    traces: InMemorySpanExporter, http, sessionmaker
) -> None:
    caller_trace = "4bf92f3577b34da6a3ce929d0e0e4736"
    await http.post(
        "/graphql",
        json={"query": "query Anyone { viewer { role } }"},
        headers={"traceparent": f"00-{caller_trace}-00f067aa0ba902b7-01"},
    )
    request = _named(traces.get_finished_spans(), "POST /graphql")
    assert f"{request.context.trace_id:032x}" == caller_trace


async def test_outbound_model_calls_are_traced(
    traces: InMemorySpanExporter,
    model_server: ModelServer,  # noqa: F811
) -> None:
    provider = OpenAICompatibleProvider(
        base_url=model_server.openai_base_url,
        api_key="sk-test-trace",
        prices=PriceTable({}),
        timeouts=Timeouts(connect_s=1.0, read_s=2.0, write_s=1.0, pool_s=1.0),
        retry=RetryPolicy(max_attempts=1),
    )
    model_server.reply_with(text_reply("fine"))
    try:
        with tracing.span("judge something"):
            await provider.chat(ChatRequest(model="m", messages=[ChatMessage("user", "hi")]))
    finally:
        await provider.aclose()
    spans = traces.get_finished_spans()
    parent = _named(spans, "judge something")
    outbound = [
        s for s in spans if s.kind is SpanKind.CLIENT and _parent_id(s) == parent.context.span_id
    ]
    assert [
        s.attributes.get("http.request.method", s.attributes.get("http.method")) for s in outbound
    ] == ["POST"]
    assert "sk-test-trace" not in repr([dict(s.attributes or {}) for s in spans])


async def test_log_lines_carry_the_trace_when_traces_are_on(traces: InMemorySpanExporter) -> None:
    with tracing.span("logged") as span:
        event = _add_request_id(None, "info", {"event": "x"})
    assert span is not None
    assert event["trace_id"] == f"{span.get_span_context().trace_id:032x}"


def test_traces_are_off_unless_the_environment_asks() -> None:
    assert tracing.requested_by_environment({}) is False
    assert tracing.requested_by_environment({"OTEL_SERVICE_NAME": "x"}) is False
    assert tracing.requested_by_environment({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"})
    assert tracing.requested_by_environment({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://c"})
    assert tracing.requested_by_environment({"OTEL_TRACES_EXPORTER": "console"})
    assert not tracing.requested_by_environment({"OTEL_TRACES_EXPORTER": "none"})
    assert not tracing.requested_by_environment(
        {"OTEL_SDK_DISABLED": "true", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"}
    )


async def test_off_nothing_is_traced_patched_or_stored(owner: Api, sessionmaker) -> None:
    assert tracing.tracer() is None
    assert tracing.carrier() is None
    assert not hasattr(sa_asyncio.create_async_engine, "__wrapped__")  # no instrumentation
    await owner(QUEUE)
    from sqlalchemy import select

    from casebook.db.models import Job

    async with sessionmaker() as session:
        assert (await session.execute(select(Job.trace_context))).scalar_one() is None
