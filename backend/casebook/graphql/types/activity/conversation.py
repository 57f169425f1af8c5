"""A conversation with one agent and one person, as its reader sees it."""

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Visibility
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_each
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.identity.user import UserType
from casebook.services.activity import conversations
from casebook.services.kernel.errors import NotFound
from casebook.services.kernel.records import Conversation

if TYPE_CHECKING:
    from casebook.graphql.types.activity.message import MessageType

_Message = Annotated["MessageType", strawberry.lazy("casebook.graphql.types.activity.message")]


@strawberry.type(
    name="Conversation",
    description="Turns between one agent and one person - a member, or an end user the "
    "integrator names. Private to that person unless shared; runs:view reads every one.",
)
class ConversationType(relay.Node):
    id: relay.NodeID[int]
    title: str
    external_id: str | None = strawberry.field(description="The integrator's own id.")
    end_user: str | None = strawberry.field(
        description="The end user it was with, as the integrator named them (null for a member)."
    )
    visibility: Visibility = strawberry.field(
        description="PRIVATE: the person it was with (and runs:view); ORGANIZATION: shared."
    )
    message_count: int
    created_at: datetime | None
    updated_at: datetime | None
    owner_user_id: strawberry.Private[int | None]
    agent_id: strawberry.Private[int]

    @classmethod
    def from_row(cls, row: Conversation) -> "ConversationType":
        assert row.id is not None
        return cls(
            id=row.id,
            title=row.title,
            external_id=row.external_id,
            end_user=row.end_user,
            visibility=Visibility(row.visibility),
            message_count=row.message_count,
            created_at=row.created_at,
            updated_at=row.updated_at,
            owner_user_id=row.owner_user_id,
            agent_id=row.agent_id,
        )

    @strawberry.field(description="The member it was with; null for an end user.")
    async def owner(self, info: Info) -> UserType | None:
        if self.owner_user_id is None:
            return None
        found = await info.context.loaders.member.load(self.owner_user_id)
        return UserType.from_row(found) if found is not None else None

    @strawberry.field(description="Whether it was with you.")
    def owned_by_viewer(self, info: Info) -> bool:
        actor = info.context.actor
        return actor is not None and actor.user_id == self.owner_user_id

    @strawberry.field(
        description="A private conversation of another person: copying it into a case shows "
        "its text to the dataset's readers who read runs, so Add to dataset warns and names "
        "its owner."
    )
    def private_to_another(self, info: Info) -> bool:
        actor = info.context.actor
        return self.visibility is Visibility.PRIVATE and (
            actor is None or actor.user_id != self.owner_user_id
        )

    @strawberry.field(description="The agent it was with; null when you may not view it.")
    async def agent(self, info: Info) -> AgentType | None:
        try:
            return AgentType.from_row(await info.context.loaders.agent.load(self.agent_id))
        except NotFound:
            return None

    @strawberry.field(description="Its turns, oldest first.")
    async def messages(
        self, info: Info, first: int = 100, after: str | None = None
    ) -> Connection[_Message]:
        from casebook.graphql.types.activity.message import MessageType

        page = await conversations.list_messages(
            info.context.services, self.id, first=first, after=after
        )
        return Connection.from_page(page, MessageType.from_row)

    @strawberry.field(description="Members it is shared with by a grant (only its owner shares).")
    async def shared_with(self, info: Info) -> list[UserType]:
        rows = await conversations.shared_with(info.context.services, self.id)
        return [UserType.from_row(u) for u in rows]

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _conversation(info, i))


async def _conversation(info: Info, conversation_id: int) -> ConversationType:
    return ConversationType.from_row(
        await conversations.get_conversation(info.context.services, conversation_id)
    )
