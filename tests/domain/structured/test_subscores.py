"""Completeness (recall), correctness (precision) and quality (their harmonic mean)."""

import pytest

from casebook.domain.structured import StructuredSettings, score_structured
from casebook.domain.structured.result import completeness, correctness, quality

PLAIN = StructuredSettings(enabled=True)


@pytest.mark.parametrize(
    ("credit", "reference_units", "candidate_units", "expected"),
    [
        (4, 15, 4, (4 / 15, 1.0, 2 * 4 / 19)),
        (15, 15, 18, (1.0, 15 / 18, 2 * 15 / 33)),
        (0, 3, 3, (0.0, 0.0, 0.0)),
        (0, 0, 0, (1.0, 1.0, 1.0)),  # nothing asked, nothing claimed
        (0, 0, 2, (1.0, 0.0, 0.0)),  # nothing asked, only inventions
        (0, 2, 0, (0.0, 1.0, 0.0)),  # asked, nothing returned
        (1.5, 2, 2, (0.75, 0.75, 0.75)),  # partial credit
    ],
)
def test_sub_scores(
    credit: float,
    reference_units: int,
    candidate_units: int,
    expected: tuple[float, float, float],
) -> None:
    found = completeness(credit, reference_units)
    right = correctness(credit, candidate_units)
    assert (found, right, quality(found, right)) == pytest.approx(expected)


def test_quality_is_the_harmonic_mean_so_both_extremes_score_poorly() -> None:
    assert quality(1.0, 0.1) == pytest.approx(2 * 0.1 / 1.1)
    assert quality(0.1, 1.0) == pytest.approx(2 * 0.1 / 1.1)
    assert quality(0.5, 0.5) == 0.5


@pytest.mark.parametrize(("pass_at", "passed"), [(0.5, True), (2 / 3, True), (0.7, False)])
def test_a_score_passes_when_quality_reaches_the_pass_mark(pass_at: float, passed: bool) -> None:
    settings = StructuredSettings(enabled=True, pass_at=pass_at)
    score = score_structured(
        {"a": 1, "b": 2, "c": 3}, {"a": 1, "b": 2, "c": 4}, settings, None, None
    )
    assert score.quality == pytest.approx(2 / 3)
    assert score.passed is passed


def test_the_score_serialises_to_plain_json() -> None:
    score = score_structured({"tags": ["a", "b"]}, {"tags": ["B", "c"]}, PLAIN, None, None)
    stored = score.as_json()
    assert stored["quality"] == 0.5
    assert stored["lists"] == [
        {
            "reference_path": "tags",
            "candidate_path": "tags",
            "matched": [{"reference_index": 1, "candidate_index": 0, "similarity": 1.0}],
            "missed": [0],
            "hallucinated": [1],
        }
    ]
    assert stored["fields"][0] == {
        "reference_path": "tags.0",
        "candidate_path": None,
        "reference": "a",
        "candidate": None,
        "rung": "missing",
        "credit": 0.0,
        "matched": False,
        "similarity": None,
        "judge_grade": None,
        "reference_units": 1,
        "candidate_units": 0,
    }
    assert stored["notices"] == list(score.notices)
