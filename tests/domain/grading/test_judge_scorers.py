"""The judge's grades as the Judge and Reference answer scorers (spec: Grading)."""

import json

import pytest

from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.judge_prompt import JudgePrompt, build_judge_prompt
from casebook.domain.grading.judge_scorers import judge_scorer_results
from casebook.domain.grading.judge_verdict import parse_verdict, verdict_not_reached

from .conftest import FULL_CASE, RUBRIC, scoring

ANSWER = "Sorry - only unused items can be returned, so the kettle cannot come back."


def prompt() -> JudgePrompt:
    config = scoring(
        {"judge": {**RUBRIC["judge"], "scale": 5, "pass_at": 4}, "reference": {"enabled": True}}
    )
    return build_judge_prompt(config, FULL_CASE, AnswerUnderTest(ANSWER))


def verdict_of(grades: dict[str, int]):
    entries = [
        {
            "id": cid,
            "grade": g,
            "rule": f"Reason {cid} about refunds.",
            "quotes": ["only unused items"],
        }
        for cid, g in grades.items()
    ]
    return parse_verdict(
        json.dumps({"criteria": entries}), prompt(), ANSWER, FULL_CASE.counter_example
    )


def test_each_scorer_combines_its_own_criteria() -> None:
    results = judge_scorer_results(
        verdict_of({"tone": 5, "checks.1": 4, "reference": 4, "counter_example": 5})
    )
    assert set(results) == {"judge", "reference"}
    judge, reference = results["judge"], results["reference"]
    assert (judge.status, judge.reason) == ("pass", "3 criteria passed")
    assert judge.score == pytest.approx((1 + 0.75 + 1) / 3)
    assert [p.source for p in judge.parts] == ["tone", "checks.1", "counter_example"]
    assert (reference.status, reference.score, reference.reason) == (
        "pass",
        0.75,
        "1 criterion passed",
    )


def test_a_failed_criterion_fails_its_scorer_with_the_judges_rule() -> None:
    results = judge_scorer_results(
        verdict_of({"tone": 2, "checks.1": 4, "reference": 1, "counter_example": 5})
    )
    assert results["judge"].status == "fail"
    assert results["judge"].reason == "failed: tone - grade 2 of 5: Reason tone about refunds."
    assert (results["reference"].status, results["reference"].score) == ("fail", 0.0)


def test_a_fail_beats_a_criterion_without_verdict() -> None:
    raw = json.dumps(
        {
            "criteria": [
                {"id": "tone", "grade": 1, "rule": "Curt.", "quotes": ["cannot come back"]},
                {"id": "checks.1", "grade": 9, "rule": "x", "quotes": []},
                {
                    "id": "reference",
                    "grade": 5,
                    "rule": "Same rule.",
                    "quotes": ["only unused items"],
                },
                {
                    "id": "counter_example",
                    "grade": 5,
                    "rule": "Refuses.",
                    "quotes": ["only unused items"],
                },
            ]
        }
    )
    judge = judge_scorer_results(parse_verdict(raw, prompt(), ANSWER, FULL_CASE.counter_example))[
        "judge"
    ]
    assert judge.status == "fail"
    assert judge.score == pytest.approx(0.5)
    assert "no verdict: checks.1 - the grade 9 is not a whole number from 1 to 5" in judge.reason


def test_no_verdict_names_the_cause_once() -> None:
    verdict = verdict_not_reached(
        prompt(), "the judge has no model", ANSWER, FULL_CASE.counter_example, skipped=True
    )
    results = judge_scorer_results(verdict)
    assert (results["judge"].status, results["judge"].score) == ("error", None)
    assert results["judge"].skipped
    assert (
        results["judge"].reason
        == "no verdict: tone, checks.1, counter_example - the judge has no model"
    )
    assert results["reference"].reason == "no verdict: reference - the judge has no model"


def test_a_judge_that_ran_and_failed_is_an_error_not_a_skip() -> None:
    unreadable = parse_verdict("I think it is fine.", prompt(), ANSWER, FULL_CASE.counter_example)
    results = judge_scorer_results(unreadable)
    assert results["judge"].status == "error"
    assert not results["judge"].skipped
