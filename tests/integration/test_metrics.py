"""``/metrics``: a scrape after a few operations finds their series; the token guards it."""

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import websockets
from asgi_lifespan import LifespanManager

from casebook.app import create_app
from casebook.config import Settings
from casebook.jobs import worker_metrics
from casebook.llm.http_json import RetryPolicy, Timeouts
from casebook.llm.metering import MeteredProvider
from casebook.llm.openai_compatible import OpenAICompatibleProvider
from casebook.llm.pricing import ModelPrice, PriceTable
from casebook.llm.protocol import ChatMessage, ChatRequest
from casebook.observability import metrics
from tests.integration.conftest import PASSWORD, Org
from tests.support.fixtures import model_server, model_server_session  # noqa: F401
from tests.support.graphql_client import Api
from tests.support.live_server import free_port, live_server
from tests.support.metering import InMemoryMeteringSink
from tests.support.model_server import ModelServer, text_reply
from tests.support.prometheus import grew, parse, value

PROBE = "query MetricsProbe { viewer { user { email } } }"
BAD_INPUT = """mutation MetricsBadInput { createDataset(input: {name: ""}) { dataset { id } } }"""


async def _scrape(http: httpx.AsyncClient, **headers: str) -> dict[Any, float]:
    response = await http.get("/metrics", headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return parse(response.text)


async def _scrape_until(
    http: httpx.AsyncClient, holds: Callable[[dict[Any, float]], bool], within: float = 5.0
) -> None:
    """Scrape until ``holds`` (the server notices a closed socket on its own time)."""
    deadline = asyncio.get_running_loop().time() + within
    while not holds(await _scrape(http)):
        assert asyncio.get_running_loop().time() < deadline, "the gauge did not come back"
        await asyncio.sleep(0.05)


async def _judge_call(server: ModelServer) -> None:
    provider = OpenAICompatibleProvider(
        base_url=server.openai_base_url,
        api_key="sk-test-metrics",
        prices=PriceTable(
            {"probe-model": ModelPrice(input_per_million=2.0, output_per_million=8.0)}
        ),
        timeouts=Timeouts(connect_s=1.0, read_s=2.0, write_s=1.0, pool_s=1.0),
        retry=RetryPolicy(max_attempts=1),
    )
    judge = MeteredProvider(provider, InMemoryMeteringSink(), org_id=1, helper="judge")
    server.reply_with(text_reply("verdict", input_tokens=1000, output_tokens=250))
    try:
        await judge.chat(ChatRequest(model="probe-model", messages=[ChatMessage("user", "Grade.")]))
    finally:
        await provider.aclose()


async def test_a_scrape_after_some_operations_finds_their_series(
    http: httpx.AsyncClient,
    owner: Api,
    run_worker,
    model_server: ModelServer,  # noqa: F811
) -> None:
    before = await _scrape(http)

    await owner(PROBE)
    assert (await owner.errors(BAD_INPUT)).codes == ["BAD_USER_INPUT"]
    await owner('mutation MetricsPing { ping(message: "m") { job { id } } }')
    await run_worker()
    await _judge_call(model_server)
    metrics.eval_answers(3)

    after = await _scrape(http)
    operations = "casebook_graphql_operation_duration_seconds_count"
    assert grew(before, after, operations, operation="MetricsProbe", type="query") == 1
    assert grew(before, after, operations, operation="MetricsPing", type="mutation") == 1
    errors = "casebook_graphql_errors_total"
    assert grew(before, after, errors, operation="MetricsBadInput", code="BAD_USER_INPUT") == 1
    requests = "casebook_http_request_duration_seconds_count"
    assert grew(before, after, requests, route="/graphql", method="POST", status="200") >= 3
    assert grew(before, after, requests, route="/metrics", method="GET", status="200") == 1
    jobs = "casebook_job_duration_seconds_count"
    assert grew(before, after, jobs, kind="ping", outcome="succeeded") == 1
    assert value(after, "casebook_jobs_queued") == 0
    assert value(after, "casebook_jobs_running") == 0
    assert ("casebook_job_oldest_queued_age_seconds", frozenset()) in after
    call = {"helper": "judge", "model": "probe-model"}
    assert grew(before, after, "casebook_model_calls_total", **call, kind="chat", outcome="ok") == 1
    assert grew(before, after, "casebook_model_tokens_total", **call, direction="input") == 1000
    assert grew(before, after, "casebook_model_tokens_total", **call, direction="output") == 250
    assert grew(before, after, "casebook_model_cost_usd_total", **call) == pytest.approx(0.004)
    seconds = "casebook_model_call_duration_seconds_count"
    assert grew(before, after, seconds, **call, kind="chat") == 1
    assert grew(before, after, "casebook_eval_answers_total", outcome="answered") == 3


async def test_the_queue_gauges_count_jobs_waiting_and_their_age(
    http: httpx.AsyncClient, owner: Api
) -> None:
    await owner('mutation { ping(message: "waits") { job { id } } }')
    await owner('mutation { ping(message: "waits too") { job { id } } }')
    scraped = await _scrape(http)
    assert value(scraped, "casebook_jobs_queued") == 2
    assert value(scraped, "casebook_job_oldest_queued_age_seconds") >= 0


async def test_websockets_and_subscriptions_are_counted_while_open(
    settings: Settings, org: Org
) -> None:
    connections, subscriptions = (
        "casebook_websocket_connections",
        "casebook_graphql_subscriptions_active",
    )
    with live_server(settings) as host:
        async with httpx.AsyncClient(base_url=f"http://{host}") as client:
            api = Api(client)
            await api.login(org.owner_email, PASSWORD)
            job_id = (await api('mutation { ping(message: "ws") { job { id } } }'))["ping"]["job"][
                "id"
            ]
            cookie = f"casebook_session={client.cookies['casebook_session']}"
            before = await _scrape(client)
            async with websockets.connect(
                f"ws://{host}/graphql",
                subprotocols=["graphql-transport-ws"],
                additional_headers={"cookie": cookie, "origin": "http://console.test"},
            ) as ws:
                await ws.send(json.dumps({"type": "connection_init", "payload": {}}))
                assert json.loads(await ws.recv())["type"] == "connection_ack"
                query = "subscription Watching($id: ID!) { jobProgress(id: $id) { status } }"
                payload = {"query": query, "variables": {"id": job_id}}
                await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": payload}))
                assert json.loads(await ws.recv())["type"] == "next"
                during = await _scrape(client)
                assert grew(before, during, connections) == 1
                assert grew(before, during, subscriptions, operation="Watching") == 1
                await ws.send(json.dumps({"id": "1", "type": "complete"}))
                await _scrape_until(
                    client, lambda now: grew(before, now, subscriptions, operation="Watching") == 0
                )
            await _scrape_until(client, lambda now: grew(before, now, connections) == 0)


async def test_a_metrics_token_guards_the_scrape_and_metrics_can_be_turned_off(
    settings: Settings, sessionmaker
) -> None:
    guarded = create_app(settings.model_copy(update={"metrics_token": "s3cret-scrape"}))
    async with LifespanManager(guarded):
        transport = httpx.ASGITransport(app=guarded)
        async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as http:
            assert (await http.get("/metrics")).status_code == 401
            wrong = await http.get("/metrics", headers={"authorization": "Bearer nope"})
            assert wrong.status_code == 401
            await _scrape(http, authorization="Bearer s3cret-scrape")
    off = create_app(settings.model_copy(update={"metrics_enabled": False}))
    async with LifespanManager(off):
        transport = httpx.ASGITransport(app=off)
        async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as http:
            assert (await http.get("/metrics")).status_code == 404


async def test_the_worker_serves_its_metrics_on_its_own_port(
    settings: Settings, sessionmaker, app
) -> None:
    port = free_port()
    ctx = {
        "settings": settings.model_copy(
            update={"worker_metrics_port": port, "metrics_token": "w0rker"}
        ),
        "sessionmaker": sessionmaker,
        "redis": app.state.casebook.redis,
    }
    server = await worker_metrics.start_listener(ctx)
    assert server is not None
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            assert (await client.get("/metrics")).status_code == 401
            assert (await client.get("/other")).status_code == 404
            scraped = await _scrape(client, authorization="Bearer w0rker")
        assert ("casebook_worker_arq_queue_length", frozenset()) in scraped
        assert ("casebook_jobs_queued", frozenset()) in scraped
        # A second listener on the same port is refused politely: the worker runs on.
        assert await worker_metrics.start_listener(ctx) is None
    finally:
        server.close()
        await server.wait_closed()
