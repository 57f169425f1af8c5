"""The one entry point eval runs call from a worker: answer a case with an agent version,
isolated and as an eval, and record the answer as a run in Activity."""

from typing import Any

import pytest

from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.domain.agents.webhook_contract import Turn
from casebook.graphql.ids import decode_id, encode_id
from casebook.services.agents.invocation import answer_and_record
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import NotFound
from tests.integration.activity.helpers import CONVERSATION, RUN
from tests.integration.agents.helpers import (
    CONFIGURE_MODEL_AGENT,
    LOOKUP_TOOL,
    REFUND_TOOL,
    agent_connection,
    model_agent,
)
from tests.integration.conftest import MemberFactory
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer, text_reply, tool_call_reply


async def _context(app: Any, api: Api, role: Role) -> ServiceContext:
    me = await api("{ viewer { user { id } organization { id } } }")
    actor = Actor(
        decode_id(me["viewer"]["user"]["id"], "User"),
        decode_id(me["viewer"]["organization"]["id"], "Organization"),
        role,
    )
    state = app.state.casebook
    return ServiceContext(state.sessionmaker, state.redis, state.settings, actor)


async def test_a_case_is_answered_by_a_chosen_version_isolated_and_recorded_as_an_eval_run(
    app: Any, owner: Api, model_server: ModelServer
) -> None:
    connection = await agent_connection(owner, model_server)
    created = await model_agent(owner, connection, tools=[LOOKUP_TOOL, REFUND_TOOL])
    agent_id = created["agent"]["id"]
    changed = {
        "connectionId": connection,
        "model": "other-model",
        "tools": [LOOKUP_TOOL, REFUND_TOOL],
    }
    await owner(CONFIGURE_MODEL_AGENT, {"i": {"id": agent_id, "config": changed}})
    model_server.reply_with(
        tool_call_reply(("refund_order", {"order_id": "1234"})), text_reply("I cannot refund.")
    )
    ctx = await _context(app, owner, Role.OWNER)
    recorded = await answer_and_record(
        ctx,
        decode_id(agent_id, "Agent"),
        version=1,
        history=[Turn("user", "My order is 1234."), Turn("agent", "Noted.")],
        question="Refund it.",
    )
    assert recorded.reply.status == "succeeded"
    assert model_server.chat_requests[0].model == "gpt-4o-mini"  # version 1's model
    run = (await owner(RUN, {"id": str(encode_id("Run", recorded.run_id))}))["run"]
    assert (run["eval"], run["isolated"], run["agentVersionNumber"]) == (True, True, 1)
    assert [(s["toolName"], s["status"]) for s in run["steps"]] == [
        ("refund_order", "BLOCKED"),
        (None, None),
    ]
    assert run["question"] == "Refund it." and run["answer"] == "I cannot refund."
    conversation = await owner(
        CONVERSATION, {"id": str(encode_id("Conversation", recorded.conversation_id))}
    )
    turns = [e["node"] for e in conversation["conversation"]["messages"]["edges"]]
    assert [(t["role"], t["content"]) for t in turns] == [
        ("USER", "My order is 1234."),
        ("AGENT", "Noted."),
        ("USER", "Refund it."),
        ("AGENT", "I cannot refund."),
    ]
    sent = model_server.chat_requests[0].body["messages"]
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "user"]


async def test_the_entry_point_needs_agents_run_on_the_agent(
    app: Any, owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    connection = await agent_connection(owner, model_server)
    created = await model_agent(owner, connection, private=True)
    viewer = await member_as(Role.VIEWER)
    ctx = await _context(app, viewer, Role.VIEWER)
    with pytest.raises(NotFound):
        await answer_and_record(
            ctx, decode_id(created["agent"]["id"], "Agent"), version=None, history=[], question="Hi"
        )
    operator = await member_as(Role.OPERATOR)
    model_server.reply_with(text_reply("Hello."))
    allowed = await answer_and_record(
        await _context(app, operator, Role.OPERATOR),
        decode_id(created["agent"]["id"], "Agent"),
        version=None,
        history=[],
        question="Hi",
    )
    assert allowed.reply.text == "Hello."
