"""One turn of a conversation: a question, or the agent's whole reply (written by a run)."""

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_each
from casebook.graphql.types.activity.enums import TurnRole
from casebook.graphql.types.identity.user import UserType
from casebook.services.activity import conversations
from casebook.services.kernel.records import Message

if TYPE_CHECKING:
    from casebook.graphql.types.activity.conversation import ConversationType
    from casebook.graphql.types.activity.run import RunType

_Conversation = Annotated[
    "ConversationType", strawberry.lazy("casebook.graphql.types.activity.conversation")
]
_Run = Annotated["RunType", strawberry.lazy("casebook.graphql.types.activity.run")]


@strawberry.type(
    name="Message",
    description="A turn: a person's question (USER) or the agent's whole reply (AGENT), "
    "which one run wrote. A reply recorded as agent turns in a row is one reply: its first "
    "turn holds its text and its run every step; each later turn keeps its place and id, "
    "with no text and no run.",
)
class MessageType(relay.Node):
    id: relay.NodeID[int]
    role: TurnRole
    content: str = strawberry.field(description="For a reply: the text of every text step.")
    position: int = strawberry.field(description="1 for the first turn.")
    external_id: str | None
    author_end_user: str | None = strawberry.field(
        description="The end user who asked, as the integrator named them."
    )
    created_at: datetime | None
    author_user_id: strawberry.Private[int | None]
    conversation_id: strawberry.Private[int]

    @classmethod
    def from_row(cls, row: Message) -> "MessageType":
        assert row.id is not None
        return cls(
            id=row.id,
            role=TurnRole(row.role),
            content=row.content,
            position=row.position,
            external_id=row.external_id,
            author_end_user=row.author_end_user,
            created_at=row.created_at,
            author_user_id=row.author_user_id,
            conversation_id=row.conversation_id,
        )

    @strawberry.field(description="The member who asked; null for a reply or an end user.")
    async def author(self, info: Info) -> UserType | None:
        if self.author_user_id is None:
            return None
        found = await info.context.loaders.member.load(self.author_user_id)
        return UserType.from_row(found) if found is not None else None

    @strawberry.field(
        description="The run that wrote this reply; null for a question, and for a later turn "
        "of a reply recorded in parts."
    )
    async def run(self, info: Info) -> _Run | None:
        from casebook.graphql.types.activity.run import RunType

        if self.role is TurnRole.USER:
            return None
        found = await info.context.loaders.message_run.load(self.id)
        return RunType.from_view(found) if found is not None else None

    @strawberry.field
    async def conversation(self, info: Info) -> _Conversation:
        from casebook.graphql.types.activity.conversation import ConversationType

        found = await info.context.loaders.conversation.load(self.conversation_id)
        assert found is not None
        return ConversationType.from_row(found)

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _message(info, i))


async def _message(info: Info, message_id: int) -> MessageType:
    return MessageType.from_row(await conversations.get_message(info.context.services, message_id))
