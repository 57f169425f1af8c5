"""A case's outcome (spec: Grading - "A case passes when every scorer marked Must pass
passes, and fails when one of them fails ... not graded")."""

import pytest

from casebook.domain.grading.outcome import decide_outcome
from casebook.domain.grading.results import ScorerResult, no_verdict

PASS = ScorerResult("pass", 1.0, "ok")
FAIL = ScorerResult("fail", 0.0, "missing: refund_order()")
NONE = no_verdict("the judge's budget was spent")


@pytest.mark.parametrize(
    ("results", "must_pass", "expected"),
    [
        ({"checks": PASS, "judge": PASS}, {"checks", "judge"}, "pass"),
        ({"checks": PASS, "tool_calls": FAIL}, {"checks", "tool_calls"}, "fail"),
        ({"checks": PASS, "judge": NONE}, {"checks", "judge"}, "not_graded"),
        ({"tool_calls": FAIL, "judge": NONE}, {"tool_calls", "judge"}, "fail"),
        ({"checks": PASS, "judge": FAIL}, {"checks"}, "pass"),
        ({"checks": PASS, "judge": NONE}, {"checks"}, "pass"),
        ({"judge": FAIL}, {"checks"}, "pass"),
    ],
)
def test_outcome(results: dict[str, ScorerResult], must_pass: set[str], expected: str) -> None:
    assert decide_outcome(results, must_pass).status == expected


def test_a_fail_says_which_scorer_and_why() -> None:
    outcome = decide_outcome({"tool_calls": FAIL, "judge": NONE}, {"tool_calls", "judge"})
    assert outcome.reason == "failed - tool_calls: missing: refund_order()"


def test_not_graded_says_why() -> None:
    outcome = decide_outcome({"checks": PASS, "judge": NONE}, {"checks", "judge"})
    assert outcome.reason == "not graded, no verdict - judge: the judge's budget was spent"


def test_score_again_applies_while_any_scorer_reached_no_verdict() -> None:
    graded = decide_outcome({"checks": PASS, "judge": NONE}, {"checks"})
    assert graded.status == "pass"
    assert graded.without_verdict == ("judge",)
    assert graded.may_score_again
    assert not decide_outcome({"checks": PASS}, {"checks"}).may_score_again


def test_no_must_pass_scorer_applying_passes_and_says_so() -> None:
    outcome = decide_outcome({"judge": FAIL}, {"checks"})
    assert outcome.reason == "passed: no scorer marked Must pass applies to this case"


def test_outcome_serializes() -> None:
    outcome = decide_outcome({"judge": NONE}, {"judge"})
    assert outcome.to_json() == {
        "status": "not_graded",
        "reason": "not graded, no verdict - judge: the judge's budget was spent",
        "without_verdict": ["judge"],
    }
