"""Erasure, a person's data export and retention, performed as each role: what the access
table's organization:manage row says; a person of another organization is not found, as one
that never existed; hostile arguments are refused naming the field and change nothing."""

import json
from typing import Any

import pytest

from casebook.domain.access.catalog import Role
from casebook.graphql.ids import encode_id
from tests.integration.access.operations import outcome
from tests.integration.access.spec_table import FORBIDDEN, OK, TABLE
from tests.integration.activity.helpers import conversation, record, turn_pair
from tests.integration.agents.helpers import user_id, webhook_agent
from tests.integration.conftest import MemberFactory
from tests.support.graphql_client import Api

ERASE = "mutation($i: PersonInput!) { erasePerson(input: $i) { job { id kind } } }"
EXPORT = """query($p: PersonInput!) { personDataExport(person: $p) { filename contentType
  content } }"""
RETENTION = """mutation($d: Int) { setConversationRetention(days: $d) { days } }"""
ROLES = list(Role)


async def _end_user_with_a_conversation(owner: Api, name: str) -> None:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    await record(owner, conversation(f"c-{name}", agent_id, turn_pair(1), end_user=name))


def _allowed(role: Role) -> str:
    return OK if TABLE["organization:manage"][role] == "all" else FORBIDDEN


@pytest.mark.parametrize("role", ROLES, ids=[r.value for r in ROLES])
async def test_each_role_erases_exports_and_sets_retention_as_the_table_says(
    role: Role, owner: Api, member_as: MemberFactory, other_curator: Api
) -> None:
    actor = owner if role is Role.OWNER else await member_as(role)
    name = f"ana-{role.value}@example.com"
    await _end_user_with_a_conversation(owner, name)
    want = _allowed(role)
    exported = await actor.raw(EXPORT, {"p": {"endUser": name}})
    assert outcome(exported) == want
    if want == OK:
        assert name in exported["data"]["personDataExport"]["content"]
    assert outcome(await actor.raw(RETENTION, {"d": 30})) == want
    assert outcome(await actor.raw(ERASE, {"i": {"endUser": name}})) == want
    elsewhere = await user_id(other_curator)
    never = str(encode_id("User", 10**12))
    for target in (elsewhere, never):
        got = outcome(await actor.raw(ERASE, {"i": {"memberId": target}}))
        assert got == ("NOT_FOUND" if want == OK else FORBIDDEN), (role, target)
        got = outcome(await actor.raw(EXPORT, {"p": {"memberId": target}}))
        assert got == ("NOT_FOUND" if want == OK else FORBIDDEN), (role, target)


async def test_an_owner_is_erased_only_by_an_owner_and_nobody_erases_themselves(
    owner: Api, member_as: MemberFactory
) -> None:
    admin = await member_as(Role.ADMIN)
    owner_id = await user_id(owner)
    assert outcome(await admin.raw(ERASE, {"i": {"memberId": owner_id}})) == FORBIDDEN
    assert outcome(await owner.raw(ERASE, {"i": {"memberId": owner_id}})) == "CONFLICT"
    admin_id = await user_id(admin)
    assert outcome(await admin.raw(ERASE, {"i": {"memberId": admin_id}})) == "CONFLICT"
    # The owner erases the admin: the admin is out at once.
    assert outcome(await owner.raw(ERASE, {"i": {"memberId": admin_id}})) == OK
    assert (await admin.raw("{ viewer { user { id } } }"))["data"]["viewer"] is None


async def _raw(api: Api, query: str, variables: dict[str, Any]) -> dict[str, Any]:
    """Sent as escaped JSON, so a lone surrogate reaches the server as a client sends it."""
    response = await api.http.post(
        "/graphql",
        content=json.dumps({"query": query, "variables": variables}, ensure_ascii=True),
        headers={**api.headers, "content-type": "application/json"},
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


HOSTILE: list[tuple[dict[str, Any], str]] = [
    ({}, "input"),
    ({"endUser": "ana@example.com", "memberId": str(encode_id("User", 1))}, "input"),
    ({"endUser": "ana\x00"}, "input.endUser"),
    ({"endUser": "\ud800"}, "input.endUser"),
    ({"endUser": "x" * 10_000}, "input.endUser"),
    ({"endUser": "   "}, "input.endUser"),
    ({"memberId": "not-an-id"}, "id"),
    ({"memberId": str(encode_id("Dataset", 1))}, "memberId"),
]


@pytest.mark.parametrize("given,field", HOSTILE)
async def test_hostile_people_are_refused_naming_the_field(
    owner: Api, given: dict[str, Any], field: str, sessionmaker: Any
) -> None:
    body = await _raw(owner, ERASE, {"i": given})
    assert outcome(body) == "BAD_USER_INPUT", body
    assert field in body["errors"][0]["message"], body
    exported = await _raw(owner, EXPORT, {"p": given})
    assert outcome(exported) == "BAD_USER_INPUT", exported
    from sqlalchemy import text

    async with sessionmaker() as session:
        jobs = (await session.execute(text("SELECT count(*) FROM jobs"))).scalar_one()
    assert jobs == 0


@pytest.mark.parametrize("days", [0, -1, 36_501, 2**31 - 1, 2**40])
async def test_retention_out_of_bounds_is_refused_and_changes_nothing(
    owner: Api, days: int
) -> None:
    await owner(RETENTION, {"d": 30})
    body = await owner.raw(RETENTION, {"d": days})
    assert outcome(body) in ("BAD_USER_INPUT", "GRAPHQL_VALIDATION"), body
    assert outcome(body) != "INTERNAL"
    kept = await owner("{ viewer { organization { conversationRetentionDays } } }")
    assert kept["viewer"]["organization"]["conversationRetentionDays"] == 30
