"""A draft waiting under Proposed cases: the case it proposes and what it was drafted
from."""

from datetime import datetime

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.graphql.ids import encode_id
from casebook.graphql.types.checks.check import CheckType
from casebook.graphql.types.datasets.case import ExpectedToolCallType, TurnType
from casebook.graphql.types.knowledge.knowledge_base import KnowledgeBaseType
from casebook.services.generation.proposals import proposal_content
from casebook.services.kernel.records import KnowledgeBase, ProposedCase

PROPOSED_CASE = "ProposedCase"


@strawberry.type(
    name="ProposedCase",
    description="A case the generator drafted, waiting to be accepted, edited or dismissed. "
    "Nothing reaches the dataset until it is accepted.",
)
class ProposedCaseType:
    id: relay.GlobalID
    source: str = strawberry.field(description="agent, knowledge, chats or red_team.")
    input: str
    history: list[TurnType]
    reference_answer: str | None
    counter_example: str | None
    expected_tool_calls: list[ExpectedToolCallType]
    order_mode: str
    checks: list[CheckType]
    tags: list[str]
    note: str | None
    knowledge_document_id: relay.GlobalID | None = strawberry.field(
        description="A knowledge draft: the document its passage came from."
    )
    knowledge_base: KnowledgeBaseType | None = strawberry.field(
        description="A knowledge draft: the knowledge base of its document, when you may read "
        "it; null otherwise, as for a draft with none."
    )
    passage_id: str | None = strawberry.field(
        description="A knowledge draft: the passage kept as its reference answer."
    )
    category: str | None = strawberry.field(description="A red-team draft: its category.")
    question_message_id: relay.GlobalID | None = strawberry.field(
        description="A chat draft: the question it varies."
    )
    conversation_id: relay.GlobalID | None = strawberry.field(
        description="A chat draft: the conversation of the question it varies."
    )
    created_at: datetime | None

    @classmethod
    def from_row(
        cls, row: ProposedCase, knowledge_base: KnowledgeBase | None = None
    ) -> "ProposedCaseType":
        assert row.id is not None
        content = proposal_content(row)
        return cls(
            id=encode_id(PROPOSED_CASE, row.id),
            source=row.source,
            input=content.input,
            history=[TurnType(role=t.role, content=t.content) for t in content.history],
            reference_answer=content.reference_answer,
            counter_example=content.counter_example,
            expected_tool_calls=[
                ExpectedToolCallType(tool=c.tool, args=JSON(c.args))
                for c in content.expected_tool_calls
            ],
            order_mode=content.order_mode,
            checks=[CheckType.from_json(c) for c in content.checks],
            tags=list(content.tags),
            note=content.note,
            knowledge_document_id=encode_id("KnowledgeDocument", row.document_id)
            if row.document_id is not None
            else None,
            knowledge_base=KnowledgeBaseType.from_row(knowledge_base)
            if knowledge_base is not None
            else None,
            passage_id=row.passage_id,
            category=row.category,
            question_message_id=encode_id("Message", row.message_id)
            if row.message_id is not None
            else None,
            conversation_id=encode_id("Conversation", row.conversation_id)
            if row.conversation_id is not None
            else None,
            created_at=row.created_at,
        )
