"""Casebook's own agents (spec: "The generator is an agent. It is a system agent seeded in
every organization, so its runs are metered against its own budget and the
organization's, and each generation is one run you can open in Activity").

The case generator is seeded when its organization is made (``seed_system_agents``; a
migration seeded those made before), one per organization by the unique
``system_role``: visible to the whole organization, owned by nobody, never configured -
its behaviour is code (``domain.generation.prompt``) and it has no versions. People may
run it (``agents:run`` decides who generates) but never rename, reconfigure or delete it
(``refuse_system_agent``).
"""

from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Agent
from casebook.domain.access.catalog import Visibility
from casebook.services.kernel.errors import Conflict

GENERATOR_ROLE = "generator"
GENERATOR_NAME = "Case generator"
GENERATOR_DESCRIPTION = (
    "Casebook's case generator: drafts proposed cases for a dataset from an agent, its "
    "knowledge, its chats and a red team. It has no tools; everything it reads is handed "
    "to it in its prompt."
)


async def seed_system_agents(session: AsyncSession, organization_id: int) -> None:
    """The organization's system agents, made with it; making them again changes nothing,
    and two transactions making them at once make one."""
    await session.execute(
        insert(Agent)
        .values(
            organization_id=organization_id,
            name=GENERATOR_NAME,
            description=GENERATOR_DESCRIPTION,
            kind="model",
            visibility=Visibility.ORGANIZATION.value,
            latest_version=0,
            system_role=GENERATOR_ROLE,
            updated_at=datetime.now(UTC),
        )
        .on_conflict_do_nothing(
            index_elements=["organization_id", "system_role"],
            index_where=Agent.system_role.is_not(None),  # type: ignore[union-attr]
        )
    )


async def generator_agent(session: AsyncSession, organization_id: int) -> Agent:
    """The organization's case generator (seeded again should it be missing)."""
    found = (
        await session.execute(
            select(Agent).where(
                Agent.organization_id == organization_id, Agent.system_role == GENERATOR_ROLE
            )
        )
    ).scalar_one_or_none()
    if found is not None:
        return found
    await seed_system_agents(session, organization_id)
    return await generator_agent(session, organization_id)


def refuse_system_agent(agent: Agent, what: str) -> None:
    """A system agent is Casebook's own: it cannot be renamed, reconfigured or deleted."""
    if agent.system_role is not None:
        raise Conflict(f"{agent.name} is a system agent of every organization: it cannot be {what}")
