"""Queries of the agents capability: agents, their versions, skills."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.agents.enums import AgentKind
from casebook.graphql.types.agents.skill import SkillType
from casebook.services.agents import agents, skills


@strawberry.type
class AgentQueries:
    @strawberry.field(
        extensions=requires(Permission.AGENTS_VIEW),
        description="Agents you may view, newest first. `runnable` keeps those you may chat "
        "with (agents:run on them); `kind` and `search` (in the name) narrow the list.",
    )
    async def agents(
        self,
        info: Info,
        first: int = 50,
        after: str | None = None,
        search: str | None = None,
        kind: AgentKind | None = None,
        runnable: bool = False,
    ) -> Connection[AgentType]:
        page = await agents.list_agents(
            info.context.services,
            first=first,
            after=after,
            search=search,
            kind=kind.value if kind else None,
            runnable=runnable,
        )
        return Connection.from_page(page, AgentType.from_row)

    @strawberry.field(
        extensions=requires(Permission.AGENTS_VIEW),
        description="An agent by id; not found when it does not exist or you may not view it.",
    )
    async def agent(self, info: Info, id: relay.GlobalID) -> AgentType:
        return AgentType.from_row(
            await agents.get_agent(info.context.services, decode_id(id, AgentType))
        )

    @strawberry.field(
        extensions=requires(Permission.AGENTS_VIEW),
        description="Skills you may view, newest first; `search` looks in the name.",
    )
    async def skills(
        self, info: Info, first: int = 50, after: str | None = None, search: str | None = None
    ) -> Connection[SkillType]:
        page = await skills.list_skills(
            info.context.services, first=first, after=after, search=search
        )
        return Connection.from_page(page, SkillType.from_row)

    @strawberry.field(
        extensions=requires(Permission.AGENTS_VIEW),
        description="A skill by id; not found when it does not exist or you may not view it.",
    )
    async def skill(self, info: Info, id: relay.GlobalID) -> SkillType:
        return SkillType.from_row(
            await skills.get_skill(info.context.services, decode_id(id, SkillType))
        )
