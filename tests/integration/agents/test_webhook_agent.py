"""A webhook agent: each request signed (checked on the agent's side), answered within its
timeout and size bound, and a reply that breaks the contract refused with reasons."""

import hashlib
import hmac
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.integration.agents.chat import send
from tests.integration.agents.helpers import LOOKUP_TOOL, REFUND_TOOL, webhook_agent
from tests.support.graphql_client import Api
from tests.support.loopback_http import Answer, LoopbackHttp, Received


@pytest.fixture
def agent_endpoint() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as server:
        yield server


def verifying(secret: str, reply: dict[str, Any]) -> Any:
    """An agent that answers only requests signed with ``secret`` within five minutes."""

    def handle(request: Received) -> Answer:
        timestamp = request.headers.get("x-casebook-timestamp", "")
        given = request.headers.get("x-casebook-signature", "")
        expected = hmac.new(
            secret.encode(), f"{timestamp}.".encode() + request.body, hashlib.sha256
        ).hexdigest()
        fresh = timestamp.isdigit() and abs(time.time() - int(timestamp)) <= 300
        if not fresh or not hmac.compare_digest(given, f"v1={expected}"):
            return Answer(401, {"error": "bad signature"})
        return Answer(200, reply)

    return handle


REPLY = {
    "steps": [
        {
            "type": "tool_call",
            "name": "lookup_order",
            "arguments": {"order_id": "7"},
            "status": "ok",
            "result": "shipped",
        },
        {
            "type": "tool_call",
            "name": "refund_order",
            "arguments": {"order_id": "7"},
            "status": "blocked",
        },
    ],
    "answer": "Order 7 has shipped.",
    "costUsd": 0.004,
    "latencyMs": 321,
    "model": "their-model",
    "inputTokens": 50,
    "outputTokens": 9,
}


async def _agent(owner: Api, endpoint: LoopbackHttp, **kw: Any) -> dict[str, Any]:
    return await webhook_agent(
        owner, endpoint.url_for("/agent"), tools=[LOOKUP_TOOL, REFUND_TOOL], **kw
    )


async def test_a_signed_request_carries_the_conversation_and_the_reply_is_recorded(
    owner: Api, agent_endpoint: LoopbackHttp
) -> None:
    created = await _agent(owner, agent_endpoint)
    agent_endpoint.answer_with(verifying(created["signingSecret"], REPLY))
    first = await send(owner, created["agent"]["id"], "Hello", isolated=True)
    run = first["run"]
    assert run["status"] == "SUCCEEDED", run["error"]
    assert (run["answer"], run["costUsd"], run["latencyMs"], run["model"]) == (
        "Order 7 has shipped.",
        0.004,
        321,
        "their-model",
    )
    assert [(s["toolName"], s["status"], s["readOnly"]) for s in run["steps"]] == [
        ("lookup_order", "OK", True),
        ("refund_order", "BLOCKED", False),
        (None, None, None),
    ]
    await send(
        owner, created["agent"]["id"], "And order 8?", conversation_id=first["conversation"]["id"]
    )
    body = agent_endpoint.received[1].json
    assert body["question"] == "And order 8?"
    assert body["history"] == [
        {"role": "user", "content": "Hello"},
        {"role": "agent", "content": "Order 7 has shipped."},
    ]
    assert body["run"] == {"isolated": False, "eval": False}
    assert [(t["name"], t["readOnly"]) for t in body["tools"]] == [
        ("lookup_order", True),
        ("refund_order", False),
    ]
    assert body["agent"] == {"id": created["agent"]["id"], "version": 1}
    assert body["conversation"] == {"id": first["conversation"]["id"]}


async def test_a_request_signed_with_a_rotated_secret_is_refused_by_the_agent(
    owner: Api, agent_endpoint: LoopbackHttp
) -> None:
    created = await _agent(owner, agent_endpoint)
    agent_endpoint.answer_with(verifying(created["signingSecret"], REPLY))
    await owner(
        "mutation($id: ID!) { rotateAgentSecret(id: $id) { signingSecret } }",
        {"id": created["agent"]["id"]},
    )
    run = (await send(owner, created["agent"]["id"], "Hello"))["run"]
    assert run["status"] == "FAILED" and run["error"] == "the webhook agent answered HTTP 401"


async def test_an_agent_slower_than_its_timeout_fails_the_run_saying_so(
    owner: Api, agent_endpoint: LoopbackHttp
) -> None:
    created = await _agent(owner, agent_endpoint, timeout_seconds=1)
    agent_endpoint.answer_with(lambda _: Answer(200, REPLY, delay_s=3))
    started = time.monotonic()
    run = (await send(owner, created["agent"]["id"], "Hello"))["run"]
    assert time.monotonic() - started < 2.5
    assert (run["status"], run["error"]) == (
        "FAILED",
        "the webhook agent did not answer within 1 s",
    )
    assert run["hasTranscript"] is False


@pytest.mark.parametrize(
    ("reply", "reasons"),
    [
        (
            {"answer": 3, "stpes": []},
            ["answer must be a string", "stpes is not part of the contract"],
        ),
        ({}, ["the reply has neither an answer nor any step"]),
        (
            {"steps": [{"type": "tool_call", "name": "refund_order", "status": "ok"}]},
            ["steps.0: refund_order is not declared read-only and this run is isolated"],
        ),
        (
            {"steps": [{"type": "tool_call", "name": "x", "status": "done", "arguments": []}]},
            ["steps.0.arguments must be an object"],
        ),
        ([1, 2], ["the reply must be a JSON object"]),
    ],
)
async def test_a_malformed_reply_is_refused_with_reasons_a_developer_can_act_on(
    owner: Api, agent_endpoint: LoopbackHttp, reply: Any, reasons: list[str]
) -> None:
    created = await _agent(owner, agent_endpoint)
    agent_endpoint.answer_with(lambda _: Answer(200, reply))
    run = (await send(owner, created["agent"]["id"], "Hello", isolated=True))["run"]
    assert run["status"] == "FAILED"
    assert run["error"].startswith("the webhook agent's reply was refused: ")
    for reason in reasons:
        assert reason in run["error"]


async def test_a_reply_that_is_not_json_too_large_or_an_error_status_is_refused(
    owner: Api, agent_endpoint: LoopbackHttp
) -> None:
    created = await _agent(owner, agent_endpoint)
    agent_id = created["agent"]["id"]
    agent_endpoint.answer_with(lambda _: Answer(200, raw=b"<html>oops</html>"))
    assert "is not JSON" in (await send(owner, agent_id, "Hi"))["run"]["error"]
    big = b'{"answer": "' + b"x" * 1_100_000 + b'"}'
    agent_endpoint.answer_with(lambda _: Answer(200, raw=big))
    assert "larger than 1,000,000 bytes" in (await send(owner, agent_id, "Hi"))["run"]["error"]
    agent_endpoint.answer_with(lambda _: Answer(500, {"error": "secret internals"}))
    error = (await send(owner, agent_id, "Hi"))["run"]["error"]
    assert error == "the webhook agent answered HTTP 500" and "secret" not in error
