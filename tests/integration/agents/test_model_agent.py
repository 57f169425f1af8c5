"""A model agent Casebook calls itself: the scripted model makes tool calls; read-only ones
run at their endpoint, writes are blocked when isolated, a tool without an endpoint answers
"not available here", runaway loops stop, and every call is metered."""

import hashlib
import hmac
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text

from tests.integration.agents.chat import send
from tests.integration.agents.helpers import (
    LOOKUP_TOOL,
    REFUND_TOOL,
    agent_connection,
    model_agent,
)
from tests.support.graphql_client import Api
from tests.support.loopback_http import Answer, LoopbackHttp, Received
from tests.support.model_server import ModelServer, text_reply, tool_call_reply


@pytest.fixture
def tools() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as server:
        yield server


def _signed_by(secret: str, request: Received) -> bool:
    timestamp = request.headers["x-casebook-timestamp"]
    expected = hmac.new(
        secret.encode(), f"{timestamp}.".encode() + request.body, hashlib.sha256
    ).hexdigest()
    return hmac.compare_digest(request.headers["x-casebook-signature"], f"v1={expected}")


async def _agent(owner: Api, server: ModelServer, tools: LoopbackHttp, **kw: Any) -> dict[str, Any]:
    connection = await agent_connection(owner, server)
    declared = [
        {**LOOKUP_TOOL, "endpoint": tools.url_for("/lookup")},
        {**REFUND_TOOL, "endpoint": tools.url_for("/refund")},
        {"name": "escalate", "description": "Hand over to a person", "readOnly": True},
    ]
    return await model_agent(owner, connection, tools=declared, **kw)


def _answering_tools(tools: LoopbackHttp) -> None:
    tools.answer_with(
        lambda r: Answer(
            200, {"status": "in transit"} if r.path == "/lookup" else {"refunded": True}
        )
    )


async def test_read_only_calls_run_and_writes_are_blocked_in_an_isolated_run(
    owner: Api, model_server: ModelServer, tools: LoopbackHttp
) -> None:
    created = await _agent(owner, model_server, tools)
    _answering_tools(tools)
    model_server.reply_with(
        tool_call_reply(
            ("lookup_order", {"order_id": "1234"}),
            ("refund_order", {"order_id": "1234"}),
            ("escalate", {}),
        ),
        text_reply("Your order is in transit; I could not refund it here."),
    )
    turn = await send(owner, created["agent"]["id"], "Refund order 1234", isolated=True)
    run = turn["run"]
    assert run["status"] == "SUCCEEDED" and run["isolated"] is True
    assert [(s["kind"], s["toolName"], s["status"], s["readOnly"]) for s in run["steps"]] == [
        ("TOOL_CALL", "lookup_order", "OK", True),
        ("TOOL_CALL", "refund_order", "BLOCKED", False),
        ("TOOL_CALL", "escalate", "FAILED", True),
        ("TEXT", None, None, None),
    ]
    assert run["steps"][0]["arguments"] == {"order_id": "1234"}
    assert "in transit" in run["steps"][0]["result"]
    assert run["steps"][2]["result"].startswith("not available here")
    assert run["answer"] == "Your order is in transit; I could not refund it here."
    # Only the read-only call reached an endpoint, signed with the agent's secret.
    assert [r.path for r in tools.received] == ["/lookup"]
    assert _signed_by(created["signingSecret"], tools.received[0])
    assert tools.received[0].json["arguments"] == {"order_id": "1234"}
    # The model was told what happened to each call.
    told = [m for m in model_server.chat_requests[1].body["messages"] if m["role"] == "tool"]
    assert "in transit" in told[0]["content"]
    assert told[1]["content"].startswith("blocked: this run is isolated")
    assert told[2]["content"].startswith("not available here")
    assert model_server.chat_requests[0].body["tools"][1]["function"]["name"] == "refund_order"


async def test_outside_an_isolated_run_a_write_is_executed(
    owner: Api, model_server: ModelServer, tools: LoopbackHttp
) -> None:
    created = await _agent(owner, model_server, tools)
    _answering_tools(tools)
    model_server.reply_with(
        tool_call_reply(("refund_order", {"order_id": "9"})), text_reply("Refunded.")
    )
    run = (await send(owner, created["agent"]["id"], "Refund order 9"))["run"]
    assert [(s["toolName"], s["status"]) for s in run["steps"][:1]] == [("refund_order", "OK")]
    assert [r.path for r in tools.received] == ["/refund"]


async def test_a_failing_or_slow_tool_is_a_failed_call_the_model_is_told_about(
    owner: Api, model_server: ModelServer, tools: LoopbackHttp
) -> None:
    created = await _agent(owner, model_server, tools)
    tools.answer_with(lambda r: Answer(503, {"error": "down"}))
    model_server.reply_with(
        tool_call_reply(("lookup_order", {"order_id": "1"})), text_reply("Sorry, try later.")
    )
    run = (await send(owner, created["agent"]["id"], "Where is order 1?"))["run"]
    assert run["steps"][0]["status"] == "FAILED"
    assert "HTTP 503" in run["steps"][0]["result"]


async def test_a_runaway_agent_is_stopped_after_eight_rounds(
    owner: Api, model_server: ModelServer, tools: LoopbackHttp
) -> None:
    created = await _agent(owner, model_server, tools)
    _answering_tools(tools)
    model_server.respond_with(lambda _: tool_call_reply(("lookup_order", {"order_id": "1"})))
    run = (await send(owner, created["agent"]["id"], "Loop forever"))["run"]
    assert run["status"] == "FAILED" and "8 rounds" in run["error"]
    assert len(model_server.chat_requests) == 9
    assert sum(1 for s in run["steps"] if s["kind"] == "TOOL_CALL") == 8


async def test_the_agent_runs_with_its_instructions_skills_and_the_conversation_so_far(
    owner: Api, model_server: ModelServer, tools: LoopbackHttp
) -> None:
    skill = await owner(
        """mutation { createSkill(input: {name: "Tone", instructions: "Always be kind."}) {
             skill { id } } }"""
    )
    created = await _agent(
        owner,
        model_server,
        tools,
        instructions="You answer about orders.",
        skill_ids=[skill["createSkill"]["skill"]["id"]],
    )
    model_server.reply_with(text_reply("Hello!"), text_reply("It is 1234."))
    first = await send(owner, created["agent"]["id"], "Hi")
    await send(
        owner,
        created["agent"]["id"],
        "And my order number?",
        conversation_id=first["conversation"]["id"],
    )
    second = model_server.chat_requests[1].body["messages"]
    assert second[0]["role"] == "system"
    assert "You answer about orders." in second[0]["content"]
    assert "Always be kind." in second[0]["content"]
    assert [(m["role"], m["content"]) for m in second[1:]] == [
        ("user", "Hi"),
        ("assistant", "Hello!"),
        ("user", "And my order number?"),
    ]


async def test_a_spent_budget_stops_the_run_with_the_reason_and_calls_are_metered(
    owner: Api, model_server: ModelServer, tools: LoopbackHttp, sessionmaker: Any
) -> None:
    created = await _agent(owner, model_server, tools)
    model_server.reply_with(text_reply("Fine."))
    await send(owner, created["agent"]["id"], "Hi")
    async with sessionmaker() as session:
        helpers = (await session.execute(text("SELECT helper FROM model_usage"))).scalars().all()
    assert helpers == ["agent"]
    await owner(
        'mutation { setModelBudget(helper: "agent", monthlyLimitUsd: 0) { budgets { helper } } }'
    )
    run = (await send(owner, created["agent"]["id"], "Again"))["run"]
    assert run["status"] == "FAILED" and "budget" in run["error"]
    assert len(model_server.chat_requests) == 1


async def test_the_anthropic_provider_carries_tool_calls_too(
    owner: Api, model_server: ModelServer, tools: LoopbackHttp
) -> None:
    connection = (
        await owner(
            """mutation($u: String!) { addModelConnection(input: {name: "Claude", provider: ANTHROPIC,
                 baseUrl: $u, models: ["claude-3-5-haiku-latest"], apiKey: "sk-ant-test-0123456789"}) {
                 connection { id } } }""",
            {"u": model_server.url},
        )
    )["addModelConnection"]["connection"]["id"]
    declared = [{**LOOKUP_TOOL, "endpoint": tools.url_for("/lookup")}]
    created = await model_agent(owner, connection, tools=declared, model="claude-3-5-haiku-latest")
    _answering_tools(tools)
    model_server.reply_with(
        tool_call_reply(("lookup_order", {"order_id": "5"})), text_reply("In transit.")
    )
    run = (await send(owner, created["agent"]["id"], "Where is 5?"))["run"]
    assert [(s["toolName"], s["status"]) for s in run["steps"][:1]] == [("lookup_order", "OK")]
    follow = model_server.chat_requests[1].body["messages"]
    assert follow[1]["content"][0]["type"] == "tool_use"
    assert follow[2]["content"][0]["type"] == "tool_result"
