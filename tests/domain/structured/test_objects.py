"""Nested objects recurse; missing and extra fields count."""

import pytest

from casebook.domain.structured import StructuredSettings, score_structured

PLAIN = StructuredSettings(enabled=True)


def rows_of(score):
    return [
        (row.reference_path, row.candidate_path, row.rung, row.reference_units, row.candidate_units)
        for row in score.fields
    ]


def test_nested_objects_with_missing_and_extra_keys() -> None:
    reference = {
        "title": "Iron Man",
        "studio": {"name": "Marvel", "country": "US", "founded": 1993},
    }
    candidate = {
        "title": "Iron Man",
        "studio": {"name": "MARVEL", "founded": 1993, "ceo": "Kevin Feige"},
        "rating": "PG-13",
    }
    score = score_structured(reference, candidate, PLAIN, None, None)
    assert rows_of(score) == [
        ("title", "title", "exact", 1, 1),
        ("studio.name", "studio.name", "exact", 1, 1),
        ("studio.country", None, "missing", 1, 0),
        ("studio.founded", "studio.founded", "exact", 1, 1),
        (None, "studio.ceo", "extra", 0, 1),
        (None, "rating", "extra", 0, 1),
    ]
    assert score.completeness == pytest.approx(3 / 4)
    assert score.correctness == pytest.approx(3 / 5)
    assert score.quality == pytest.approx(2 * 3 / (4 + 5))


def test_a_missing_object_counts_every_value_it_held() -> None:
    reference = {"studio": {"name": "Marvel", "founders": ["Avi Arad", "Isaac Perlmutter"]}}
    score = score_structured(reference, {}, PLAIN, None, None)
    assert rows_of(score) == [("studio", None, "missing", 3, 0)]
    assert (score.completeness, score.correctness, score.quality) == (0.0, 1.0, 0.0)


def test_a_container_against_another_shape_is_a_type_mismatch() -> None:
    reference = {"cast": ["Robert Downey Jr.", "Gwyneth Paltrow"], "studio": {"name": "Marvel"}}
    candidate = {"cast": "Robert Downey Jr.", "studio": ["Marvel"]}
    score = score_structured(reference, candidate, PLAIN, None, None)
    assert rows_of(score) == [
        ("cast", "cast", "type_mismatch", 2, 1),
        ("studio", "studio", "type_mismatch", 1, 1),
    ]
    assert score.quality == 0.0


def test_a_null_candidate_value_is_missing_and_a_null_reference_value_asks_nothing() -> None:
    reference = {"died": None, "born": "1965-04-04", "spouse": None}
    candidate = {"died": None, "born": None, "spouse": "Susan Downey"}
    score = score_structured(reference, candidate, PLAIN, None, None)
    assert rows_of(score) == [
        ("died", "died", "exact", 0, 0),
        ("born", None, "missing", 1, 0),
        (None, "spouse", "extra", 0, 1),
    ]
    assert (score.completeness, score.correctness) == (0.0, 0.0)


def test_keys_are_matched_exactly_because_they_are_the_schema() -> None:
    score = score_structured({"title": "Iron Man"}, {"Title": "Iron Man"}, PLAIN, None, None)
    assert [row.rung for row in score.fields] == ["missing", "extra"]


def test_a_scalar_answer_is_compared_at_the_root() -> None:
    score = score_structured("ACME", "acme", PLAIN, None, None)
    assert rows_of(score) == [("", "", "exact", 1, 1)]
    assert score.quality == 1.0


def test_an_answer_that_is_not_an_object_scores_nothing_against_an_object() -> None:
    score = score_structured(
        {"title": "Iron Man"}, "Sorry, I cannot answer that.", PLAIN, None, None
    )
    assert rows_of(score) == [("", "", "type_mismatch", 1, 1)]
    assert score.quality == 0.0
