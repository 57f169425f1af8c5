"""Every role performs every operation on knowledge bases it owns, sees, is granted or
cannot see, and each answer is what docs/knowledge.md's table says: a knowledge base
follows the agents:view and agents:edit rows of ``spec_table``, as a skill does.

Targets as for datasets: its own (private), one visible to the organization, a private one,
private with a read grant, with an edit grant, with a legacy use grant, another
organization's.
"""

from collections.abc import AsyncIterator
from itertools import count
from typing import Any

import pytest
from sqlalchemy import text

from casebook.domain.access.catalog import Role
from tests.integration.access.conftest import add_bystander, db_id, user_id_of
from tests.integration.access.knowledge_operations import KNOWLEDGE_OPERATIONS, KnowledgeSubject
from tests.integration.access.spec_table import FORBIDDEN, OK, Target
from tests.integration.conftest import MemberFactory
from tests.integration.knowledge.helpers import (
    ADD_CONNECTION,
    CREATE_MODEL_AGENT,
    SHARE_BASE,
    create_base,
    upload,
)
from tests.support.graphql_client import Api

ROLES = list(Role)
_markers = count(1)


@pytest.fixture
async def knowledge_subject_for(
    owner: Api, other_curator: Api, sessionmaker: Any
) -> AsyncIterator[Any]:
    bystanders: dict[int, str] = {}
    agents: dict[int, str] = {}
    connection = await owner(ADD_CONNECTION)
    connection_id = connection["addModelConnection"]["connection"]["id"]

    async def agent_for(actor: Api) -> str:
        if id(actor) not in agents:
            made = await actor.raw(CREATE_MODEL_AGENT, {"c": connection_id, "p": True})
            if made.get("errors"):  # a role that edits no agent: one of its organization's
                made = await owner.raw(CREATE_MODEL_AGENT, {"c": connection_id, "p": False})
            agents[id(actor)] = made["data"]["createModelAgent"]["agent"]["id"]
        return agents[id(actor)]

    async def make(target: Target, actor: Api) -> KnowledgeSubject:
        curator = other_curator if target is Target.OTHER_ORGANIZATION else owner
        if id(curator) not in bystanders:
            bystanders[id(curator)] = await add_bystander(
                curator, f"knowledge-bystander{len(bystanders)}@{id(curator)}.test"
            )
        base_id = await create_base(
            curator, "Manuals", private=target is not Target.ORGANIZATION_VISIBLE
        )
        marker = f"zq{next(_markers)}marker"
        document = await upload(curator, base_id, f"# Kettles\nThe {marker} kettle.".encode())
        spare = await upload(curator, base_id, b"Spare.", filename="spare.txt")
        actor_id = await user_id_of(actor)
        if target.grant in ("read", "edit"):
            given = {"b": base_id, "u": actor_id, "l": target.grant.upper()}
            await curator(SHARE_BASE, given)
        async with sessionmaker() as session, session.begin():
            if target is Target.PRIVATE_USE:
                await session.execute(
                    text(
                        """INSERT INTO resource_grants (organization_id, resource_type,
                               resource_id, grantee_user_id, level)
                            SELECT organization_id, 'knowledge_base', id, :u, 'use'
                            FROM knowledge_bases WHERE id = :b"""
                    ),
                    {"u": db_id(actor_id), "b": db_id(base_id)},
                )
            if target is Target.OWN:
                await session.execute(
                    text("UPDATE knowledge_bases SET owner_user_id = :u WHERE id = :b"),
                    {"u": db_id(actor_id), "b": db_id(base_id)},
                )
        return KnowledgeSubject(
            api=actor,
            curator=curator,
            base_id=base_id,
            document_id=document["id"],
            spare_document_id=spare["id"],
            bystander_id=bystanders[id(curator)],
            marker=marker,
            agent_id=await agent_for(actor),
        )

    yield make


@pytest.mark.parametrize("role", ROLES, ids=[r.value for r in ROLES])
async def test_each_role_on_each_knowledge_base_gets_what_the_table_says(
    role: Role, member_as: MemberFactory, knowledge_subject_for: Any
) -> None:
    actor = await member_as(role)
    mismatches: list[str] = []
    performed = 0
    for target in Target:
        subject = await knowledge_subject_for(target, actor)
        for name, expectation, perform in KNOWLEDGE_OPERATIONS:
            got, want = await perform(subject), expectation(role, target)
            performed += 1
            if got != want:
                mismatches.append(f"{role.value} / {target.value} / {name}: {got}, not {want}")
    assert performed == len(Target) * len(KNOWLEDGE_OPERATIONS)
    assert mismatches == []


async def test_creating_a_knowledge_base_needs_agents_edit_somewhere(
    member_as: MemberFactory,
) -> None:
    for role in Role:
        api: Api = await member_as(role)
        body = await api.raw(
            'mutation { createKnowledgeBase(input: {name: "Mine"}) { knowledgeBase { id } } }'
        )
        creates = role not in (Role.OPERATOR, Role.VIEWER)
        got = OK if not body.get("errors") else body["errors"][0]["extensions"]["code"]
        assert got == (OK if creates else FORBIDDEN), role
