"""Agents: two kinds, versioned by configuration; details, secrets, skills and validation."""

from typing import Any

from casebook.domain.access.catalog import Role
from tests.integration.agents.helpers import (
    AGENT,
    CONFIGURE_MODEL_AGENT,
    CONFIGURE_WEBHOOK_AGENT,
    CREATE_MODEL_AGENT,
    LOOKUP_TOOL,
    REFUND_TOOL,
    SHARE_AGENT,
    agent_connection,
    model_agent,
    user_id,
    webhook_agent,
)
from tests.integration.conftest import MemberFactory
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

CREATE_SKILL = (
    """mutation($i: CreateSkillInput!) { createSkill(input: $i) { skill { id name } } }"""
)


def _model_config(connection_id: str, **changes: Any) -> dict[str, Any]:
    return {
        "connectionId": connection_id,
        "model": "gpt-4o-mini",
        "instructions": "Answer questions about orders.",
        "tools": [LOOKUP_TOOL, REFUND_TOOL],
        **changes,
    }


async def test_a_model_agent_starts_at_version_1_with_its_tools_and_a_secret_shown_once(
    owner: Api, model_server: ModelServer
) -> None:
    connection = await agent_connection(owner, model_server)
    created = await model_agent(owner, connection)
    agent = created["agent"]
    assert created["version"]["number"] == 1 and agent["latestVersion"] == 1
    assert created["signingSecret"].startswith("cbs_")
    version = agent["currentVersion"]
    assert version["kind"] == "MODEL" and version["model"] == "gpt-4o-mini"
    assert [(t["name"], t["readOnly"]) for t in version["tools"]] == [
        ("lookup_order", True),
        ("refund_order", False),
    ]
    assert version["modelConnection"]["id"] == connection
    again = await owner(AGENT, {"id": agent["id"]})
    assert "signingSecret" not in str(again) and created["signingSecret"] not in str(again)


async def test_every_change_of_configuration_is_a_new_version_and_the_same_one_is_not(
    owner: Api, model_server: ModelServer
) -> None:
    connection = await agent_connection(owner, model_server)
    agent_id = (await model_agent(owner, connection))["agent"]["id"]

    async def configure(**changes: Any) -> dict[str, Any]:
        given = {"id": agent_id, "config": _model_config(connection, **changes)}
        return (await owner(CONFIGURE_MODEL_AGENT, {"i": given}))["configureModelAgent"]

    same = await configure()
    assert same["newVersion"] is False and same["agent"]["latestVersion"] == 1
    assert (await configure(model="other-model"))["version"]["number"] == 2
    assert (await configure(model="other-model", instructions="Be brief."))["version"][
        "number"
    ] == 3
    readonly_refund = [LOOKUP_TOOL, {**REFUND_TOOL, "readOnly": True}]
    changed = await configure(model="other-model", instructions="Be brief.", tools=readonly_refund)
    assert changed["version"]["number"] == 4
    renamed = await owner(
        """mutation($i: UpdateAgentDetailsInput!) { updateAgentDetails(input: $i) {
             agent { name latestVersion } } }""",
        {"i": {"id": agent_id, "name": "Orders bot"}},
    )
    assert renamed["updateAgentDetails"]["agent"] == {"name": "Orders bot", "latestVersion": 4}
    old = await owner(
        "query($id: ID!) { agent(id: $id) { version(number: 1) { model instructions } "
        "versions { number } } }",
        {"id": agent_id},
    )
    assert old["agent"]["version"] == {
        "model": "gpt-4o-mini",
        "instructions": "Answer questions about orders.",
    }
    assert [v["number"] for v in old["agent"]["versions"]] == [4, 3, 2, 1]


async def test_a_webhook_agent_changing_its_endpoint_is_a_new_version(owner: Api) -> None:
    created = await webhook_agent(owner, "https://agents.example.com/support")
    agent = created["agent"]
    assert agent["kind"] == "WEBHOOK"
    assert agent["currentVersion"]["url"] == "https://agents.example.com/support"
    assert agent["currentVersion"]["timeoutSeconds"] == 30
    given = {"id": agent["id"], "config": {"url": "https://agents.example.com/v2", "tools": []}}
    moved = (await owner(CONFIGURE_WEBHOOK_AGENT, {"i": given}))["configureWebhookAgent"]
    assert moved["newVersion"] is True and moved["version"]["url"].endswith("/v2")


async def test_bad_configurations_are_refused_naming_each_field(
    owner: Api, model_server: ModelServer
) -> None:
    connection = await agent_connection(owner, model_server)
    bad_tools = [
        {"name": "has space", "readOnly": True},
        {"name": "lookup_order", "parameters": {"type": "string"}},
        {"name": "lookup_order"},
        {"name": "refund", "parameters": {"type": "object", "properties": 3}},
        {"name": "ping", "endpoint": "http://tools.example.com/ping"},
    ]
    given = {
        "name": "  ",
        "config": {**_model_config(connection), "model": "not-listed", "tools": bad_tools},
    }
    errors = await owner.errors(CREATE_MODEL_AGENT, {"i": given})
    paths = {f["path"] for f in errors.errors[0]["extensions"]["fields"]}
    assert errors.codes == ["BAD_USER_INPUT"]
    assert {
        "name",
        "model",
        "tools.0.name",
        "tools.1.parameters.type",
        "tools.2.name",
        "tools.3.parameters.properties",
        "tools.4.endpoint",
    } <= paths, paths
    webhook = await owner.errors(
        """mutation($i: CreateWebhookAgentInput!) { createWebhookAgent(input: $i) { agent { id } } }""",
        {"i": {"name": "W", "config": {"url": "http://example.com/hook", "timeoutSeconds": 500}}},
    )
    fields = {f["path"]: f["message"] for f in webhook.errors[0]["extensions"]["fields"]}
    assert "https" in fields["url"] and "timeoutSeconds" in fields


async def test_an_agent_uses_its_skills_and_a_reader_sees_only_those_they_may_view(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    connection = await agent_connection(owner, model_server)
    shared = await owner(CREATE_SKILL, {"i": {"name": "Tone", "instructions": "Be kind."}})
    private = await owner(
        CREATE_SKILL, {"i": {"name": "Refunds", "instructions": "Never promise.", "private": True}}
    )
    ids = [shared["createSkill"]["skill"]["id"], private["createSkill"]["skill"]["id"]]
    agent = (await model_agent(owner, connection, skill_ids=ids))["agent"]
    mine = agent["currentVersion"]["skills"]
    assert [s["name"] for s in mine["visible"]] == ["Tone", "Refunds"] and mine["hiddenCount"] == 0
    viewer = await member_as(Role.VIEWER)
    seen = (await viewer(AGENT, {"id": agent["id"]}))["agent"]["currentVersion"]["skills"]
    assert [s["name"] for s in seen["visible"]] == ["Tone"] and seen["hiddenCount"] == 1
    skill_query = "query($id: ID!) { skill(id: $id) { name } }"
    assert (await viewer.errors(skill_query, {"id": ids[1]})).codes == ["NOT_FOUND"]


async def test_a_skill_the_editor_may_not_view_cannot_be_attached(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    connection = await agent_connection(owner, model_server)
    private = await owner(
        CREATE_SKILL, {"i": {"name": "Secret", "instructions": "x", "private": True}}
    )
    member = await member_as(Role.MEMBER)
    skill_ids = [private["createSkill"]["skill"]["id"]]
    given = {"name": "B", "config": {**_model_config(connection), "skillIds": skill_ids}}
    errors = await member.errors(CREATE_MODEL_AGENT, {"i": given})
    assert errors.errors[0]["extensions"]["fields"] == [
        {"path": "skillIds.0", "message": "skill not found"}
    ]


async def test_an_editor_changing_an_agent_keeps_the_skills_they_may_not_view(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    connection = await agent_connection(owner, model_server)
    shared = await owner(CREATE_SKILL, {"i": {"name": "Tone", "instructions": "Be kind."}})
    private = await owner(
        CREATE_SKILL, {"i": {"name": "Refunds", "instructions": "Never promise.", "private": True}}
    )
    tone, refunds = shared["createSkill"]["skill"]["id"], private["createSkill"]["skill"]["id"]
    agent_id = (await model_agent(owner, connection, skill_ids=[tone, refunds]))["agent"]["id"]
    member = await member_as(Role.MEMBER)
    await owner(SHARE_AGENT, {"a": agent_id, "u": await user_id(member), "l": "EDIT"})
    seen = (await member(AGENT, {"id": agent_id}))["agent"]["currentVersion"]["skills"]
    assert [s["id"] for s in seen["visible"]] == [tone] and seen["hiddenCount"] == 1
    # The member sends back what they see, with new instructions: a new version...
    config = _model_config(connection, instructions="Be brief.", skillIds=[tone])
    changed = (await member(CONFIGURE_MODEL_AGENT, {"i": {"id": agent_id, "config": config}}))[
        "configureModelAgent"
    ]
    assert changed["newVersion"] is True and changed["agent"]["latestVersion"] == 2
    assert changed["version"]["skills"]["hiddenCount"] == 1
    # ...that still carries the skill hidden from them.
    kept = (await owner(AGENT, {"id": agent_id}))["agent"]["currentVersion"]
    assert kept["instructions"] == "Be brief."
    assert [s["name"] for s in kept["skills"]["visible"]] == ["Tone", "Refunds"]
    # Removing every skill they can see still leaves the hidden one.
    config = _model_config(connection, instructions="Be brief.", skillIds=[])
    await member(CONFIGURE_MODEL_AGENT, {"i": {"id": agent_id, "config": config}})
    left = (await owner(AGENT, {"id": agent_id}))["agent"]["currentVersion"]["skills"]
    assert [s["name"] for s in left["visible"]] == ["Refunds"]
    # The owner, who sees every skill, may still detach it.
    config = _model_config(connection, instructions="Be brief.", skillIds=[])
    await owner(CONFIGURE_MODEL_AGENT, {"i": {"id": agent_id, "config": config}})
    gone = (await owner(AGENT, {"id": agent_id}))["agent"]["currentVersion"]["skills"]
    assert gone["visible"] == [] and gone["hiddenCount"] == 0


async def test_rotating_the_secret_gives_a_new_one(owner: Api) -> None:
    created = await webhook_agent(owner, "https://agents.example.com/support")
    rotated = await owner(
        "mutation($id: ID!) { rotateAgentSecret(id: $id) { signingSecret } }",
        {"id": created["agent"]["id"]},
    )
    secret = rotated["rotateAgentSecret"]["signingSecret"]
    assert secret.startswith("cbs_") and secret != created["signingSecret"]


async def test_a_private_agent_is_not_found_until_shared(
    owner: Api, member_as: MemberFactory
) -> None:
    created = await webhook_agent(owner, "https://agents.example.com/p", private=True)
    member = await member_as(Role.MEMBER)
    agent_id = created["agent"]["id"]
    assert (await member.errors(AGENT, {"id": agent_id})).codes == ["NOT_FOUND"]
    listed = await member("{ agents { edges { node { id } } } }")
    assert listed["agents"]["edges"] == []
    await owner(SHARE_AGENT, {"a": agent_id, "u": await user_id(member), "l": "READ"})
    seen = (await member(AGENT, {"id": agent_id}))["agent"]
    assert seen["viewerCan"] == {"view": True, "edit": False, "run": False}
