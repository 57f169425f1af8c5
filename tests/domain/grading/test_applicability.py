"""Which scorers apply to a case, the judge's criteria, and coverage (spec: Grading)."""

import pytest

from casebook.domain.cases.model import CaseContent, ExpectedToolCall
from casebook.domain.grading.applicability import (
    applicable_scorers,
    require_applicable_scorers,
    scorer_coverage,
)
from casebook.domain.grading.judge_criteria import counter_example_scorer, judge_criteria
from casebook.domain.grading.results import NothingToGrade

from .conftest import FULL_CASE, RUBRIC, scoring

REFERENCE_ONLY = CaseContent(input="q", reference_answer="r")
COUNTER_ONLY = CaseContent(input="q", counter_example="bad")
TOOLS_ONLY = CaseContent(input="q", expected_tool_calls=(ExpectedToolCall("t"),))
RULE_ONLY = CaseContent(input="q", checks=({"type": "contains", "value": "x"},))
JUDGE_CHECK_ONLY = CaseContent(input="q", checks=({"type": "judge", "criterion": "is kind"},))
VERIFIED_JSON = CaseContent(input="q", reference_answer='{"a": 1}', reference_verified=True)


@pytest.mark.parametrize(
    ("patch", "case", "expected"),
    [
        ({}, FULL_CASE, ("checks", "tool_calls")),
        (RUBRIC, FULL_CASE, ("checks", "tool_calls", "judge")),
        ({}, REFERENCE_ONLY, ()),
        ({"reference": {"enabled": True}}, REFERENCE_ONLY, ("reference",)),
        ({"reference": {"enabled": True}}, COUNTER_ONLY, ("reference",)),
        (RUBRIC, COUNTER_ONLY, ("judge",)),
        ({}, COUNTER_ONLY, ()),
        ({}, TOOLS_ONLY, ("tool_calls",)),
        ({"tool_calls": {"enabled": False}}, TOOLS_ONLY, ()),
        ({}, RULE_ONLY, ("checks",)),
        # A case's judge check follows the Judge scorer's switch, as its rubric does.
        ({}, JUDGE_CHECK_ONLY, ()),
        (RUBRIC, JUDGE_CHECK_ONLY, ("judge",)),
        ({"reference": {"enabled": True}}, JUDGE_CHECK_ONLY, ()),
        (
            {"checks": {"default_checks": [{"type": "contains", "value": "a"}]}},
            TOOLS_ONLY,
            ("checks", "tool_calls"),
        ),
        ({"structured": {"enabled": True}}, VERIFIED_JSON, ("structured",)),
        ({"structured": {"enabled": True}}, REFERENCE_ONLY, ()),
    ],
)
def test_applicable_scorers(patch: dict, case: CaseContent, expected: tuple[str, ...]) -> None:
    assert applicable_scorers(scoring(patch), case) == expected


def test_a_case_nothing_can_check_is_refused() -> None:
    with pytest.raises(NothingToGrade, match="none of the configured scorers"):
        require_applicable_scorers(scoring({}), REFERENCE_ONLY)


def test_judge_criteria_of_a_case() -> None:
    config = scoring({**RUBRIC, "reference": {"enabled": True}})
    found = [(c.id, c.kind, c.scorer) for c in judge_criteria(config, FULL_CASE)]
    assert found == [
        ("tone", "rubric", "judge"),
        ("checks.1", "case_check", "judge"),
        ("reference", "reference", "reference"),
        ("counter_example", "counter_example", "judge"),
    ]


def test_the_counter_example_criterion_has_no_switch_of_its_own() -> None:
    assert counter_example_scorer(scoring(RUBRIC)) == "judge"
    assert counter_example_scorer(scoring({"reference": {"enabled": True}})) == "reference"
    assert counter_example_scorer(scoring({})) is None
    assert judge_criteria(scoring({}), FULL_CASE) == ()


def test_the_reference_criterion_needs_a_reference_answer() -> None:
    ids = [c.id for c in judge_criteria(scoring({"reference": {"enabled": True}}), COUNTER_ONLY)]
    assert ids == ["counter_example"]


def test_coverage_counts_what_each_scorer_reads_and_lists_cases_graded_on_nothing() -> None:
    cases = {
        "c1": FULL_CASE,
        "c2": REFERENCE_ONLY,
        "c3": COUNTER_ONLY,
        "c4": TOOLS_ONLY,
        "c5": JUDGE_CHECK_ONLY,
        "c6": VERIFIED_JSON,
    }
    coverage = scorer_coverage(scoring({}), cases)
    assert coverage.case_count == 6
    assert dict(coverage.reads) == {
        "checks": 1,
        "tool_calls": 2,
        "judge": 2,
        "reference": 3,
        "counter_example": 2,
        "structured": 1,
    }
    assert coverage.ungraded_case_ids == ("c2", "c3", "c5", "c6")
    assert coverage.reference_offered


def test_coverage_once_the_reference_and_rubric_are_on() -> None:
    config = scoring({**RUBRIC, "reference": {"enabled": True}})
    coverage = scorer_coverage(config, {"c2": REFERENCE_ONLY, "c3": COUNTER_ONLY})
    assert coverage.reads["judge"] == 2
    assert coverage.ungraded_case_ids == ()
    assert not coverage.reference_offered
    assert coverage.to_json()["reads"] == dict(coverage.reads)
