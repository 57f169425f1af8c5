"""Every operation on one agent and one skill, performed through the API as a client would.

Each returns ``ok`` or the error code the API answered with; reads first, then changes,
the deletes last.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from itertools import count
from typing import Any

from tests.integration.access.operations import outcome
from tests.integration.access.spec_table import NOT_FOUND, Needs
from tests.support.graphql_client import Api

_unique = count(1)


@dataclass
class AgentSubject:
    api: Api
    curator: Api
    agent_id: str
    skill_id: str
    bystander_id: str
    endpoint: str


async def _gql(s: AgentSubject, query: str, **variables: Any) -> str:
    return outcome(await s.api.raw(query, variables))


async def view_agent(s: AgentSubject) -> str:
    return await _gql(s, "query($a: ID!) { agent(id: $a) { id name } }", a=s.agent_id)


async def find_agent_in_list(s: AgentSubject) -> str:
    data = await s.api("{ agents(first: 500) { edges { node { id } } } }")
    return "ok" if s.agent_id in {e["node"]["id"] for e in data["agents"]["edges"]} else "NOT_FOUND"


async def resolve_agent_node(s: AgentSubject) -> str:
    body = await s.api.raw("query($a: ID!) { node(id: $a) { id } }", {"a": s.agent_id})
    if not body.get("errors") and body["data"]["node"] is None:
        return "NOT_FOUND"
    return outcome(body)


async def read_versions(s: AgentSubject) -> str:
    query = "query($a: ID!) { agent(id: $a) { versions { number } currentVersion { url } } }"
    return await _gql(s, query, a=s.agent_id)


async def list_agent_grants(s: AgentSubject) -> str:
    return await _gql(s, "query($a: ID!) { agent(id: $a) { grants { level } } }", a=s.agent_id)


async def configure(s: AgentSubject) -> str:
    query = """mutation($i: ConfigureWebhookAgentInput!) {
      configureWebhookAgent(input: $i) { newVersion } }"""
    config = {"url": f"{s.endpoint}?v={next(_unique)}", "tools": []}
    return await _gql(s, query, i={"id": s.agent_id, "config": config})


async def rename_agent(s: AgentSubject) -> str:
    query = """mutation($i: UpdateAgentDetailsInput!) { updateAgentDetails(input: $i) {
      agent { id } } }"""
    return await _gql(s, query, i={"id": s.agent_id, "name": f"Renamed {next(_unique)}"})


async def keep_agent_visibility(s: AgentSubject) -> str:
    data = await s.curator("query($a: ID!) { agent(id: $a) { visibility } }", {"a": s.agent_id})
    query = """mutation($a: ID!, $v: Visibility!) {
      setAgentVisibility(id: $a, visibility: $v) { agent { id } } }"""
    return await _gql(s, query, a=s.agent_id, v=data["agent"]["visibility"])


async def share_agent(s: AgentSubject) -> str:
    query = """mutation($a: ID!, $u: ID!) {
      shareAgent(id: $a, userId: $u, level: READ) { grant { level } } }"""
    return await _gql(s, query, a=s.agent_id, u=s.bystander_id)


async def revoke_agent_grant(s: AgentSubject) -> str:
    await s.curator(
        "mutation($a: ID!, $u: ID!) { shareAgent(id: $a, userId: $u, level: READ) { grant { level } } }",
        {"a": s.agent_id, "u": s.bystander_id},
    )
    query = "mutation($a: ID!, $u: ID!) { revokeAgentGrant(id: $a, userId: $u) { agent { id } } }"
    return await _gql(s, query, a=s.agent_id, u=s.bystander_id)


async def rotate_secret(s: AgentSubject) -> str:
    query = "mutation($a: ID!) { rotateAgentSecret(id: $a) { signingSecret } }"
    return await _gql(s, query, a=s.agent_id)


async def chat(s: AgentSubject) -> str:
    query = """mutation($a: ID!) { sendMessage(input: {agentId: $a, content: "Hello?"}) {
      run { status } } }"""
    body = await s.api.raw(query, {"a": s.agent_id})
    if not body.get("errors"):
        assert body["data"]["sendMessage"]["run"]["status"] == "SUCCEEDED", body
    return outcome(body)


async def send_test_request(s: AgentSubject) -> str:
    query = "mutation($a: ID!) { sendAgentTestRequest(agentId: $a) { ok } }"
    body = await s.api.raw(query, {"a": s.agent_id})
    if not body.get("errors"):
        assert body["data"]["sendAgentTestRequest"]["ok"] is True, body
    return outcome(body)


async def record_run(s: AgentSubject) -> str:
    """Record a conversation with it, as an integrator does: ingestion names an agent one may
    not see "agent not found" on its field, as it does an id never given out."""
    query = """mutation($i: RecordConversationsInput!) { recordConversations(input: $i) {
      conversations { turnsStored } } }"""
    given = {
        "externalId": f"recorded-{next(_unique)}",
        "agentId": s.agent_id,
        "endUser": "ana@example.com",
        "turns": [
            {"externalId": "q", "role": "USER", "content": "Hello?"},
            {
                "externalId": "a",
                "role": "AGENT",
                "run": {"steps": [{"kind": "TEXT", "text": "Hi"}]},
            },
        ],
    }
    body = await s.api.raw(query, {"i": {"conversations": [given]}})
    errors = body.get("errors") or []
    if errors and errors[0]["extensions"]["code"] == "BAD_USER_INPUT":
        assert errors[0]["extensions"]["fields"] == [
            {"path": "conversations.0.agentId", "message": "agent not found"}
        ], body
        return NOT_FOUND
    if not errors:
        assert body["data"]["recordConversations"]["conversations"][0]["turnsStored"] == 2, body
    return outcome(body)


async def view_skill(s: AgentSubject) -> str:
    return await _gql(s, "query($a: ID!) { skill(id: $a) { instructions } }", a=s.skill_id)


async def find_skill_in_list(s: AgentSubject) -> str:
    data = await s.api("{ skills(first: 500) { edges { node { id } } } }")
    return "ok" if s.skill_id in {e["node"]["id"] for e in data["skills"]["edges"]} else "NOT_FOUND"


async def update_skill(s: AgentSubject) -> str:
    query = "mutation($i: UpdateSkillInput!) { updateSkill(input: $i) { skill { id } } }"
    return await _gql(s, query, i={"id": s.skill_id, "instructions": f"Be kind {next(_unique)}"})


async def share_skill(s: AgentSubject) -> str:
    query = """mutation($a: ID!, $u: ID!) {
      shareSkill(id: $a, userId: $u, level: READ) { grant { level } } }"""
    return await _gql(s, query, a=s.skill_id, u=s.bystander_id)


async def delete_skill(s: AgentSubject) -> str:
    return await _gql(s, "mutation($a: ID!) { deleteSkill(id: $a) { deletedId } }", a=s.skill_id)


async def delete_agent(s: AgentSubject) -> str:
    return await _gql(s, "mutation($a: ID!) { deleteAgent(id: $a) { deletedId } }", a=s.agent_id)


VIEW, EDIT, RUN = Needs("agents:view"), Needs("agents:edit"), Needs("agents:run")
RECORD = Needs("agents:run", reads_runs=True)
Operation = Callable[[AgentSubject], Awaitable[str]]
AGENT_OPERATIONS: list[tuple[str, Needs, Operation]] = [
    ("view the agent", VIEW, view_agent),
    ("find it in the list", VIEW, find_agent_in_list),
    ("resolve it as a node", VIEW, resolve_agent_node),
    ("read its versions", VIEW, read_versions),
    ("list its grants", VIEW, list_agent_grants),
    ("view the skill", VIEW, view_skill),
    ("find the skill in the list", VIEW, find_skill_in_list),
    ("chat with it", RUN, chat),
    ("send it a test request", RUN, send_test_request),
    ("record a run of it", RECORD, record_run),
    ("configure it", EDIT, configure),
    ("rename it", EDIT, rename_agent),
    ("set its visibility", EDIT, keep_agent_visibility),
    ("share it", EDIT, share_agent),
    ("revoke a grant", EDIT, revoke_agent_grant),
    ("rotate its secret", EDIT, rotate_secret),
    ("change the skill", EDIT, update_skill),
    ("share the skill", EDIT, share_skill),
    ("delete the skill", EDIT, delete_skill),
    ("delete it", EDIT, delete_agent),
]
