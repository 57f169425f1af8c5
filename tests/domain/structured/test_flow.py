"""The flow the service runs: plan → embed (one request) → plan_judge → judge (one call) → score."""

import hashlib
import re

import pytest

from casebook.domain.structured import (
    ModelChoice,
    ScoringInputError,
    StructuredSettings,
    content_hash,
    judge_pair_key,
    plan_comparison,
    plan_judge,
    score_structured,
)

from .stub_vectors import hashed_vectors, vectors_with

PLAIN = StructuredSettings(enabled=True)
JUDGED = StructuredSettings(enabled=True, judge_model=ModelChoice("3", "judge-model"))

REVIEW = "A tense and funny origin story that makes a second-tier hero a star."
REVIEW_AGAIN = "A tense, funny origin story that turned a minor hero into a star."

REFERENCE = {
    "title": "Iron Man",
    "director": "Jon Favreau",
    "released": "2008-05-02",
    "budget_musd": 140,
    "cast": ["Robert Downey Jr.", "Gwyneth Paltrow", "Terrence Howard"],
    "reviews": [REVIEW],
}
CANDIDATE = {
    "title": "IRON MAN",
    "director": "J. Favreau",
    "released": "May 2, 2008",
    "budget_musd": 130,
    "cast": ["Gwyneth Paltrow", "R. Downey Jr.", "Jeff Bridges"],
    "reviews": [REVIEW_AGAIN],
}
SIMILAR = {
    ("Jon Favreau", "J. Favreau"): 0.9,
    ("Robert Downey Jr.", "R. Downey Jr."): 0.93,
    (REVIEW, REVIEW_AGAIN): 0.8,
}


def test_the_plan_lists_each_text_to_embed_once_with_reference_texts_apart() -> None:
    plan = plan_comparison(REFERENCE, CANDIDATE, JUDGED)
    assert plan.reference_texts == (
        "Jon Favreau",
        "Robert Downey Jr.",
        "Gwyneth Paltrow",
        "Terrence Howard",
        REVIEW,
    )
    # "Gwyneth Paltrow" is written identically on both sides and listed once.
    assert plan.candidate_texts == ("J. Favreau", "R. Downey Jr.", "Jeff Bridges", REVIEW_AGAIN)
    assert plan.texts == plan.reference_texts + plan.candidate_texts


def test_exactly_equal_fields_need_no_embedding() -> None:
    assert plan_comparison({"a": "Iron Man"}, {"a": " iron man"}, PLAIN).texts == ()


def test_the_whole_flow_with_a_judge() -> None:
    plan = plan_comparison(REFERENCE, CANDIDATE, JUDGED)
    vectors = vectors_with(plan.texts, SIMILAR)
    requests = plan_judge(REFERENCE, CANDIDATE, JUDGED, vectors)
    assert [(r.path, r.kind, r.reference, r.candidate) for r in requests] == [
        ("budget_musd", "number", "140", "130"),
        ("reviews.0", "text", REVIEW, REVIEW_AGAIN),
    ]
    assert len({r.key for r in requests}) == 2
    grades = {requests[0].key: 40, requests[1].key: 90}
    score = score_structured(REFERENCE, CANDIDATE, JUDGED, vectors, grades)
    rungs = {row.reference_path: row.rung for row in score.fields}
    assert rungs == {
        "title": "exact",
        "director": "embedding",
        "released": "date",
        "budget_musd": "judge",
        "cast.0": "embedding",
        "cast.1": "exact",
        "cast.2": "missing",
        None: "extra",
        "reviews.0": "judge",
    }
    credit = 1 + 1 + 1 + 0.4 + 1 + 1 + 0.9  # 8 values on each side
    assert score.completeness == pytest.approx(credit / 8)
    assert score.correctness == pytest.approx(credit / 8)
    assert score.quality == pytest.approx(0.7875)
    assert score.passed is False  # below the default pass mark of 0.8


def test_the_judge_pairs_depend_on_the_embeddings_that_paired_the_list_items() -> None:
    reference = {"reviews": ["Great fun from start to finish, with a superb cast.", REVIEW]}
    candidate = {"reviews": [REVIEW_AGAIN]}
    plan = plan_comparison(reference, candidate, JUDGED)
    close = vectors_with(plan.texts, {(REVIEW, REVIEW_AGAIN): 0.8})
    [request] = plan_judge(reference, candidate, JUDGED, close)
    assert request.path == "reviews.1"  # paired with the review it resembles, and only that one


def test_lists_of_lists_are_paired_the_same_way_when_planning_and_scoring() -> None:
    reference, candidate = [[12], ["Robert Downey Jr."]], [["R. Downey Jr."]]
    vectors = hashed_vectors(plan_comparison(reference, candidate, JUDGED).texts)
    requests = plan_judge(reference, candidate, JUDGED, vectors)
    grades = {request.key: 50 for request in requests}
    score = score_structured(reference, candidate, JUDGED, vectors, grades)
    assert len([row for row in score.fields if row.rung == "judge"]) == len(requests)


def test_a_missing_embedding_is_refused_not_guessed() -> None:
    plan = plan_comparison(REFERENCE, CANDIDATE, PLAIN)
    vectors = vectors_with(plan.texts, SIMILAR)
    del vectors["J. Favreau"]
    with pytest.raises(ScoringInputError, match=re.escape("J. Favreau")):
        score_structured(REFERENCE, CANDIDATE, PLAIN, vectors, None)


def test_a_missing_or_invalid_judge_grade_is_refused() -> None:
    reference, candidate = {"w": 273.37}, {"w": 273.35}
    [request] = plan_judge(reference, candidate, JUDGED, None)
    with pytest.raises(ScoringInputError, match="no judge grade"):
        score_structured(reference, candidate, JUDGED, None, {})
    with pytest.raises(ScoringInputError, match="not within 0–100"):
        score_structured(reference, candidate, JUDGED, None, {request.key: 101})
    with pytest.raises(ScoringInputError, match="whole number"):
        score_structured(reference, candidate, JUDGED, None, {request.key: 0.5})  # type: ignore[dict-item]


def test_grades_without_a_judge_on_the_dataset_are_refused() -> None:
    with pytest.raises(ScoringInputError, match="no judge"):
        score_structured({"w": 1}, {"w": 2}, PLAIN, None, {"anything": 50})


def test_vectors_of_different_lengths_are_refused() -> None:
    vectors = {"Jon Favreau": [1.0, 0.0], "J. Favreau": [1.0, 0.0, 0.0]}
    with pytest.raises(ScoringInputError, match="same length"):
        score_structured({"d": "Jon Favreau"}, {"d": "J. Favreau"}, PLAIN, vectors, None)


def test_content_hash_keys_a_cached_embedding_by_its_text() -> None:
    assert content_hash("Iron Man") == hashlib.sha256(b"Iron Man").hexdigest()
    assert content_hash("Iron Man") != content_hash("iron man")


def test_a_judge_pair_key_names_the_field_and_both_values() -> None:
    key = judge_pair_key("w", "273.37", "273.35")
    assert key == judge_pair_key("w", "273.37", "273.35")
    assert key != judge_pair_key("v", "273.37", "273.35")
    assert key != judge_pair_key("w", "273.37", "273.36")


def test_scoring_is_deterministic() -> None:
    plan = plan_comparison(REFERENCE, CANDIDATE, PLAIN)
    vectors = vectors_with(plan.texts, SIMILAR)
    first = score_structured(REFERENCE, CANDIDATE, PLAIN, vectors, None)
    assert score_structured(REFERENCE, CANDIDATE, PLAIN, vectors, None) == first
