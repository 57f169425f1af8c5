"""What a reader without access to a case's source conversation sees of it (spec: Access).

A case copied from a conversation keeps its text visible only to readers with
``runs:view`` or access to that conversation; others see metadata and a masked
placeholder, on screen and in exports, and cannot change the masked text.
"""

from collections.abc import Container
from dataclasses import replace

from casebook.domain.cases.model import CaseContent, ExpectedToolCall, Turn

MASKED_TEXT = "[hidden: needs runs:view or access to the source conversation]"

# The fields holding text copied from the conversation.
COPIED_TEXT_FIELDS: tuple[str, ...] = (
    "input",
    "history",
    "reference_answer",
    "counter_example",
    "note",
    "expected_tool_calls",
)


def masked_content(content: CaseContent) -> CaseContent:
    """The case with every copied text replaced by the placeholder; metadata kept."""

    def hide(text: str | None) -> str | None:
        return None if text is None else MASKED_TEXT

    return replace(
        content,
        input=MASKED_TEXT,
        history=tuple(Turn(t.role, MASKED_TEXT) for t in content.history),
        reference_answer=hide(content.reference_answer),
        counter_example=hide(content.counter_example),
        note=hide(content.note),
        expected_tool_calls=tuple(
            ExpectedToolCall(c.tool, {}) for c in content.expected_tool_calls
        ),
    )


def copied_fields_in(patch_fields: Container[str]) -> list[str]:
    """The copied-text fields an edit names, in the order above."""
    return [name for name in COPIED_TEXT_FIELDS if name in patch_fields]
