"""Two runs side by side (``domain.evals.run_diff``): the word diff's spans give each
answer back exactly, an answer compared with itself is one span kept, tool calls pair by
position, and each scorer's verdict stands before and now."""

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.evals.results import Repetition, fold_case
from casebook.domain.evals.run_diff import (
    TextSpan,
    pair_tool_calls,
    scorer_verdicts,
    side_of,
    word_diff,
)

_answer = st.text(alphabet=st.sampled_from(list("ab c\n\t.")), max_size=60) | st.text(max_size=40)


@given(_answer, _answer)
def test_the_spans_applied_to_the_answer_before_give_the_answer_now(before: str, now: str) -> None:
    spans = word_diff(before, now)
    assert side_of(spans, "before") == before
    assert side_of(spans, "now") == now
    assert all(span.text for span in spans)
    assert all(a.kind != b.kind for a, b in pairwise(spans))


@given(_answer)
def test_an_answer_compared_with_itself_is_all_kept(answer: str) -> None:
    assert word_diff(answer, answer) == ([TextSpan("same", answer)] if answer else [])


def test_words_changed_are_marked_word_by_word() -> None:
    spans = word_diff("The refund takes 30 days.", "The refund takes 14 days.")
    assert spans == [
        TextSpan("same", "The refund takes "),
        TextSpan("removed", "30 "),
        TextSpan("added", "14 "),
        TextSpan("same", "days."),
    ]


def test_tool_calls_pair_call_by_call() -> None:
    lookup = {"name": "lookup", "args": {"id": 1}}
    pairs = pair_tool_calls([lookup, {"name": "refund", "args": {}}], [lookup])
    assert [(p.position, p.same) for p in pairs] == [(0, True), (1, False)]
    assert pairs[1].now is None
    assert pair_tool_calls([], []) == []


def test_each_scorer_verdict_before_and_now() -> None:
    before = fold_case(1, 1, (), [Repetition(1, 1, "pass", scorers={"checks": "pass"})], 1)
    now = fold_case(
        1, 1, (), [Repetition(2, 1, "fail", scorers={"checks": "fail", "judge": "error"})], 1
    )
    verdicts = scorer_verdicts(before, now)
    assert [(v.scorer, v.before, v.now, v.changed) for v in verdicts] == [
        ("checks", "pass", "fail", True),
        ("judge", None, "not_graded", True),
    ]
