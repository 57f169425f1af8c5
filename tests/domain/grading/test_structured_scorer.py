"""The structured reference scorer among a dataset's scorers: what it reads, its settings
section, and its verdict."""

import pytest

from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import ValidationFailed
from casebook.domain.grading.config_merge import merge_scoring_update
from casebook.domain.grading.structured_scorer import (
    holds_json_reference,
    read_structured_section,
    reference_refusal,
    structured_result,
    structured_settings,
    with_structured_of,
)
from casebook.domain.structured import (
    EXACT_ONLY_NOTICE,
    StructuredSettings,
    score_structured,
)


@pytest.mark.parametrize(
    ("reference", "reads"),
    [
        ('{"title": "Iron Man"}', True),
        ('["a", "b"]', True),
        ("42", True),
        ('"Iron Man"', True),
        ("true", True),
        ("null", False),
        ("Iron Man", False),
        ("   ", False),
        (None, False),
    ],
)
def test_it_reads_a_reference_that_is_json(reference: str | None, reads: bool) -> None:
    assert holds_json_reference(CaseContent(input="q", reference_answer=reference)) is reads


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        (CaseContent(input="q", reference_answer='{"a": 1}', reference_verified=True), None),
        (
            CaseContent(input="q", reference_answer='{"a": 1}'),
            "the reference must be verified before it is scored against",
        ),
        (
            CaseContent(input="q", reference_answer="{a: 1}", reference_verified=True),
            "a structured reference must be valid JSON",
        ),
    ],
)
def test_only_a_verified_json_reference_is_scored_against(
    case: CaseContent, reason: str | None
) -> None:
    assert reference_refusal(case) == reason


def test_the_section_is_read_with_must_pass_on_and_refused_by_path() -> None:
    assert read_structured_section({}) == StructuredSettings(must_pass=True)
    with pytest.raises(ValidationFailed) as refused:
        read_structured_section({"strictness": -1, "pass_at": 2})
    assert [e.path for e in refused.value.errors] == ["structured.strictness", "structured.pass_at"]


def test_score_again_takes_the_structured_section_of_now_and_keeps_the_rest() -> None:
    kept = merge_scoring_update({}, {"structured": {"enabled": True, "strictness": 0.2}})
    now = merge_scoring_update(
        {}, {"judge": {"instructions": "new"}, "structured": {"enabled": True, "strictness": 0.9}}
    )
    graded_with = with_structured_of(kept, now)
    assert graded_with.judge.instructions == ""
    settings = structured_settings(graded_with)
    assert settings is not None and settings.strictness == 0.9
    assert with_structured_of(kept, merge_scoring_update({}, {})) == kept


def test_the_verdict_is_quality_against_the_pass_mark_and_the_reason_says_what_it_found() -> None:
    settings = StructuredSettings(pass_at=0.5)
    reference = {"name": "Acme", "tags": ["a", "b", "c"]}
    score = score_structured(reference, {"name": "ACME", "tags": ["a", "z"]}, settings, None, None)
    result = structured_result(score, settings)
    assert (result.status, result.score) == ("pass", score.quality)
    assert result.reason == (
        f"quality {score.quality:.2f} reaches the pass mark 0.50 "
        f"(completeness {score.completeness:.2f}, correctness {score.correctness:.2f}); "
        "2 of 4 reference values matched; list items: 1 matched, 2 missed, 1 hallucinated. "
        + EXACT_ONLY_NOTICE
    )
    strict = StructuredSettings(pass_at=0.9)
    failing = score_structured(reference, {"name": "ACME", "tags": ["a", "z"]}, strict, None, None)
    assert structured_result(failing, strict).status == "fail"
    assert "is below the pass mark 0.90" in structured_result(failing, strict).reason
