"""Send a test request: one signed, isolated question to a webhook agent, its answer or its
failure, nothing recorded but the audit entry; performed as every role."""

from typing import Any

import pytest
from sqlalchemy import func, select

from casebook.db.models import AuditEntry, Conversation
from casebook.domain.access.catalog import Role
from tests.integration.agents.helpers import LOOKUP_TOOL, REFUND_TOOL, webhook_agent
from tests.integration.agents.test_webhook_agent import REPLY, verifying
from tests.integration.conftest import MemberFactory
from tests.support.graphql_client import Api
from tests.support.loopback_http import Answer, LoopbackHttp

TEST = """mutation($a: ID!, $q: String) { sendAgentTestRequest(agentId: $a, question: $q) {
  ok latencyMs answer toolCalls error } }"""


@pytest.fixture
def agent_endpoint() -> Any:
    with LoopbackHttp() as server:
        yield server


async def _agent(owner: Api, endpoint: LoopbackHttp, **kw: Any) -> dict[str, Any]:
    return await webhook_agent(
        owner, endpoint.url_for("/agent"), tools=[LOOKUP_TOOL, REFUND_TOOL], **kw
    )


async def _count(sessionmaker: Any, model: Any, *where: Any) -> int:
    async with sessionmaker() as session:
        return int(
            (
                await session.execute(select(func.count()).select_from(model).where(*where))
            ).scalar_one()
        )


async def test_a_test_request_is_signed_isolated_and_kept_nowhere(
    owner: Api, agent_endpoint: LoopbackHttp, sessionmaker: Any
) -> None:
    created = await _agent(owner, agent_endpoint)
    agent_endpoint.answer_with(verifying(created["signingSecret"], REPLY))
    result = (await owner(TEST, {"a": created["agent"]["id"]}))["sendAgentTestRequest"]
    assert result["ok"] is True and result["error"] is None
    assert result["answer"] == "Order 7 has shipped." and result["toolCalls"] == 2
    assert result["latencyMs"] == 321
    [received] = agent_endpoint.received
    assert received.json["run"] == {"isolated": True, "eval": False}
    assert received.json["question"].startswith("This is a test request from Casebook")
    assert await _count(sessionmaker, Conversation) == 0
    assert await _count(sessionmaker, AuditEntry, AuditEntry.action == "agent.test_request") == 1


async def test_a_failing_agent_is_the_answer_with_its_reason(
    owner: Api, agent_endpoint: LoopbackHttp
) -> None:
    created = await _agent(owner, agent_endpoint)
    agent_endpoint.answer_with(lambda request: Answer(503, {"error": "down"}))
    result = (await owner(TEST, {"a": created["agent"]["id"], "q": "Ping"}))["sendAgentTestRequest"]
    assert result == {
        "ok": False,
        "latencyMs": result["latencyMs"],
        "answer": None,
        "toolCalls": 0,
        "error": "the webhook agent answered HTTP 503",
    }
    assert agent_endpoint.received[0].json["question"] == "Ping"


@pytest.mark.parametrize(
    ("role", "code"),
    [
        (Role.ADMIN, None),
        (Role.BUILDER, None),
        (Role.OPERATOR, None),
        (Role.MEMBER, None),  # the agent is visible to the organization: shared
        (Role.VIEWER, "FORBIDDEN"),
    ],
)
async def test_who_may_run_the_agent_may_test_it(
    role: Role, code: str | None, owner: Api, member_as: MemberFactory, agent_endpoint: LoopbackHttp
) -> None:
    created = await _agent(owner, agent_endpoint)
    agent_endpoint.answer_with(verifying(created["signingSecret"], REPLY))
    api = await member_as(role)
    if code is None:
        assert (await api(TEST, {"a": created["agent"]["id"]}))["sendAgentTestRequest"]["ok"]
    else:
        assert (await api.errors(TEST, {"a": created["agent"]["id"]})).codes == [code]
        assert agent_endpoint.received == []


async def test_a_private_agent_is_not_found_and_a_local_one_takes_no_test(
    owner: Api, member_as: MemberFactory, agent_endpoint: LoopbackHttp
) -> None:
    hidden = await _agent(owner, agent_endpoint, private=True)
    member = await member_as(Role.MEMBER)
    assert (await member.errors(TEST, {"a": hidden["agent"]["id"]})).codes == ["NOT_FOUND"]
    local = await owner('mutation { createLocalAgent(input: {name: "Mine"}) { agent { id } } }')
    errors = await owner.errors(TEST, {"a": local["createLocalAgent"]["agent"]["id"]})
    assert errors.codes == ["BAD_USER_INPUT"]
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == "agentId"
    assert agent_endpoint.received == []
