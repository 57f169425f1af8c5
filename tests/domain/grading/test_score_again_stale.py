"""Score again on a stale structured result: that scorer alone is graded anew, the others keep
their results (spec: structured-scoring, stale scores)."""

from casebook.domain.cases.model import CaseContent
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.applicability import scorer_coverage
from casebook.domain.grading.case_score import score_case
from casebook.domain.grading.results import ScorerResult
from casebook.domain.grading.score_again import score_again, scorers_to_grade_again

from .conftest import scoring

CONFIG = scoring({"structured": {"enabled": True}})
CASE = CaseContent(
    input="Describe Acme as JSON.",
    reference_answer='{"name": "Acme"}',
    reference_verified=True,
    checks=({"type": "contains", "value": "Acme"},),
)
ANSWER = AnswerUnderTest('{"name": "Acme Inc"}')
FAILED = ScorerResult("fail", 0.4, "quality 0.40 is below the pass mark 0.80")
PASSED = ScorerResult("pass", 1.0, "quality 1.00 reaches the pass mark 0.80")


def test_a_stale_scorer_is_graded_again_though_it_reached_a_verdict() -> None:
    previous = {"checks": ScorerResult("pass", 1.0, "1 check passed"), "structured": FAILED}
    assert scorers_to_grade_again(previous) == ()
    assert scorers_to_grade_again(previous, ("structured",)) == ("structured",)
    assert scorers_to_grade_again({"checks": previous["checks"]}, ("structured",)) == ()


def test_score_again_replaces_the_stale_result_and_keeps_the_others() -> None:
    first = score_case(CONFIG, CASE, ANSWER, extension_results={"structured": FAILED})
    assert first.outcome.status == "fail"
    again = score_again(
        CONFIG,
        CASE,
        ANSWER,
        first.results,
        extension_results={"structured": PASSED},
        stale=("structured",),
    )
    assert again.results["structured"] == PASSED
    assert again.results["checks"] == first.results["checks"]
    assert (again.outcome.status, again.verdict, again.pins) == ("pass", None, None)


def test_coverage_counts_json_references_still_to_verify() -> None:
    unverified = CaseContent(input="q", reference_answer='{"name": "Acme"}')
    text = CaseContent(input="q", reference_answer="Acme", reference_verified=False)
    coverage = scorer_coverage(CONFIG, {"1": CASE, "2": unverified, "3": text})
    assert (coverage.reads["structured"], coverage.unverified_references) == (2, 1)
    assert coverage.ungraded_case_ids == ("3",)
