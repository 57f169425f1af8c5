"""Queries of Activity: runs, one run, conversations, one message."""

from datetime import datetime

import strawberry
from strawberry import relay

from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import AUTHENTICATED, requires
from casebook.graphql.types.activity.conversation import ConversationType
from casebook.graphql.types.activity.enums import RatingFilter
from casebook.graphql.types.activity.message import MessageType
from casebook.graphql.types.activity.run import RunType
from casebook.graphql.types.agents.agent import AgentType
from casebook.services.activity import conversations, runs
from casebook.services.activity.conversations import ConversationFilter
from casebook.services.activity.runs import RunFilter


@strawberry.input(description="Which runs to list; every field left out keeps all.")
class RunFilterInput:
    agent_id: relay.GlobalID | None = None
    conversation_id: relay.GlobalID | None = None
    rating: RatingFilter | None = None
    since: datetime | None = strawberry.field(default=None, description="Started at or after.")
    until: datetime | None = strawberry.field(default=None, description="Started before.")
    isolated: bool | None = None
    eval: bool | None = strawberry.field(
        default=None, description="true: eval runs only; false: production traffic only."
    )


@strawberry.input
class ConversationFilterInput:
    agent_id: relay.GlobalID | None = None
    mine: bool = strawberry.field(
        default=False, description="Only conversations you had (the chat's list)."
    )


def run_filter(where: RunFilterInput | None) -> RunFilter:
    if where is None:
        return RunFilter()
    return RunFilter(
        agent_id=decode_id(where.agent_id, AgentType, "filter.agentId") if where.agent_id else None,
        conversation_id=decode_id(where.conversation_id, ConversationType, "filter.conversationId")
        if where.conversation_id
        else None,
        rating=where.rating.value if where.rating else None,
        since=where.since,
        until=where.until,
        isolated=where.isolated,
        eval=where.eval,
    )


@strawberry.type
class ActivityQueries:
    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="Runs newest first (Activity). runs:view lists every run of the "
        "organization; anyone else the runs of conversations they may open.",
    )
    async def runs(
        self,
        info: Info,
        filter: RunFilterInput | None = None,
        first: int = 50,
        after: str | None = None,
    ) -> Connection[RunType]:
        page = await runs.list_runs(
            info.context.services, where=run_filter(filter), first=first, after=after
        )
        return Connection.from_page(page, RunType.from_view)

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="A run by id; not found when you may not read it.",
    )
    async def run(self, info: Info, id: relay.GlobalID) -> RunType:
        return RunType.from_view(await runs.get_run(info.context.services, decode_id(id, RunType)))

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="Conversations you may open, newest first.",
    )
    async def conversations(
        self,
        info: Info,
        filter: ConversationFilterInput | None = None,
        first: int = 50,
        after: str | None = None,
    ) -> Connection[ConversationType]:
        where = ConversationFilter(
            agent_id=decode_id(filter.agent_id, AgentType, "filter.agentId")
            if filter and filter.agent_id
            else None,
            mine=bool(filter and filter.mine),
        )
        page = await conversations.list_conversations(
            info.context.services, where=where, first=first, after=after
        )
        return Connection.from_page(page, ConversationType.from_row)

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="A conversation by id; not found when you may not open it.",
    )
    async def conversation(self, info: Info, id: relay.GlobalID) -> ConversationType:
        return ConversationType.from_row(
            await conversations.get_conversation(
                info.context.services, decode_id(id, ConversationType)
            )
        )

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="A message by id; not found when you may not open its conversation.",
    )
    async def message(self, info: Info, id: relay.GlobalID) -> MessageType:
        return MessageType.from_row(
            await conversations.get_message(info.context.services, decode_id(id, MessageType))
        )
