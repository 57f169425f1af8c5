from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class RecordConversations(BaseModel):
    record_conversations: "RecordConversationsRecordConversations" = Field(
        alias="recordConversations"
    )


class RecordConversationsRecordConversations(BaseModel):
    conversations: list["RecordConversationsRecordConversationsConversations"]


class RecordConversationsRecordConversationsConversations(BaseModel):
    external_id: Optional[str] = Field(alias="externalId")
    conversation_id: str = Field(alias="conversationId")
    created: bool
    turns_stored: int = Field(alias="turnsStored")
    turns: list["RecordConversationsRecordConversationsConversationsTurns"]


class RecordConversationsRecordConversationsConversationsTurns(BaseModel):
    external_id: str = Field(alias="externalId")
    message_id: str = Field(alias="messageId")
    run_id: Optional[str] = Field(alias="runId")
    stored: bool


RecordConversations.model_rebuild()
RecordConversationsRecordConversations.model_rebuild()
RecordConversationsRecordConversationsConversations.model_rebuild()
