"""Score again: the same answer graded anew with the configuration it was first graded with
(spec: "The judge")."""

import json

import pytest

from casebook.domain.grading.case_score import score_case
from casebook.domain.grading.judge_pins import JUDGE_TASK_VERSION, judge_pins
from casebook.domain.grading.judge_prompt import build_judge_prompt
from casebook.domain.grading.judge_verdict import verdict_not_reached
from casebook.domain.grading.results import ScorerCheckResult, ScorerResult
from casebook.domain.grading.score_again import (
    needs_judge_again,
    pins_from_json,
    refusal_to_grade_again,
    score_again,
    scorer_result_from_json,
    scorers_to_grade_again,
    with_judge_model_of,
)

from .conftest import FULL_CASE, RUBRIC, scoring
from .test_case_score import ANSWER, CONFIG, verdict


def not_reached(reason: str = "the judge's budget was spent"):
    prompt = build_judge_prompt(CONFIG, FULL_CASE, ANSWER)
    return verdict_not_reached(prompt, reason, ANSWER.text, FULL_CASE.counter_example, skipped=True)


def test_results_read_back_as_they_were_stored() -> None:
    result = ScorerResult(
        "fail", 0.5, "failed: checks.0", (ScorerCheckResult("contains", "fail", "no", "checks.0"),)
    )
    assert scorer_result_from_json(json.loads(json.dumps(result.to_json()))) == result
    skipped = ScorerResult("error", None, "no model", skipped=True)
    assert scorer_result_from_json(skipped.to_json()) == skipped
    pins = judge_pins(CONFIG.judge)
    assert pins_from_json(pins.to_json()) == pins
    assert pins_from_json(None) is None
    with pytest.raises(ValueError, match="status"):
        scorer_result_from_json({"status": "maybe"})


def test_a_score_every_scorer_reached_a_verdict_on_is_left_as_it_is() -> None:
    graded = score_case(CONFIG, FULL_CASE, ANSWER, verdict=verdict(1))
    assert scorers_to_grade_again(graded.results) == ()
    assert not needs_judge_again(scorers_to_grade_again(graded.results))


def test_the_judge_that_gave_no_verdict_is_asked_again_and_the_rest_is_kept() -> None:
    first = score_case(CONFIG, FULL_CASE, ANSWER, verdict=not_reached())
    assert first.outcome.status == "not_graded"
    again = scorers_to_grade_again(first.results)
    assert again == ("judge",)
    assert needs_judge_again(again)
    second = score_again(CONFIG, FULL_CASE, ANSWER, first.results, verdict=verdict(2))
    assert second.outcome.status == "pass"
    assert second.results["checks"] is first.results["checks"]
    assert second.results["tool_calls"] is first.results["tool_calls"]
    assert second.verdict is not None and second.verdict.readable
    assert second.pins == first.pins
    with pytest.raises(ValueError, match="verdict"):
        score_again(CONFIG, FULL_CASE, ANSWER, first.results)


def test_the_judge_and_reference_share_one_run_so_both_are_graded_again() -> None:
    previous = {
        "judge": ScorerResult("pass", 1.0, "1 criterion passed"),
        "reference": ScorerResult("error", None, "no verdict: reference - graded twice"),
        "checks": ScorerResult("pass", 1.0, "1 check passed"),
    }
    assert scorers_to_grade_again(previous) == ("judge", "reference")


def test_a_check_without_verdict_is_graded_again_without_the_judge() -> None:
    previous = {
        "checks": ScorerResult("error", None, "no verdict: checks.0 regex - took too long"),
        "judge": ScorerResult("pass", 1.0, "1 criterion passed"),
        "tool_calls": ScorerResult("pass", 1.0, "the 1 expected call happened"),
    }
    again = scorers_to_grade_again(previous)
    assert again == ("checks",)
    assert not needs_judge_again(again)
    second = score_again(CONFIG, FULL_CASE, ANSWER, previous)
    assert second.results["checks"].status == "pass"
    assert second.results["judge"] is previous["judge"]
    assert second.verdict is None
    assert second.outcome.status == "pass"


def test_the_same_judge_may_grade_again() -> None:
    pins = judge_pins(CONFIG.judge)
    assert refusal_to_grade_again(pins, judge_pins(CONFIG.judge)) is None
    assert refusal_to_grade_again(None, pins) is None


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"model": "judge-model-2"}, "its model"),
        ({"criteria": [{"id": "tone", "text": "Is it kind?"}]}, "its criteria"),
        ({"scale": 5, "pass_at": 4}, "its criteria, scale or pass mark"),
        ({"instructions": "Grade leniently."}, "its instructions"),
    ],
)
def test_a_judge_configured_anew_since_the_failure_is_refused(change: dict, named: str) -> None:
    pinned = judge_pins(CONFIG.judge)
    now = judge_pins(scoring({"judge": {**RUBRIC["judge"], **change}}).judge)
    reason = refusal_to_grade_again(pinned, now)
    assert reason is not None
    assert "judge configuration changed since this score failed" in reason
    assert named in reason


def test_a_score_pinned_to_an_earlier_judge_prompt_is_refused() -> None:
    now = judge_pins(CONFIG.judge)
    pinned = pins_from_json({**now.to_json(), "task_version": "judge-task.0"})
    reason = refusal_to_grade_again(pinned, now)
    assert reason is not None
    assert reason.startswith("the score is pinned to an earlier judge prompt (judge-task.0")
    assert JUDGE_TASK_VERSION in reason


def test_a_judge_that_had_no_model_to_call_takes_the_one_named_now_and_nothing_else() -> None:
    kept = scoring({"judge": {**RUBRIC["judge"], "model": None, "model_connection_id": None}})
    now = scoring({"judge": {**RUBRIC["judge"], "instructions": "Grade leniently."}})
    fixed = with_judge_model_of(kept, now)
    assert (fixed.judge.model_connection_id, fixed.judge.model) == (
        now.judge.model_connection_id,
        now.judge.model,
    )
    assert fixed.judge.instructions == kept.judge.instructions
    assert fixed.judge.criteria == kept.judge.criteria
    # The model is the fix, not a new judge; new instructions still are.
    pinned = judge_pins(kept.judge)
    assert refusal_to_grade_again(pinned, judge_pins(CONFIG.judge), model_replaced=True) is None
    reason = refusal_to_grade_again(pinned, judge_pins(now.judge), model_replaced=True)
    assert reason is not None and "its instructions" in reason
