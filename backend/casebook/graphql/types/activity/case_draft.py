"""What Add to dataset would keep from a reply, shown by the dialog before it adds."""

from enum import Enum

import strawberry

from casebook.graphql.types.datasets.case import TurnType
from casebook.services.activity.case_from_message import ReplySource


@strawberry.enum(
    name="CaseKeepAs",
    description="What a reply is kept as: the answer the agent should give (REFERENCE), "
    "or one it should not (COUNTER_EXAMPLE).",
)
class CaseKeepAs(Enum):
    REFERENCE = "reference"
    COUNTER_EXAMPLE = "counter_example"


@strawberry.type(
    name="CaseDraft",
    description="The case Add to dataset makes from this reply: the question as the input, "
    "the earlier turns (kept only With the conversation), the whole reply as the answer.",
)
class CaseDraftType:
    source: strawberry.Private[ReplySource]

    @strawberry.field(description="The question: the case's input.")
    def question(self) -> str:
        return self.source.draft.question

    @strawberry.field(
        description="The turns before the question, oldest first (role user or assistant); "
        "kept only when withHistory is sent. Empty for a first question."
    )
    def history(self) -> list[TurnType]:
        return [
            TurnType(role="user" if t.role == "user" else "assistant", content=t.content)
            for t in self.source.draft.history
        ]

    @strawberry.field(description="The text of the whole reply.")
    def answer(self) -> str:
        return self.source.draft.answer

    @strawberry.field(
        description="COUNTER_EXAMPLE when someone rated the reply down, else REFERENCE."
    )
    def suggested_keep_as(self) -> CaseKeepAs:
        return CaseKeepAs(self.source.draft.suggested_keep_as)

    @strawberry.field(
        description="Kept as a reference, these become expected tool calls by name: calls "
        "that succeeded, to tools not declared read-only, in order."
    )
    def expected_tool_calls(self) -> list[str]:
        return list(self.source.draft.expected_tool_names)

    @strawberry.field(description="The newest comment left with a thumbs-down: the case's note.")
    def note(self) -> str | None:
        return self.source.draft.note

    @strawberry.field(
        description="Set when the conversation is another person's private one: the dialog "
        "names them and warns that dataset readers who can read runs will see its text."
    )
    def conversation_owner_name(self) -> str | None:
        return self.source.private_owner_name
