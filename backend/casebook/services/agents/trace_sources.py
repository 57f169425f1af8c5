"""The agents that send OpenTelemetry traces: one local agent per service, made on first sight.

A service's spans answer as the agent its name maps to (``trace_sources``): its
``service.name``, or the ``casebook.agent.name`` resource attribute when it sets one.
The first spans of a name register a **local** agent of that name (an agent whose answers
come from the team's own code, never called by Casebook - which a production service
sending traces is), owned by the sender's member and visible to the organization, as an
agent made in the console is; the sender needs ``agents:edit`` for that. Later spans are
recorded into it when the sender may run it (``agents:run``); a renamed agent keeps its
service, and a deleted one is registered anew by the next spans.

A service's ``service.version`` names the agent version that answered: a label not seen
before is the agent's next version (``agents.version_for_label``), so the same agent's
production runs and its evaluation from the team's code compare versions alike.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Agent, AgentVersion, TraceSource
from casebook.domain.access.catalog import Permission
from casebook.domain.agents.validation import validate_local_config
from casebook.services.agents.agents import (
    KIND,
    insert_agent,
    labelled_version,
    version_for_label,
)
from casebook.services.kernel import sharing
from casebook.services.kernel.advisory_locks import lock_keys
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import Forbidden, ServiceError

REGISTERED_DESCRIPTION = "Registered from the OpenTelemetry spans of the service {name!r}."


@dataclass(frozen=True)
class Refused:
    """Why a service's spans cannot be recorded by this sender (the same words whether
    its agent exists and is hidden from them or they may not register one)."""

    reason: str


def _refused(name: str) -> Refused:
    return Refused(
        f"spans of {name!r} are recorded into its agent, which needs agents:run on it, "
        "or registering it on first sight, which needs agents:edit"
    )


async def agents_for_names(
    session: AsyncSession, ctx: ServiceContext, labels: Mapping[str, str | None]
) -> dict[str, Agent | Refused]:
    """The agent each name's spans answer as - registered now when it has none, its first
    version labelled as the spans name it - or why they cannot be recorded. Registration
    is serialized per name and organization."""
    actor = ctx.require_actor()
    wanted = sorted(labels)
    known = await _mapped(session, actor.organization_id, wanted)
    missing = [name for name in wanted if name not in known]
    if missing:
        await lock_keys(session, [f"trace-source:{actor.organization_id}:{n}" for n in missing])
        known.update(await _mapped(session, actor.organization_id, missing))
    found = await sharing.authorize_many(
        session, actor, KIND, sorted(set(known.values())), Permission.AGENTS_RUN
    )
    result: dict[str, Agent | Refused] = {}
    for name in wanted:
        if name in known:
            agent = found[known[name]]
            result[name] = _refused(name) if isinstance(agent, ServiceError) else agent
        elif _may_register(ctx):
            result[name] = await _register(session, ctx, name, labels[name])
        else:
            result[name] = _refused(name)
    return result


def _may_register(ctx: ServiceContext) -> bool:
    try:
        sharing.ensure_can_create(ctx.require_actor(), KIND)
    except Forbidden:
        return False
    return True


async def _mapped(session: AsyncSession, organization_id: int, names: list[str]) -> dict[str, int]:
    rows = await session.execute(
        select(col(TraceSource.name), col(TraceSource.agent_id)).where(
            TraceSource.organization_id == organization_id, col(TraceSource.name).in_(names)
        )
    )
    return {name: agent_id for name, agent_id in rows}


async def _register(
    session: AsyncSession, ctx: ServiceContext, name: str, label: str | None
) -> Agent:
    actor = ctx.require_actor()
    agent, version = await insert_agent(
        session,
        ctx,
        name=name,
        description=REGISTERED_DESCRIPTION.format(name=name),
        private=False,
        config=validate_local_config(tools=()),
        secret_ciphertext=None,
    )
    assert agent.id is not None
    version.label = label
    session.add(TraceSource(organization_id=actor.organization_id, name=name, agent_id=agent.id))
    await session.flush()
    return agent


async def version_numbers(
    session: AsyncSession, ctx: ServiceContext, labelled: Sequence[tuple[Agent, str]]
) -> dict[tuple[int, str], int]:
    """The number of each agent's version named by a label, a new label recorded as the
    agent's next version under its row lock."""
    numbers: dict[tuple[int, str], int] = {}
    wanted = {(agent.id or 0, label): agent for agent, label in labelled}
    for (_, label), agent in sorted(wanted.items(), key=lambda item: item[0]):
        assert agent.id is not None
        found: AgentVersion | None = await labelled_version(session, agent, label)
        if found is None:
            locked = (
                await session.execute(
                    select(Agent)
                    .where(col(Agent.id) == agent.id)
                    .with_for_update()
                    .execution_options(populate_existing=True)
                )
            ).scalar_one()
            found = await version_for_label(session, ctx, locked, label)
        numbers[(agent.id, label)] = found.version
    return numbers
