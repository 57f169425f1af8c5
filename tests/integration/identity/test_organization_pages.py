"""What the console's organization pages do, performed as every role: renaming the
organization, the role catalog, testing a model connection, and who may mint keys."""

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from casebook.db.models import AuditEntry
from casebook.domain.access.catalog import ROLE_REACH, Role
from casebook.services.identity.members import create_organization_with_owner
from tests.integration.conftest import PASSWORD, MemberFactory
from tests.integration.grading.helpers import API_KEY, JUDGE_MODEL, add_connection
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer
from tests.support.scripted_replies import error_reply, text_reply

RENAME = "mutation($n: String!) { renameOrganization(name: $n) { organization { name } } }"
TEST = """mutation($id: ID!, $m: String) { testModelConnection(id: $id, model: $m) {
  model ok latencyMs reply error } }"""
CREATE_KEY = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }"""
CI_GATE = ["runs:view", "datasets:view", "datasets:run", "agents:view", "agents:run"]
MANAGERS = (Role.OWNER, Role.ADMIN)
OTHERS = (Role.BUILDER, Role.OPERATOR, Role.MEMBER, Role.VIEWER)


async def _as(role: Role, owner: Api, member_as: MemberFactory) -> Api:
    return owner if role is Role.OWNER else await member_as(role)


async def _stranger(client: httpx.AsyncClient, sessionmaker: Any) -> Api:
    await create_organization_with_owner(
        sessionmaker,
        organization_name="Elsewhere",
        email="stranger@elsewhere.test",
        name="Stranger",
        password=PASSWORD,
    )
    api = Api(client)
    await api.login("stranger@elsewhere.test", PASSWORD)
    return api


async def _audited(sessionmaker: Any, action: str) -> list[dict[str, Any]]:
    async with sessionmaker() as session:
        rows = await session.execute(select(AuditEntry).where(AuditEntry.action == action))
        return [row.summary for row in rows.scalars()]


@pytest.mark.parametrize("role", [*MANAGERS, *OTHERS])
async def test_only_an_organization_manager_renames_it(
    role: Role, owner: Api, member_as: MemberFactory, sessionmaker: Any
) -> None:
    api = await _as(role, owner, member_as)
    if role in MANAGERS:
        data = await api(RENAME, {"n": "  Acme   Support "})
        assert data["renameOrganization"]["organization"]["name"] == "Acme Support"
        assert (await api("{ viewer { organization { name } } }"))["viewer"]["organization"] == {
            "name": "Acme Support"
        }
        assert await _audited(sessionmaker, "organization.rename") == [
            {"from": "Acme", "to": "Acme Support"}
        ]
    else:
        assert (await api.errors(RENAME, {"n": "Mine now"})).codes == ["FORBIDDEN"]
        assert (await owner("{ viewer { organization { name } } }"))["viewer"]["organization"] == {
            "name": "Acme"
        }


async def test_a_name_that_is_empty_or_too_long_is_refused_by_field(owner: Api) -> None:
    for name in ("   ", "x" * 201):
        errors = await owner.errors(RENAME, {"n": name})
        assert errors.codes == ["BAD_USER_INPUT"]
        assert errors.errors[0]["extensions"]["fields"][0]["path"] == "name"


async def test_the_role_catalog_is_the_policy_s_own_table(member_as: MemberFactory) -> None:
    viewer = await member_as(Role.VIEWER)
    roles = (await viewer("{ roles { role permissions { permission reach } } }"))["roles"]
    assert [r["role"] for r in roles] == [role.name for role in ROLE_REACH]
    by_role = {r["role"]: {p["permission"]: p["reach"] for p in r["permissions"]} for r in roles}
    for role, reaches in ROLE_REACH.items():
        assert by_role[role.name] == {p.value: reach.value for p, reach in reaches.items()}
    assert by_role["MEMBER"]["datasets:edit"] == "own"
    assert "runs:view" not in by_role["MEMBER"]


@pytest.mark.parametrize("role", [*MANAGERS, *OTHERS])
async def test_testing_a_connection_reports_its_latency_for_those_who_manage_connections(
    role: Role,
    owner: Api,
    member_as: MemberFactory,
    model_server: ModelServer,
    sessionmaker: Any,
) -> None:
    connection_id = await add_connection(owner, model_server)
    api = await _as(role, owner, member_as)
    model_server.reply_with(text_reply("ok"))
    if role not in MANAGERS:
        assert (await api.errors(TEST, {"id": connection_id})).codes == ["FORBIDDEN"]
        assert model_server.chat_requests == []
        return
    result = (await api(TEST, {"id": connection_id}))["testModelConnection"]
    assert result["ok"] is True and result["error"] is None
    assert result["model"] == JUDGE_MODEL and result["reply"] == "ok"
    assert result["latencyMs"] is not None and result["latencyMs"] >= 0
    [request] = model_server.chat_requests
    assert request.body["max_tokens"] <= 5
    assert request.headers["authorization"] == f"Bearer {API_KEY}"
    [summary] = await _audited(sessionmaker, "model_connection.test")
    assert summary == {"name": "Scripted", "model": JUDGE_MODEL, "ok": True}


async def test_a_provider_s_refusal_is_the_answer_tried_once_and_never_the_key(
    owner: Api, model_server: ModelServer
) -> None:
    connection_id = await add_connection(owner, model_server)
    model_server.reply_with(error_reply(401, "invalid api key"), error_reply(503))
    result = (await owner(TEST, {"id": connection_id}))["testModelConnection"]
    assert result["ok"] is False and result["latencyMs"] is None
    assert "401" in result["error"] or "invalid api key" in result["error"]
    assert API_KEY not in result["error"]
    model_server.reply_with(text_reply("ok"))
    unavailable = (await owner(TEST, {"id": connection_id}))["testModelConnection"]
    assert unavailable["ok"] is False and unavailable["error"]
    assert len(model_server.chat_requests) == 2  # no retry after the 503


async def test_a_model_the_connection_does_not_offer_is_refused_by_field(
    owner: Api, model_server: ModelServer
) -> None:
    connection_id = await add_connection(owner, model_server)
    errors = await owner.errors(TEST, {"id": connection_id, "m": "gpt-unknown"})
    assert errors.codes == ["BAD_USER_INPUT"]
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == "model"
    assert model_server.chat_requests == []


async def test_another_organization_s_connection_is_not_found(
    owner: Api, model_server: ModelServer, app: Any, sessionmaker: Any
) -> None:
    connection_id = await add_connection(owner, model_server)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as client:
        stranger = await _stranger(client, sessionmaker)
        assert (await stranger.errors(TEST, {"id": connection_id})).codes == ["NOT_FOUND"]
    assert (await owner.errors(TEST, {"id": "TW9kZWxDb25uZWN0aW9uOjk5OTk5"})).codes == ["NOT_FOUND"]
    assert model_server.chat_requests == []


@pytest.mark.parametrize("role", [*MANAGERS, *OTHERS])
async def test_every_role_but_viewer_mints_keys_within_its_role(
    role: Role, owner: Api, member_as: MemberFactory
) -> None:
    api = await _as(role, owner, member_as)
    viewer = (await api("{ viewer { mayIssueApiKeys permissions } }"))["viewer"]
    read_only = {"datasets:view"}
    if role is Role.VIEWER:
        assert viewer["mayIssueApiKeys"] is False
        errors = await api.errors(CREATE_KEY, {"i": {"name": "x", "scopes": list(read_only)}})
        assert errors.codes == ["FORBIDDEN"]
        assert (await api("{ apiKeys { edges { node { id } } } }"))["apiKeys"]["edges"] == []
        return
    assert viewer["mayIssueApiKeys"] is True
    gate = [s for s in CI_GATE if s in viewer["permissions"]]
    if set(CI_GATE) <= set(viewer["permissions"]):
        secret = await api(CREATE_KEY, {"i": {"name": "CI gate", "scopes": gate}})
        keyed = api.with_key(secret["createApiKey"]["secret"])
        assert (await keyed("{ viewer { mayIssueApiKeys } }"))["viewer"]["mayIssueApiKeys"]
    else:  # a Member reads no runs: the gate's scopes are beyond the role, said by field
        errors = await api.errors(CREATE_KEY, {"i": {"name": "CI gate", "scopes": CI_GATE}})
        assert errors.codes == ["BAD_USER_INPUT"]
        assert "runs:view" in errors.errors[0]["message"]
    read_key = await api(CREATE_KEY, {"i": {"name": "read", "scopes": list(read_only)}})
    keyed = api.with_key(read_key["createApiKey"]["secret"])
    assert (await keyed("{ viewer { mayIssueApiKeys } }"))["viewer"]["mayIssueApiKeys"] is False
