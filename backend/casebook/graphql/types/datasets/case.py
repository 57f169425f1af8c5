"""A case as a reader sees it at one version. Copied conversation text may be masked."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_optional_id
from casebook.graphql.node_resolution import resolve_batched
from casebook.graphql.permissions import MASK_PLACEHOLDER, OnDenied, requires
from casebook.graphql.types.checks.check import CheckType
from casebook.services.datasets.case_views import CaseView
from casebook.services.datasets.versioning import SourceLink


def _source_readable(case: "CaseType", _: Any) -> bool:
    return not case.view.masked


def _copied_text(mask: Any = MASK_PLACEHOLDER) -> Any:
    """Text copied from a conversation: runs:view or access to that conversation reads it."""
    return requires(Permission.RUNS_VIEW, OnDenied.MASK, allow_if=_source_readable, mask=mask)


@strawberry.type(name="Turn")
class TurnType:
    role: str
    content: str


@strawberry.type(name="ExpectedToolCall")
class ExpectedToolCallType:
    tool: str
    args: JSON


@strawberry.type(
    name="CaseSourceLink",
    description="Where a case came from: the run of a case taken from a conversation, or what "
    "a generated case was drafted from, as its draft named it.",
)
class CaseSourceLinkType:
    """Global IDs, as ``node(id:)`` and the console's links take them."""

    run_id: relay.GlobalID | None = strawberry.field(description="The Run the case was taken from.")
    conversation_id: relay.GlobalID | None = strawberry.field(
        description="The Conversation that run answered in, or that the question a generated "
        "case varies was asked in."
    )
    message_id: relay.GlobalID | None = strawberry.field(
        description="The reply Message the case was taken from."
    )
    question_message_id: relay.GlobalID | None = strawberry.field(
        description="A case generated from chats: the question Message it varies."
    )
    knowledge_document_id: relay.GlobalID | None = strawberry.field(
        description="A case generated from knowledge: the document its passage came from."
    )
    passage_id: str | None = strawberry.field(
        description="A case generated from knowledge: the passage kept as its reference answer."
    )

    @classmethod
    def of(cls, link: SourceLink) -> "CaseSourceLinkType | None":
        if link == SourceLink():
            return None
        return cls(
            run_id=encode_optional_id("Run", link.run_id),
            conversation_id=encode_optional_id("Conversation", link.conversation_id),
            message_id=encode_optional_id("Message", link.message_id),
            question_message_id=encode_optional_id("Message", link.question_message_id),
            knowledge_document_id=encode_optional_id("KnowledgeDocument", link.document_id),
            passage_id=link.passage_id,
        )


@strawberry.type(name="Case")
class CaseType(relay.Node):
    """Every field is a value set once from the view: a page of fifty cases resolves
    hundreds of fields, and a value is the cheapest field to resolve. Copied text goes
    through the rule that may mask it all the same (a field extension)."""

    id: relay.NodeID[int]
    view: strawberry.Private[CaseView]
    revision: int = strawberry.field(description="The revision of the case this version holds.")
    changed_in_version: int = strawberry.field(
        description="The version in which this revision was made."
    )
    source: str = strawberry.field(
        description="manual, import, conversation or synthetic — set by the server."
    )
    source_link: CaseSourceLinkType | None
    masked: bool = strawberry.field(description="True when copied text is hidden from this reader.")
    input: str = strawberry.field(extensions=_copied_text())
    history: list[TurnType] = strawberry.field(extensions=_copied_text(mask=[]))
    reference_answer: str | None = strawberry.field(extensions=_copied_text())
    counter_example: str | None = strawberry.field(extensions=_copied_text())
    expected_tool_calls: list[ExpectedToolCallType] = strawberry.field(
        extensions=_copied_text(mask=[])
    )
    note: str | None = strawberry.field(extensions=_copied_text())
    order_mode: str = strawberry.field(description="any, in_order or exact")
    checks: list[CheckType]
    tags: list[str]
    reference_verified: bool
    created_at: datetime | None
    revised_at: datetime | None
    anonymised_at: datetime | None = strawberry.field(
        description="When its text was erased - the person who asked it was erased, or the case "
        "was deleted, which erases it from every version - and replaced: the case is marked "
        "Anonymised after erasure and eval runs leave it out until its curator rewrites or "
        "removes it. Null otherwise."
    )

    @classmethod
    def from_view(cls, view: CaseView) -> "CaseType":
        content = view.content
        return cls(
            id=view.case_id,
            view=view,
            revision=view.revision,
            changed_in_version=view.changed_in_version,
            source=view.source,
            source_link=CaseSourceLinkType.of(view.link),
            masked=view.masked,
            input=content.input,
            history=[TurnType(role=t.role, content=t.content) for t in content.history],
            reference_answer=content.reference_answer,
            counter_example=content.counter_example,
            expected_tool_calls=[
                ExpectedToolCallType(tool=c.tool, args=JSON(c.args))
                for c in content.expected_tool_calls
            ],
            note=content.note,
            order_mode=content.order_mode,
            checks=[CheckType.from_json(c) for c in content.checks],
            tags=list(content.tags),
            reference_verified=content.reference_verified,
            created_at=view.created_at,
            revised_at=view.revised_at,
            anonymised_at=view.anonymised_at,
        )

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        # A case node is the case as its dataset's newest version holds it.
        return await resolve_batched(
            node_ids, required, info.context.loaders.case, cls.from_view, key=lambda i: (i, None)
        )
