"""Two runs of a dataset side by side, case by case (issue 34, "Two runs side by side").

- ``word_diff`` - the answer before and the answer now as spans of words kept, removed
  and added, the longest common run of words kept (``difflib.SequenceMatcher``, its junk
  heuristic off so a long answer's common words still match). Whitespace belongs to the
  word before it, so the spans kept and removed give the answer before exactly, and
  those kept and added the answer now: nothing is lost or invented in the marking.
- ``pair_tool_calls`` - the tool calls compared call by call, by position: the n-th call
  before beside the n-th call now, ``same`` when the tool and its arguments are equal;
  a call one side did not make stands beside nothing.
- ``scorer_verdicts`` - each scorer's verdict before and now (the repetitions of a
  result folded per scorer), by scorer name, every scorer either side names.
"""

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from casebook.domain.evals.results import CaseResult, scorer_outcomes
from casebook.domain.grading.outcome import OutcomeStatus

SpanKind = Literal["same", "removed", "added"]
# A word and the whitespace after it; leading whitespace is a token of its own.
_TOKEN = re.compile(r"\s+|\S+\s*")


@dataclass(frozen=True, slots=True)
class TextSpan:
    kind: SpanKind
    text: str


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def word_diff(before: str, now: str) -> list[TextSpan]:
    """Spans in reading order; neighbouring spans of one kind are joined."""
    old, new = _tokens(before), _tokens(now)
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    spans: list[TextSpan] = []

    def emit(kind: SpanKind, words: Sequence[str]) -> None:
        text = "".join(words)
        if not text:
            return
        if spans and spans[-1].kind == kind:
            spans[-1] = TextSpan(kind, spans[-1].text + text)
        else:
            spans.append(TextSpan(kind, text))

    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            emit("same", old[i1:i2])
        else:
            emit("removed", old[i1:i2])
            emit("added", new[j1:j2])
    return spans


def side_of(spans: Sequence[TextSpan], side: Literal["before", "now"]) -> str:
    """One side's text back from the spans."""
    other: SpanKind = "added" if side == "before" else "removed"
    return "".join(span.text for span in spans if span.kind != other)


@dataclass(frozen=True, slots=True)
class ToolCallPair:
    position: int
    before: Mapping[str, Any] | None
    now: Mapping[str, Any] | None

    @property
    def same(self) -> bool:
        if self.before is None or self.now is None:
            return False
        return _call_key(self.before) == _call_key(self.now)


def _call_key(call: Mapping[str, Any]) -> tuple[str, Any]:
    return str(call.get("name", "")), call.get("args") or {}


def pair_tool_calls(
    before: Sequence[Mapping[str, Any]], now: Sequence[Mapping[str, Any]]
) -> list[ToolCallPair]:
    return [
        ToolCallPair(
            position,
            before[position] if position < len(before) else None,
            now[position] if position < len(now) else None,
        )
        for position in range(max(len(before), len(now)))
    ]


@dataclass(frozen=True, slots=True)
class ScorerVerdicts:
    scorer: str
    before: OutcomeStatus | None
    now: OutcomeStatus | None

    @property
    def changed(self) -> bool:
        return self.before != self.now


def scorer_verdicts(before: CaseResult | None, now: CaseResult | None) -> list[ScorerVerdicts]:
    """By scorer name: what it found on each side (None: it gave no verdict there)."""
    was = scorer_outcomes(before) if before is not None else {}
    found = scorer_outcomes(now) if now is not None else {}
    return [
        ScorerVerdicts(scorer, was.get(scorer), found.get(scorer))
        for scorer in sorted(set(was) | set(found))
    ]
