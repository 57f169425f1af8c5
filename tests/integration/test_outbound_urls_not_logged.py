"""No outbound URL's path or query reaches a log: real calls to a webhook agent, a tool
endpoint and a model server, whose URLs hold a token, logged through the app's logging
(JSON and console), with httpx's own loggers at their most verbose, an error that quotes
its URL logged with its traceback, and the spans of the calls when traces are on."""

import logging
from collections.abc import Iterator

import httpx
import pytest
import structlog
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from casebook.domain.agents.model import WebhookAgentConfig
from casebook.llm.guarded_transport import guarded_client
from casebook.llm.http_json import RetryPolicy
from casebook.llm.openai_compatible import OpenAICompatibleProvider
from casebook.llm.outbound import OutboundPolicy
from casebook.llm.protocol import ChatMessage, ChatRequest
from casebook.logging import configure_logging
from casebook.observability import tracing
from casebook.services.agents.tool_endpoints import CallContext, execute_tool
from casebook.services.agents.webhook_agent import answer_with_webhook
from tests.support.fixtures import model_server, model_server_session  # noqa: F401
from tests.support.loopback_http import Answer, LoopbackHttp
from tests.support.model_server import ModelServer, text_reply

TOKEN = "hook-token-5f1c0a"
QUERY_TOKEN = "query-token-9d2e7b"
CALL = CallContext("QWdlbnQ6MQ==", 1, None, isolated=True, eval_run=False)


@pytest.fixture
def restored_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    quiet = {name: logging.getLogger(name).level for name in ("httpx", "httpcore")}
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    for name, was in quiet.items():
        logging.getLogger(name).setLevel(was)
    structlog.reset_defaults()


@pytest.fixture
def endpoint() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as server:
        server.answer_with(lambda _: Answer(200, {"answer": "fine"}))
        yield server


async def _calls(endpoint: LoopbackHttp, server: ModelServer) -> None:
    secret_path = f"/hook/{TOKEN}?token={QUERY_TOKEN}"
    config = WebhookAgentConfig(url=endpoint.url_for(secret_path), tools=(), timeout_seconds=5)
    reply = await answer_with_webhook(config, history=(), question="Hi", secret="s", call=CALL)
    assert reply.error is None
    async with guarded_client(OutboundPolicy()) as client:
        outcome = await execute_tool(
            client,
            endpoint=endpoint.url_for(secret_path),
            secret="s",
            tool="lookup",
            arguments={},
            call=CALL,
            timeout_s=5,
        )
    assert outcome.ok
    server.reply_with(text_reply("hello"))
    provider = OpenAICompatibleProvider(
        base_url=f"{server.url}/{TOKEN}/v1", retry=RetryPolicy(max_attempts=1)
    )
    try:
        await provider.chat(ChatRequest(model="m", messages=[ChatMessage("user", "Hi")]))
    except Exception:  # the scripted server has no such prefix: the call itself is the point
        structlog.get_logger("test").exception("model call failed")
    finally:
        await provider.aclose()
    request = httpx.Request("POST", endpoint.url_for(secret_path))
    failed = httpx.HTTPStatusError(
        f"Server error for url '{request.url}'", request=request, response=httpx.Response(500)
    )
    try:
        raise failed
    except httpx.HTTPStatusError:
        structlog.get_logger("test").exception("an outbound call failed", url=str(request.url))
        logging.getLogger("casebook.test").error("failed calling %s", request.url, exc_info=True)


@pytest.mark.parametrize("json", [True, False])
async def test_no_log_line_carries_an_outbound_url_s_path_or_query(
    capsys: pytest.CaptureFixture[str],
    restored_logging: None,
    endpoint: LoopbackHttp,
    model_server: ModelServer,  # noqa: F811
    json: bool,
) -> None:
    configure_logging("DEBUG", json=json)
    capsys.readouterr()
    await _calls(endpoint, model_server)
    written = capsys.readouterr()
    logged = written.err + written.out
    assert len(endpoint.received) == 2  # the webhook and the tool were called
    assert "an outbound call failed" in logged and "failed calling" in logged
    assert f"http://127.0.0.1:{endpoint.port}/..." in logged
    for secret in (TOKEN, QUERY_TOKEN, "/hook", "/v1/chat/completions"):
        assert secret not in logged


async def test_no_span_of_an_outbound_call_carries_its_path_or_query(
    endpoint: LoopbackHttp,
    model_server: ModelServer,  # noqa: F811
) -> None:
    exporter = InMemorySpanExporter()
    tracing.enable([exporter], service="casebook-test", batch=False)
    try:
        await _calls(endpoint, model_server)
    finally:
        tracing.disable()
    # HTTP calls out: Redis and PostgreSQL calls are client spans too.
    outbound = [
        s
        for s in exporter.get_finished_spans()
        if s.kind.name == "CLIENT"
        and any(k in (s.attributes or {}) for k in ("http.request.method", "http.method"))
    ]
    assert len(outbound) >= 3
    for span in outbound:
        shown = repr(dict(span.attributes or {})) + span.name
        assert TOKEN not in shown and QUERY_TOKEN not in shown and "/hook" not in shown
        assert any(key in (span.attributes or {}) for key in ("url.full", "http.url"))
