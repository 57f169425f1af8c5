"""The Expected tool calls scorer (spec: "Expected tool calls").

A made call matches an expected one when the tool names are the same and
every argument the case lists is present with an equal value; arguments the
case does not list are ignored. A call an isolated run blocked still counts
as made.

Values compare as JSON values (``json_equal``): numbers by value, so ``1``
and ``1.0`` are the same argument - JSON itself draws no line between them -
while a boolean is never a number (``true`` is not ``1``), strings compare
exactly, lists element by element in order, and objects key by key in full.

Each made call can satisfy one expected call only, so two expected calls to
the same tool need two calls. ``any`` finds a maximum matching by augmenting
paths, because taking the first call that fits can spend a call another
expectation needed. ``in_order`` and ``exact`` count the longest run of
expected calls found in order (a longest common subsequence).

Scores: ``any`` - the fraction of expected calls matched; ``in_order`` - the
fraction matched in the listed order; ``exact`` - calls matched in order over
the larger of the expected and made counts, so every call not expected
lowers it.
"""

from collections.abc import Sequence

import orjson

from casebook.domain.cases.model import ExpectedToolCall, OrderMode
from casebook.domain.grading.answer import MadeToolCall
from casebook.domain.grading.results import NothingToGrade, ScorerResult
from casebook.domain.jsonvalue import JSONValue

SHOWN_CALLS = 10
SHOWN_ARG_CHARS = 200


def json_equal(left: JSONValue, right: JSONValue) -> bool:
    if isinstance(left, bool) or isinstance(right, bool):
        return isinstance(left, bool) and isinstance(right, bool) and left == right
    if isinstance(left, int | float) and isinstance(right, int | float):
        return left == right
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(json_equal, left, right))
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(json_equal(v, right[k]) for k, v in left.items())
    if isinstance(left, str) and isinstance(right, str):
        return left == right
    return left is None and right is None


def call_matches(expected: ExpectedToolCall, made: MadeToolCall) -> bool:
    return expected.tool == made.name and all(
        name in made.args and json_equal(value, made.args[name])
        for name, value in expected.args.items()
    )


def _maximum_matching(fits: list[list[int]], made_count: int) -> list[int | None]:
    """For each expected call, the made call it consumes, or ``None`` (Kuhn's algorithm)."""
    owner: list[int | None] = [None] * made_count

    def claim(expected_index: int, seen: set[int]) -> bool:
        for made_index in fits[expected_index]:
            if made_index in seen:
                continue
            seen.add(made_index)
            current = owner[made_index]
            if current is None or claim(current, seen):
                owner[made_index] = expected_index
                return True
        return False

    for expected_index in range(len(fits)):
        claim(expected_index, set())
    assignment: list[int | None] = [None] * len(fits)
    for made_index, owning_index in enumerate(owner):
        if owning_index is not None:
            assignment[owning_index] = made_index
    return assignment


def _matched_in_order(fits: list[list[int]], made_count: int) -> int:
    """How many expected calls happened in the listed order (longest common subsequence)."""
    previous = [0] * (made_count + 1)
    for fitting in fits:
        fitting_set = set(fitting)
        current = [0] * (made_count + 1)
        for made_index in range(made_count):
            if made_index in fitting_set:
                current[made_index + 1] = previous[made_index] + 1
            else:
                current[made_index + 1] = max(previous[made_index + 1], current[made_index])
        previous = current
    return previous[made_count]


def describe_expected(call: ExpectedToolCall) -> str:
    args = ", ".join(
        f"{name}={orjson.dumps(value).decode()[:SHOWN_ARG_CHARS]}"
        for name, value in call.args.items()
    )
    return f"{call.tool}({args})"


def _listing(items: Sequence[str]) -> str:
    shown = ", ".join(items[:SHOWN_CALLS])
    more = len(items) - SHOWN_CALLS
    return f"{shown} and {more} more" if more > 0 else shown


def match_tool_calls(
    expected: Sequence[ExpectedToolCall],
    order_mode: OrderMode,
    made: Sequence[MadeToolCall],
) -> ScorerResult:
    """Raises ``NothingToGrade`` when the case expects no call."""
    if not expected:
        raise NothingToGrade("the case expects no tool calls")
    fits = [[j for j, call in enumerate(made) if call_matches(e, call)] for e in expected]
    assignment = _maximum_matching(fits, len(made))
    matched = sum(1 for made_index in assignment if made_index is not None)
    in_order = _matched_in_order(fits, len(made))
    missing = [describe_expected(expected[i]) for i, m in enumerate(assignment) if m is None]
    consumed = {m for m in assignment if m is not None}
    unexpected = [f"call {j + 1} {call.name}" for j, call in enumerate(made) if j not in consumed]
    order_differs = in_order < matched

    problems: list[str] = []
    if missing:
        problems.append(f"missing: {_listing(missing)}")
    if order_mode == "exact" and unexpected:
        problems.append(f"not expected: {_listing(unexpected)}")
    if order_mode != "any" and order_differs:
        made_names = [call.name for call in made]
        problems.append(
            "the order was different: expected "
            f"{_listing([call.tool for call in expected])}; made {_listing(made_names)}"
        )

    if order_mode == "any":
        score = matched / len(expected)
    elif order_mode == "in_order":
        score = in_order / len(expected)
    else:
        score = in_order / max(len(expected), len(made))
    if problems:
        return ScorerResult("fail", score, "; ".join(problems))
    noun = "call" if len(expected) == 1 else "calls"
    how = {"any": "", "in_order": " in order", "exact": " in order and no others"}[order_mode]
    return ScorerResult("pass", score, f"the {len(expected)} expected {noun} happened{how}")
