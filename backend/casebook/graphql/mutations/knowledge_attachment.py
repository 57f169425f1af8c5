"""Attaching a knowledge base to a model agent, and detaching it: each a new version."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.mutations.agents import ConfigureAgentPayload
from casebook.graphql.permissions import requires
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.agents.agent_version import AgentVersionType
from casebook.graphql.types.knowledge.knowledge_base import KnowledgeBaseType
from casebook.services.agents.agents import AgentWrite
from casebook.services.knowledge import attachment


def _payload(written: AgentWrite) -> ConfigureAgentPayload:
    return ConfigureAgentPayload(
        agent=AgentType.from_row(written.agent),
        version=AgentVersionType.from_row(written.version),
        new_version=written.new_version,
    )


@strawberry.type
class KnowledgeAttachmentMutations:
    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="A model agent uses this knowledge base from its new version on. Needs "
        "agents:edit on the agent and read access to the base; attaching one already "
        "attached makes no version.",
    )
    async def attach_knowledge_base(
        self, info: Info, agent_id: relay.GlobalID, knowledge_base_id: relay.GlobalID
    ) -> ConfigureAgentPayload:
        written = await attachment.attach_knowledge_base(
            info.context.services,
            decode_id(agent_id, AgentType, "agentId"),
            decode_id(knowledge_base_id, KnowledgeBaseType, "knowledgeBaseId"),
        )
        return _payload(written)

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="A model agent stops using this knowledge base from its new version on; "
        "detaching one not attached makes no version.",
    )
    async def detach_knowledge_base(
        self, info: Info, agent_id: relay.GlobalID, knowledge_base_id: relay.GlobalID
    ) -> ConfigureAgentPayload:
        written = await attachment.detach_knowledge_base(
            info.context.services,
            decode_id(agent_id, AgentType, "agentId"),
            decode_id(knowledge_base_id, KnowledgeBaseType, "knowledgeBaseId"),
        )
        return _payload(written)
