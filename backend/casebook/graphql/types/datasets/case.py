"""A case as a reader sees it at one version. Copied conversation text may be masked."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_batched
from casebook.graphql.permissions import MASK_PLACEHOLDER, OnDenied, requires
from casebook.services.datasets.case_views import CaseView


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
    name="CaseSourceLink", description="Where a case taken from a conversation came from."
)
class CaseSourceLinkType:
    run_id: int | None
    conversation_id: int | None
    message_id: int | None


@strawberry.type(name="Case")
class CaseType(relay.Node):
    id: relay.NodeID[int]
    view: strawberry.Private[CaseView]

    @classmethod
    def from_view(cls, view: CaseView) -> "CaseType":
        return cls(id=view.case_id, view=view)

    @strawberry.field(description="The revision of the case this version holds.")
    def revision(self) -> int:
        return self.view.revision

    @strawberry.field(description="The version in which this revision was made.")
    def changed_in_version(self) -> int:
        return self.view.changed_in_version

    @strawberry.field(description="manual, import, conversation or synthetic — set by the server.")
    def source(self) -> str:
        return self.view.source

    @strawberry.field
    def source_link(self) -> CaseSourceLinkType | None:
        link = self.view.link
        if link.run_id is None and link.conversation_id is None and link.message_id is None:
            return None
        return CaseSourceLinkType(
            run_id=link.run_id, conversation_id=link.conversation_id, message_id=link.message_id
        )

    @strawberry.field(description="True when copied text is hidden from this reader.")
    def masked(self) -> bool:
        return self.view.masked

    @strawberry.field(extensions=_copied_text())
    def input(self) -> str:
        return self.view.content.input

    @strawberry.field(extensions=_copied_text(mask=[]))
    def history(self) -> list[TurnType]:
        return [TurnType(role=t.role, content=t.content) for t in self.view.content.history]

    @strawberry.field(extensions=_copied_text())
    def reference_answer(self) -> str | None:
        return self.view.content.reference_answer

    @strawberry.field(extensions=_copied_text())
    def counter_example(self) -> str | None:
        return self.view.content.counter_example

    @strawberry.field(extensions=_copied_text(mask=[]))
    def expected_tool_calls(self) -> list[ExpectedToolCallType]:
        return [
            ExpectedToolCallType(tool=c.tool, args=JSON(c.args))
            for c in self.view.content.expected_tool_calls
        ]

    @strawberry.field(extensions=_copied_text())
    def note(self) -> str | None:
        return self.view.content.note

    @strawberry.field(description="any, in_order or exact")
    def order_mode(self) -> str:
        return self.view.content.order_mode

    @strawberry.field
    def checks(self) -> list[JSON]:
        return [JSON(c) for c in self.view.content.checks]

    @strawberry.field
    def tags(self) -> list[str]:
        return list(self.view.content.tags)

    @strawberry.field
    def reference_verified(self) -> bool:
        return self.view.content.reference_verified

    @strawberry.field
    def created_at(self) -> datetime | None:
        return self.view.created_at

    @strawberry.field
    def revised_at(self) -> datetime | None:
        return self.view.revised_at

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        # A case node is the case as its dataset's newest version holds it.
        return await resolve_batched(
            node_ids, required, info.context.loaders.case, cls.from_view, key=lambda i: (i, None)
        )
