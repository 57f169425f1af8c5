"""Every role performs every operation on agents and skills it owns, sees, is granted or
cannot see, and each answer is what docs/agents.md's table says (``spec_table``).

Targets as for datasets: its own (private), one visible to the organization, a private one,
private with a read grant, with an edit grant, with a legacy use grant, another
organization's.
"""

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from sqlalchemy import text

from casebook.domain.access.catalog import Role
from tests.integration.access.agent_operations import AGENT_OPERATIONS, AgentSubject
from tests.integration.access.conftest import add_bystander, db_id, user_id_of
from tests.integration.access.spec_table import FORBIDDEN, OK, Target, expected
from tests.integration.conftest import MemberFactory
from tests.support.graphql_client import Api
from tests.support.loopback_http import Answer, LoopbackHttp

ROLES = list(Role)
GRANT = """mutation($a: ID!, $u: ID!, $l: GrantLevel!) {
  %s(id: $a, userId: $u, level: $l) { grant { level } } }"""


@pytest.fixture
def endpoint() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as server:
        server.answer_with(lambda _: Answer(200, {"answer": "Hello!"}))
        yield server


@pytest.fixture
async def agent_subject_for(
    owner: Api, other_curator: Api, sessionmaker: Any, endpoint: LoopbackHttp
) -> AsyncIterator[Any]:
    bystanders: dict[int, str] = {}

    async def make(target: Target, actor: Api) -> AgentSubject:
        curator = other_curator if target is Target.OTHER_ORGANIZATION else owner
        if id(curator) not in bystanders:
            bystanders[id(curator)] = await add_bystander(
                curator, f"agent-bystander{len(bystanders)}@{id(curator)}.test"
            )
        private = target is not Target.ORGANIZATION_VISIBLE
        url = endpoint.url_for("/agent")
        agent = await curator(
            """mutation($u: String!, $p: Boolean!) { createWebhookAgent(input: {name: "Bot",
                 private: $p, config: {url: $u, tools: []}}) { agent { id } } }""",
            {"u": url, "p": private},
        )
        skill = await curator(
            """mutation($p: Boolean!) { createSkill(input: {name: "Tone", instructions: "Kind",
                 private: $p}) { skill { id } } }""",
            {"p": private},
        )
        agent_id = agent["createWebhookAgent"]["agent"]["id"]
        skill_id = skill["createSkill"]["skill"]["id"]
        actor_id = await user_id_of(actor)
        if target.grant in ("read", "edit"):
            level = target.grant.upper()
            await curator(GRANT % "shareAgent", {"a": agent_id, "u": actor_id, "l": level})
            await curator(GRANT % "shareSkill", {"a": skill_id, "u": actor_id, "l": level})
        async with sessionmaker() as session, session.begin():
            for table, kind, row_id in (
                ("agents", "agent", agent_id),
                ("skills", "skill", skill_id),
            ):
                if target is Target.PRIVATE_USE:
                    await session.execute(
                        text(
                            f"""INSERT INTO resource_grants (organization_id, resource_type,
                                   resource_id, grantee_user_id, level)
                                SELECT organization_id, '{kind}', id, :u, 'use'
                                FROM {table} WHERE id = :r"""
                        ),
                        {"u": db_id(actor_id), "r": db_id(row_id)},
                    )
                if target is Target.OWN:
                    await session.execute(
                        text(f"UPDATE {table} SET owner_user_id = :u WHERE id = :r"),
                        {"u": db_id(actor_id), "r": db_id(row_id)},
                    )
        return AgentSubject(actor, curator, agent_id, skill_id, bystanders[id(curator)], url)

    yield make


@pytest.mark.parametrize("role", ROLES, ids=[r.value for r in ROLES])
async def test_each_role_on_each_agent_and_skill_gets_what_the_table_says(
    role: Role, member_as: MemberFactory, agent_subject_for: Any
) -> None:
    actor = await member_as(role)
    mismatches: list[str] = []
    for target in Target:
        subject = await agent_subject_for(target, actor)
        for name, needs, perform in AGENT_OPERATIONS:
            got, want = await perform(subject), expected(role, target, needs)
            if got != want:
                mismatches.append(f"{role.value} / {target.value} / {name}: {got}, not {want}")
    assert mismatches == []


async def test_creating_an_agent_or_a_skill_needs_agents_edit_somewhere(
    member_as: MemberFactory,
) -> None:
    for role in Role:
        api: Api = await member_as(role)
        agent = await api.raw(
            """mutation { createWebhookAgent(input: {name: "Mine",
                 config: {url: "https://a.example.com", tools: []}}) { agent { id } } }"""
        )
        skill = await api.raw(
            'mutation { createSkill(input: {name: "S", instructions: "x"}) { skill { id } } }'
        )
        creates = role not in (Role.OPERATOR, Role.VIEWER)
        for body in (agent, skill):
            got = OK if not body.get("errors") else body["errors"][0]["extensions"]["code"]
            assert got == (OK if creates else FORBIDDEN), role
