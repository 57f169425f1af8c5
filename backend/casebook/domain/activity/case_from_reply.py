"""The case a reply makes (spec: "From a conversation or a run").

- the question becomes the input; the turns before it come too only "With the
  conversation";
- the agent's whole reply - every step it wrote before the next question - is
  the answer: its text is the counter-example after a thumbs-down, and is
  otherwise offered as the reference answer;
- kept as a reference, the tools it called become expected tool calls by name:
  those that succeeded and change something - never a failed or blocked call,
  nor one its agent declares read-only; a reply with no text is kept as those
  alone;
- the newest comment left with a thumbs-down becomes the note.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, get_args

from casebook.domain.activity.model import Step, reply_text
from casebook.domain.errors import FieldError

KeepAs = Literal["reference", "counter_example"]
KEEP_AS: tuple[str, ...] = get_args(KeepAs)


@dataclass(frozen=True, slots=True)
class RatingFact:
    value: str
    comment: str | None
    at: datetime | None


@dataclass(frozen=True, slots=True)
class EarlierTurn:
    """A message before the question, oldest first: ``user`` or ``agent``."""

    role: str
    content: str


@dataclass(frozen=True, slots=True)
class CaseFromReply:
    question: str
    history: tuple[EarlierTurn, ...]
    answer: str
    suggested_keep_as: KeepAs
    expected_tool_names: tuple[str, ...]
    note: str | None


def rated_down(ratings: Sequence[RatingFact]) -> bool:
    return any(r.value == "down" for r in ratings)


def suggested_keep_as(ratings: Sequence[RatingFact]) -> KeepAs:
    """Thumbs-down: a counter-example. If nobody rated it down, offered as the reference."""
    return "counter_example" if rated_down(ratings) else "reference"


def newest_down_comment(ratings: Sequence[RatingFact]) -> str | None:
    """The newest comment left with a thumbs-down (a thumbs-down without one is skipped)."""
    commented = [r for r in ratings if r.value == "down" and r.comment and r.comment.strip()]
    if not commented:
        return None
    newest = max(
        enumerate(commented), key=lambda pair: (pair[1].at is not None, pair[1].at, -pair[0])
    )
    return newest[1].comment


def expected_tool_names(steps: Sequence[Step]) -> tuple[str, ...]:
    """The tools the reply called that succeeded and change something, by name, in order."""
    return tuple(
        step.tool_name
        for step in steps
        if step.kind == "tool_call"
        and step.tool_name
        and step.status == "ok"
        and step.read_only is not True
    )


def case_from_reply(
    question: str,
    earlier: Sequence[EarlierTurn],
    steps: Sequence[Step],
    ratings: Sequence[RatingFact],
) -> CaseFromReply:
    return CaseFromReply(
        question=question,
        history=tuple(earlier),
        answer=reply_text(steps),
        suggested_keep_as=suggested_keep_as(ratings),
        expected_tool_names=expected_tool_names(steps),
        note=newest_down_comment(ratings),
    )


def case_fields(
    draft: CaseFromReply, keep_as: KeepAs, *, with_history: bool
) -> dict[str, object] | FieldError:
    """The case's fields in the import's shape, or why the reply cannot be kept so."""
    fields: dict[str, object] = {"input": draft.question}
    if with_history:
        fields["history"] = [
            {"role": "user" if t.role == "user" else "assistant", "content": t.content}
            for t in draft.history
        ]
    answer = draft.answer.strip()
    if keep_as == "counter_example":
        if not answer:
            return FieldError("keepAs", "a reply with no text cannot be kept as a counter-example")
        fields["counter_example"] = draft.answer
    else:
        if not answer and not draft.expected_tool_names:
            return FieldError(
                "keepAs",
                "the reply has no text and called no tool that changes something: "
                "there is nothing to keep as a reference",
            )
        if answer:
            fields["reference_answer"] = draft.answer
        fields["expected_tool_calls"] = [
            {"tool": name, "args": {}} for name in draft.expected_tool_names
        ]
    if draft.note is not None:
        fields["note"] = draft.note
    return fields
