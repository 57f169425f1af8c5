"""An agent: details, sharing, and its versions."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission, Visibility
from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_each
from casebook.graphql.types.agents.agent_version import AgentVersionType
from casebook.graphql.types.agents.enums import AgentKind
from casebook.graphql.types.datasets.grant import GrantType
from casebook.graphql.types.identity.user import UserType
from casebook.services.agents import agents
from casebook.services.kernel import sharing
from casebook.services.kernel.records import Agent


@strawberry.type(name="AgentPermissions", description="What you may do with this agent.")
class AgentPermissionsType:
    view: bool
    edit: bool
    run: bool = strawberry.field(description="Chat with it (agents:run on it).")


@strawberry.type(
    name="Agent",
    description="A model agent Casebook calls itself, a webhook agent that answers over "
    "HTTPS, or a local agent your own code answers through Casebook's clients. A shared "
    "resource: agents:view reads it, agents:edit changes it, agents:run chats with it and "
    "runs it.",
)
class AgentType(relay.Node):
    id: relay.NodeID[int]
    name: str
    description: str
    kind: AgentKind
    visibility: Visibility
    latest_version: int = strawberry.field(description="The number of its newest version.")
    owner_user_id: strawberry.Private[int | None]
    created_at: datetime | None
    updated_at: datetime | None

    @classmethod
    def from_row(cls, row: Agent) -> "AgentType":
        assert row.id is not None
        return cls(
            id=row.id,
            name=row.name,
            description=row.description,
            kind=AgentKind(row.kind),
            visibility=Visibility(row.visibility),
            latest_version=row.latest_version,
            owner_user_id=row.owner_user_id,
            created_at=row.created_at,
            updated_at=row.updated_at,
        )

    @strawberry.field(description="Whether the signed-in member owns it.")
    def owned_by_viewer(self, info: Info) -> bool:
        actor = info.context.actor
        return actor is not None and actor.user_id == self.owner_user_id

    @strawberry.field(description="Who owns it; null when they left the organization.")
    async def owner(self, info: Info) -> UserType | None:
        if self.owner_user_id is None:
            return None
        found = await info.context.loaders.member.load(self.owner_user_id)
        return UserType.from_row(found) if found is not None else None

    @strawberry.field(description="What you may do with it.")
    async def viewer_can(self, info: Info) -> AgentPermissionsType:
        abilities = await info.context.loaders.agent_abilities.load(self.id)
        return AgentPermissionsType(
            view=abilities[Permission.AGENTS_VIEW],
            edit=abilities[Permission.AGENTS_EDIT],
            run=abilities[Permission.AGENTS_RUN],
        )

    @strawberry.field(description="Its newest version.")
    async def current_version(self, info: Info) -> AgentVersionType:
        found = await info.context.loaders.agent_version.load((self.id, self.latest_version))
        assert found is not None
        return AgentVersionType.from_row(found)

    @strawberry.field(description="Newest first; pass `before` to page back.")
    async def versions(
        self, info: Info, first: int = 100, before: int | None = None
    ) -> list[AgentVersionType]:
        rows = await agents.list_versions(
            info.context.services, self.id, first=first, before=before
        )
        return [AgentVersionType.from_row(r) for r in rows]

    @strawberry.field(description="One version by its number.")
    async def version(self, info: Info, number: int) -> AgentVersionType:
        return AgentVersionType.from_row(
            await agents.get_version(info.context.services, self.id, number)
        )

    @strawberry.field(description="Grants on this agent.")
    async def grants(self, info: Info) -> list[GrantType]:
        views = await sharing.list_grants(info.context.services, agents.KIND, self.id)
        return [GrantType.from_view(v) for v in views]

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _agent(info, i))


async def _agent(info: Info, agent_id: int) -> AgentType:
    return AgentType.from_row(await agents.get_agent(info.context.services, agent_id))
