"""Case content as stored in ``case_revisions.content`` (the import fields + reference_verified).

Stored content was validated and redacted on its way in, so it is read back
without validating it again.
"""

from typing import Any, cast

from casebook.domain.cases.columns import case_fields
from casebook.domain.cases.model import CaseContent, ExpectedToolCall, OrderMode, Turn, TurnRole
from casebook.domain.jsonvalue import JSONObject


def content_to_json(content: CaseContent) -> JSONObject:
    return case_fields(content)


def content_from_json(stored: dict[str, Any]) -> CaseContent:
    return CaseContent(
        input=stored["input"],
        history=tuple(
            Turn(cast(TurnRole, t["role"]), t["content"]) for t in stored.get("history") or ()
        ),
        reference_answer=stored.get("reference_answer"),
        counter_example=stored.get("counter_example"),
        expected_tool_calls=tuple(
            ExpectedToolCall(c["tool"], dict(c.get("args") or {}))
            for c in stored.get("expected_tool_calls") or ()
        ),
        order_mode=cast(OrderMode, stored.get("order_mode") or "any"),
        checks=tuple(stored.get("checks") or ()),
        tags=tuple(stored.get("tags") or ()),
        note=stored.get("note"),
        reference_verified=bool(stored.get("reference_verified", False)),
    )


def search_text(content: CaseContent) -> str:
    """What the case table's text search reads: the question, answers, note and tags."""
    parts = [
        content.input,
        content.reference_answer or "",
        content.counter_example or "",
        content.note or "",
        " ".join(content.tags),
    ]
    return "\n".join(parts).lower()
