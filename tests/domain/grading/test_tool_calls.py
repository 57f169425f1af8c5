"""Expected tool calls (spec: Grading → Expected tool calls)."""

from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.cases.model import ExpectedToolCall, OrderMode
from casebook.domain.grading.answer import MadeToolCall
from casebook.domain.grading.results import NothingToGrade
from casebook.domain.grading.tool_calls import call_matches, json_equal, match_tool_calls
from casebook.domain.jsonvalue import JSONObject, JSONValue

LOOKUP = ExpectedToolCall("lookup_order", {"order_id": 42})
REFUND = ExpectedToolCall("refund_order", {"order_id": 42})


def made(name: str, args: JSONObject | None = None, blocked: bool = False) -> MadeToolCall:
    return MadeToolCall(name, args or {}, blocked)


@pytest.mark.parametrize(
    ("left", "right", "equal"),
    [
        (1, 1.0, True),
        (True, 1, False),
        (False, 0, False),
        (True, True, True),
        ("42", 42, False),
        ("Paris", "paris", False),
        (None, None, True),
        (None, "", False),
        ([1, 2], [2, 1], False),
        ([1, {"a": 2.0}], [1.0, {"a": 2}], True),
        ({"a": 1}, {"a": 1, "b": 2}, False),
        (2**53 + 1, float(2**53), False),
    ],
)
def test_json_equality(left: JSONValue, right: JSONValue, equal: bool) -> None:
    assert json_equal(left, right) is equal
    assert json_equal(right, left) is equal


def test_arguments_the_case_does_not_list_are_ignored() -> None:
    assert call_matches(LOOKUP, made("lookup_order", {"order_id": 42.0, "verbose": True}))
    assert not call_matches(LOOKUP, made("lookup_order", {"order": 42}))
    assert not call_matches(LOOKUP, made("lookup_orders", {"order_id": 42}))
    assert call_matches(ExpectedToolCall("ping"), made("ping", {"anything": 1}))


def test_a_listed_null_argument_must_be_present() -> None:
    expected = ExpectedToolCall("search", {"filter": None})
    assert call_matches(expected, made("search", {"filter": None}))
    assert not call_matches(expected, made("search"))


def test_any_passes_in_any_order_with_other_calls() -> None:
    calls = [
        made("refund_order", {"order_id": 42}),
        made("log"),
        made("lookup_order", {"order_id": 42}),
    ]
    result = match_tool_calls([LOOKUP, REFUND], "any", calls)
    assert (result.status, result.score) == ("pass", 1.0)
    assert result.reason == "the 2 expected calls happened"


def test_any_names_what_was_missing() -> None:
    result = match_tool_calls([LOOKUP, REFUND], "any", [made("lookup_order", {"order_id": 42})])
    assert (result.status, result.score) == ("fail", 0.5)
    assert result.reason == "missing: refund_order(order_id=42)"


def test_each_expected_call_needs_its_own_call() -> None:
    result = match_tool_calls([LOOKUP, LOOKUP], "any", [made("lookup_order", {"order_id": 42})])
    assert (result.status, result.score) == ("fail", 0.5)
    assert result.reason == "missing: lookup_order(order_id=42)"


def test_matching_is_not_first_fit() -> None:
    # First fit gives the broad expectation the only call the narrow one accepts.
    broad = ExpectedToolCall("lookup_order")
    calls = [made("lookup_order", {"order_id": 42}), made("lookup_order", {"order_id": 7})]
    assert match_tool_calls([broad, LOOKUP], "any", calls).status == "pass"


def test_a_blocked_call_counts_as_made() -> None:
    result = match_tool_calls([REFUND], "exact", [made("refund_order", {"order_id": 42}, True)])
    assert result.status == "pass"


def test_in_order_allows_other_calls_between() -> None:
    calls = [
        made("lookup_order", {"order_id": 42}),
        made("log"),
        made("refund_order", {"order_id": 42}),
    ]
    result = match_tool_calls([LOOKUP, REFUND], "in_order", calls)
    assert (result.status, result.score) == ("pass", 1.0)
    assert result.reason == "the 2 expected calls happened in order"


def test_in_order_says_the_order_was_different() -> None:
    calls = [made("refund_order", {"order_id": 42}), made("lookup_order", {"order_id": 42})]
    result = match_tool_calls([LOOKUP, REFUND], "in_order", calls)
    assert (result.status, result.score) == ("fail", 0.5)
    assert result.reason == (
        "the order was different: expected lookup_order, refund_order; "
        "made refund_order, lookup_order"
    )


def test_any_ignores_the_order() -> None:
    calls = [made("refund_order", {"order_id": 42}), made("lookup_order", {"order_id": 42})]
    assert match_tool_calls([LOOKUP, REFUND], "any", calls).status == "pass"


def test_exact_names_calls_not_expected_and_scores_them_down() -> None:
    calls = [
        made("lookup_order", {"order_id": 42}),
        made("refund_order", {"order_id": 42}),
        made("send_email", {"to": "a@example.com"}),
    ]
    result = match_tool_calls([LOOKUP, REFUND], "exact", calls)
    assert result.status == "fail"
    assert result.score == pytest.approx(2 / 3)
    assert result.reason == "not expected: call 3 send_email"


def test_exact_passes_on_these_calls_in_this_order_and_no_others() -> None:
    calls = [made("lookup_order", {"order_id": 42}), made("refund_order", {"order_id": 42})]
    result = match_tool_calls([LOOKUP, REFUND], "exact", calls)
    assert (result.status, result.score) == ("pass", 1.0)
    assert result.reason == "the 2 expected calls happened in order and no others"


def test_exact_reports_missing_unexpected_and_order_together() -> None:
    calls = [
        made("refund_order", {"order_id": 42}),
        made("lookup_order", {"order_id": 42}),
        made("x"),
    ]
    result = match_tool_calls([LOOKUP, REFUND, ExpectedToolCall("notify")], "exact", calls)
    assert result.reason == (
        "missing: notify(); not expected: call 3 x; the order was different: "
        "expected lookup_order, refund_order, notify; made refund_order, lookup_order, x"
    )
    assert result.score == pytest.approx(1 / 3)


def test_a_case_expecting_no_call_is_not_graded_here() -> None:
    with pytest.raises(NothingToGrade):
        match_tool_calls([], "exact", [])


NAMES = st.sampled_from(["a", "b"])
ARGS = st.dictionaries(st.sampled_from(["x"]), st.integers(0, 1), max_size=1)


@given(
    st.lists(st.builds(ExpectedToolCall, NAMES, ARGS), min_size=1, max_size=4),
    st.lists(st.builds(MadeToolCall, NAMES, ARGS), max_size=5),
    st.sampled_from(["any", "in_order", "exact"]),
)
def test_verdict_matches_brute_force(
    expected: list[ExpectedToolCall], calls: list[MadeToolCall], mode: OrderMode
) -> None:
    def assignable(chosen: tuple[int, ...]) -> bool:
        return all(call_matches(e, calls[j]) for e, j in zip(expected, chosen, strict=True))

    slots = range(len(calls))
    if mode == "any":
        passes = any(assignable(p) for p in permutations(slots, len(expected)))
    elif mode == "in_order":
        passes = any(
            assignable(p) and list(p) == sorted(p) for p in permutations(slots, len(expected))
        )
    else:
        passes = len(calls) == len(expected) and assignable(tuple(slots))
    result = match_tool_calls(expected, mode, calls)
    assert (result.status == "pass") is passes
    assert (result.score == 1.0) is passes
