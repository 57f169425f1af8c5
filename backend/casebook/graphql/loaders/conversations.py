"""Conversations and messages by id, those the reader may open (None otherwise)."""

from strawberry.dataloader import DataLoader

from casebook.services.activity import conversations
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.records import Conversation, Message

ConversationLoader = DataLoader[int, Conversation | None]
MessageLoader = DataLoader[int, Message | None]


def conversation_loader(services: ServiceContext) -> ConversationLoader:
    async def load(conversation_ids: list[int]) -> list[Conversation | None]:
        return await conversations.conversations_by_id(services, conversation_ids)

    return DataLoader(load_fn=load, cache=False)


def message_loader(services: ServiceContext) -> MessageLoader:
    async def load(message_ids: list[int]) -> list[Message | None]:
        return await conversations.messages_by_id(services, message_ids)

    return DataLoader(load_fn=load, cache=False)
