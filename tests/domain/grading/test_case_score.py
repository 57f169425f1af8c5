"""Scoring one answer against one case with every applicable scorer (spec: Grading)."""

import json

import pytest

from casebook.domain.cases.model import CaseContent
from casebook.domain.grading.answer import AnswerUnderTest, MadeToolCall
from casebook.domain.grading.case_score import needs_judge, score_case
from casebook.domain.grading.judge_prompt import build_judge_prompt
from casebook.domain.grading.judge_verdict import parse_verdict, verdict_not_reached
from casebook.domain.grading.results import NothingToGrade, ScorerResult

from .conftest import FULL_CASE, RUBRIC, scoring

ANSWER = AnswerUnderTest(
    "Sorry - only unused items can be returned, so the kettle cannot come back.",
    tool_calls=(MadeToolCall("lookup_policy", {"topic": "returns"}),),
)
CONFIG = scoring(RUBRIC)


def verdict(tone: int):
    prompt = build_judge_prompt(CONFIG, FULL_CASE, ANSWER)
    entries = [
        {"id": "tone", "grade": tone, "rule": "It apologises.", "quotes": ["Sorry"]},
        {
            "id": "checks.1",
            "grade": 2,
            "rule": "It cites the rule.",
            "quotes": ["only unused items"],
        },
        {
            "id": "counter_example",
            "grade": 2,
            "rule": "It refuses.",
            "quotes": ["cannot come back"],
        },
    ]
    return parse_verdict(
        json.dumps({"criteria": entries}), prompt, ANSWER.text, FULL_CASE.counter_example
    )


def test_every_applicable_scorer_grades_and_the_outcome_follows() -> None:
    score = score_case(CONFIG, FULL_CASE, ANSWER, verdict=verdict(2))
    assert set(score.results) == {"checks", "tool_calls", "judge"}
    assert score.outcome.status == "pass"
    assert score.pins is not None and score.pins.model == "judge-model"
    assert score.config == CONFIG.to_json()
    assert json.loads(json.dumps(score.to_json()))["outcome"]["status"] == "pass"


def test_a_failed_judge_criterion_fails_the_case() -> None:
    score = score_case(CONFIG, FULL_CASE, ANSWER, verdict=verdict(1))
    assert score.outcome.status == "fail"
    assert score.outcome.reason.startswith("failed - judge: failed: tone")


def test_a_judge_without_verdict_leaves_the_case_not_graded_and_keeps_its_pins() -> None:
    prompt = build_judge_prompt(CONFIG, FULL_CASE, ANSWER)
    none = verdict_not_reached(
        prompt, "the judge's budget was spent", ANSWER.text, FULL_CASE.counter_example, skipped=True
    )
    score = score_case(CONFIG, FULL_CASE, ANSWER, verdict=none)
    assert score.outcome.status == "not_graded"
    assert score.results["judge"].skipped
    assert score.outcome.without_verdict == ("judge",)
    assert score.pins is not None


def test_the_judge_is_needed_only_when_it_has_criteria() -> None:
    assert needs_judge(CONFIG, FULL_CASE)
    tools_only = CaseContent(input="q", expected_tool_calls=FULL_CASE.expected_tool_calls)
    assert not needs_judge(scoring({}), tools_only)
    score = score_case(scoring({}), tools_only, ANSWER)
    assert (score.pins, score.verdict) == (None, None)
    assert score.outcome.status == "pass"
    with pytest.raises(ValueError, match="verdict"):
        score_case(CONFIG, FULL_CASE, ANSWER)


def test_a_case_nothing_checks_is_refused() -> None:
    with pytest.raises(NothingToGrade):
        score_case(scoring({}), CaseContent(input="q", reference_answer="r"), ANSWER)


def test_a_further_scorer_hands_its_result_in() -> None:
    config = scoring({"structured": {"enabled": True}})
    case = CaseContent(input="q", reference_answer='{"a": 1}', reference_verified=True)
    given = ScorerResult("fail", 0.4, "missed: a")
    assert (
        score_case(config, case, ANSWER, extension_results={"structured": given}).outcome.status
        == "fail"
    )
    missing = score_case(config, case, ANSWER)
    assert missing.results["structured"].reason == "structured gave no result"
    assert missing.outcome.status == "not_graded"
