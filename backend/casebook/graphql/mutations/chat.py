"""The chat: write to an agent you may run and get its answer, with its tool calls."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.activity.conversation import ConversationType
from casebook.graphql.types.activity.message import MessageType
from casebook.graphql.types.activity.run import RunType
from casebook.graphql.types.agents.agent import AgentType
from casebook.services.activity import chat, conversations, runs


@strawberry.input
class SendMessageInput:
    agent_id: relay.GlobalID
    content: str = strawberry.field(description="The question, at most 100,000 characters.")
    conversation_id: relay.GlobalID | None = strawberry.field(
        default=None,
        description="Continue one of your conversations with this agent; without it a new "
        "conversation starts.",
    )
    isolated: bool = strawberry.field(
        default=False,
        description="Run with writes blocked: a tool not declared read-only is never executed.",
    )


@strawberry.type
class SendMessagePayload:
    conversation: ConversationType
    question: MessageType
    reply: MessageType = strawberry.field(
        description="The agent's whole reply; its run says how it was written, or why it failed."
    )
    run: RunType
    created_conversation: bool


@strawberry.type
class ChatMutations:
    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_RUN),
        description="Ask an agent you may run (agents:run on it). The question is kept even "
        "when the run fails; a failed run says why. Metered against the organization's "
        "budget and the agent helper's.",
    )
    async def send_message(self, info: Info, input: SendMessageInput) -> SendMessagePayload:
        services = info.context.services
        turn = await chat.send_message(
            services,
            decode_id(input.agent_id, AgentType, "agentId"),
            input.content,
            conversation_id=decode_id(input.conversation_id, ConversationType, "conversationId")
            if input.conversation_id
            else None,
            isolated=input.isolated,
        )
        recorded = turn.recorded
        return SendMessagePayload(
            conversation=ConversationType.from_row(
                await conversations.get_conversation(services, recorded.conversation_id)
            ),
            question=MessageType.from_row(
                await conversations.get_message(services, recorded.question_message_id)
            ),
            reply=MessageType.from_row(
                await conversations.get_message(services, recorded.reply_message_id)
            ),
            run=RunType.from_view(await runs.get_run(services, recorded.run_id)),
            created_conversation=turn.created_conversation,
        )
