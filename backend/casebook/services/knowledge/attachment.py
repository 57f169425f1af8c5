"""Attaching knowledge bases to a model agent, and detaching them.

Either is a change of what the agent answers with, so each makes a new agent
version, numbered under the agent's row lock like any other. It needs
``agents:edit`` on the agent and read access to the base (``agents:view`` on it);
an agent or a base one may not see is "not found", as one that never existed.
Attaching one already attached, or detaching one that is not, changes nothing and
makes no version. Bases deleted since drop out of the next version made.
"""

from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Agent, KnowledgeBase
from casebook.domain.access.catalog import Permission
from casebook.domain.agents.model import ModelAgentConfig
from casebook.services.agents import agents
from casebook.services.agents.agents import AgentWrite
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput
from casebook.services.knowledge.bases import KIND

KNOWLEDGE_BASES_MAX = 20


async def _existing(session: AsyncSession, base_ids: Sequence[int]) -> tuple[int, ...]:
    if not base_ids:
        return ()
    found = set(
        (
            await session.execute(
                select(col(KnowledgeBase.id)).where(col(KnowledgeBase.id).in_(set(base_ids)))
            )
        ).scalars()
    )
    return tuple(base_id for base_id in base_ids if base_id in found)


async def _change(ctx: ServiceContext, agent_id: int, base_id: int, *, attach: bool) -> AgentWrite:
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        agent: Agent = await sharing.load_authorized(
            session, actor, agents.KIND, agent_id, Permission.AGENTS_EDIT, for_update=True
        )
        await sharing.load_authorized(session, actor, KIND, base_id, Permission.AGENTS_VIEW)
        newest = await agents.version_of(session, agent_id, agent.latest_version)
        config = agents.config_of(newest)
        if not isinstance(config, ModelAgentConfig):
            raise BadUserInput.at(
                "agentId", "a webhook agent answers by itself; only a model agent uses knowledge"
            )
        attached = base_id in config.knowledge_base_ids
        if attached == attach:
            return AgentWrite(agent, newest, new_version=False)
        kept = tuple(i for i in await _existing(session, config.knowledge_base_ids) if i != base_id)
        if attach:
            if len(kept) >= KNOWLEDGE_BASES_MAX:
                raise BadUserInput.at(
                    "knowledgeBaseId",
                    f"an agent uses at most {KNOWLEDGE_BASES_MAX} knowledge bases",
                )
            kept += (base_id,)
        version = await agents.add_version(
            session,
            ctx,
            agent,
            replace(config, knowledge_base_ids=kept),
            action="agent.attach_knowledge_base" if attach else "agent.detach_knowledge_base",
            summary={"knowledge_base_id": base_id},
        )
    return AgentWrite(agent, version)


async def attach_knowledge_base(ctx: ServiceContext, agent_id: int, base_id: int) -> AgentWrite:
    return await _change(ctx, agent_id, base_id, attach=True)


async def detach_knowledge_base(ctx: ServiceContext, agent_id: int, base_id: int) -> AgentWrite:
    return await _change(ctx, agent_id, base_id, attach=False)
