"""Spec: lists are scored as a set — matched, missed, hallucinated."""

import numpy as np
import pytest

from casebook.domain.structured import (
    ListMatch,
    ModelChoice,
    StructuredSettings,
    plan_comparison,
    plan_judge,
    score_structured,
)

from .stub_vectors import vectors_with

PLAIN = StructuredSettings(enabled=True)
JUDGED = StructuredSettings(enabled=True, judge_model=ModelChoice("3", "judge-model"))

CAST = [f"Actor {n}" for n in range(15)]


def test_a_small_model_finding_4_actors_of_15_is_correct_but_incomplete() -> None:
    score = score_structured({"cast": CAST}, {"cast": CAST[:4]}, PLAIN, None, None)
    assert score.completeness == pytest.approx(4 / 15)
    assert score.correctness == 1.0
    [cast] = score.lists
    assert [pair.reference_index for pair in cast.matched] == [0, 1, 2, 3]
    assert cast.missed == tuple(range(4, 15))
    assert cast.hallucinated == ()


def test_finding_all_15_with_3_invented_is_complete_but_less_correct() -> None:
    invented = ["Nobody One", "Nobody Two", "Nobody Three"]
    candidate = invented[:1] + CAST + invented[1:]
    score = score_structured({"cast": CAST}, {"cast": candidate}, PLAIN, None, None)
    assert score.completeness == 1.0
    assert score.correctness == pytest.approx(15 / 18)
    [cast] = score.lists
    assert cast.missed == ()
    assert cast.hallucinated == (0, 16, 17)
    assert [row.rung for row in score.fields].count("extra") == 3


def test_finding_more_correct_items_wins() -> None:
    few = score_structured({"cast": CAST}, {"cast": CAST[:4]}, PLAIN, None, None)
    many = score_structured({"cast": CAST}, {"cast": CAST[:12]}, PLAIN, None, None)
    assert many.quality > few.quality


def test_order_does_not_matter_and_each_match_names_both_positions() -> None:
    reference = {"side_effects": ["nausea", "headache", "dizziness"]}
    candidate = {"side_effects": ["Dizziness", "nausea", "HEADACHE"]}
    score = score_structured(reference, candidate, PLAIN, None, None)
    assert score.quality == 1.0
    [effects] = score.lists
    assert effects.matched == (ListMatch(0, 1, 1.0), ListMatch(1, 2, 1.0), ListMatch(2, 0, 1.0))
    assert [(row.reference_path, row.candidate_path) for row in score.fields] == [
        ("side_effects.0", "side_effects.1"),
        ("side_effects.1", "side_effects.2"),
        ("side_effects.2", "side_effects.0"),
    ]


def test_an_alternative_spelling_in_a_list_is_matched_by_embedding() -> None:
    reference = {"cast": ["Robert Downey Jr.", "Gwyneth Paltrow"]}
    candidate = {"cast": ["Gwyneth Paltrow", "R. Downey Jr.", "Jeff Bridges"]}
    plan = plan_comparison(reference, candidate, PLAIN)
    assert set(plan.reference_texts) == {"Robert Downey Jr.", "Gwyneth Paltrow"}
    assert set(plan.candidate_texts) == {"R. Downey Jr.", "Jeff Bridges"}
    vectors = vectors_with(plan.texts, {("Robert Downey Jr.", "R. Downey Jr."): 0.93})
    score = score_structured(reference, candidate, PLAIN, vectors, None)
    [cast] = score.lists
    assert [(p.reference_index, p.candidate_index) for p in cast.matched] == [(0, 1), (1, 0)]
    assert cast.hallucinated == (2,)
    downey = next(row for row in score.fields if row.reference_path == "cast.0")
    assert (downey.rung, downey.candidate) == ("embedding", "R. Downey Jr.")
    assert downey.similarity == pytest.approx(0.93)


def test_items_are_paired_by_an_optimal_assignment_not_greedily() -> None:
    # A is closest to a, but pairing A-a leaves B with b (0.6, below the threshold);
    # pairing A-b and B-a matches both.
    gram = np.array(
        [[1, 0.78, 0.97, 0.90], [0.78, 1, 0.90, 0.60], [0.97, 0.90, 1, 0.82], [0.90, 0.60, 0.82, 1]]
    )
    rows = np.linalg.cholesky(gram)
    vectors = dict(zip(["Alpha Ltd", "Beta Ltd", "Alpha", "Beta"], rows, strict=True))
    score = score_structured(
        {"firms": ["Alpha Ltd", "Beta Ltd"]}, {"firms": ["Alpha", "Beta"]}, PLAIN, vectors, None
    )
    [firms] = score.lists
    assert [(p.reference_index, p.candidate_index) for p in firms.matched] == [(0, 1), (1, 0)]
    assert score.quality == 1.0


def test_each_reference_item_matches_at_most_one_candidate_item() -> None:
    score = score_structured(
        {"tags": ["red"]}, {"tags": ["red", "RED", " red "]}, PLAIN, None, None
    )
    [tags] = score.lists
    assert len(tags.matched) == 1
    assert len(tags.hallucinated) == 2
    assert score.correctness == pytest.approx(1 / 3)


def test_lists_of_objects_recurse_for_the_pair_similarity() -> None:
    reference = {
        "cast": [
            {"name": "Robert Downey Jr.", "role": "Tony Stark"},
            {"name": "Gwyneth Paltrow", "role": "Pepper Potts"},
        ]
    }
    candidate = {
        "cast": [
            {"name": "Gwyneth Paltrow", "role": "Pepper"},
            {"name": "Robert Downey Jr.", "role": "Tony Stark", "award": "none"},
        ]
    }
    score = score_structured(reference, candidate, PLAIN, None, None)
    [cast] = score.lists
    assert cast.matched == (ListMatch(0, 1, pytest.approx(0.8)), ListMatch(1, 0, 0.5))
    rows = {(row.reference_path, row.candidate_path): row.rung for row in score.fields}
    assert rows == {
        ("cast.0.name", "cast.1.name"): "exact",
        ("cast.0.role", "cast.1.role"): "exact",
        (None, "cast.1.award"): "extra",
        ("cast.1.name", "cast.0.name"): "exact",
        ("cast.1.role", "cast.0.role"): "exact",
    }
    assert score.completeness == pytest.approx(3 / 4)
    assert score.correctness == pytest.approx(3 / 5)


def test_an_item_below_half_credit_is_missed_and_the_other_hallucinated() -> None:
    reference = {"cast": [{"name": "Robert Downey Jr.", "role": "Tony Stark", "year": 2008}]}
    candidate = {"cast": [{"name": "Jeff Bridges", "role": "Obadiah Stane", "year": 2008}]}
    score = score_structured(reference, candidate, PLAIN, None, None)
    [cast] = score.lists
    assert (cast.matched, cast.missed, cast.hallucinated) == ((), (0,), (0,))
    assert [(row.rung, row.reference_units, row.candidate_units) for row in score.fields] == [
        ("missing", 3, 0),
        ("extra", 0, 3),
    ]
    assert score.quality == 0.0


def test_null_items_hold_nothing_and_are_skipped() -> None:
    score = score_structured({"tags": ["a", None]}, {"tags": [None, "A"]}, PLAIN, None, None)
    assert score.quality == 1.0
    [tags] = score.lists
    assert tags.matched == (ListMatch(0, 1, 1.0),)


def test_an_empty_reference_list_makes_every_candidate_item_hallucinated() -> None:
    score = score_structured({"tags": []}, {"tags": ["a", "b"]}, PLAIN, None, None)
    [tags] = score.lists
    assert tags.hallucinated == (0, 1)
    assert (score.completeness, score.correctness, score.quality) == (1.0, 0.0, 0.0)


def test_numbers_in_a_list_are_paired_by_closeness_and_each_pair_judged_once() -> None:
    reference = {"half_lives": [12, 300]}
    candidate = {"half_lives": [290, 15]}
    requests = plan_judge(reference, candidate, JUDGED, None)
    assert [(r.path, r.reference, r.candidate) for r in requests] == [
        ("half_lives.0", "12", "15"),
        ("half_lives.1", "300", "290"),
    ]
    grades = {requests[0].key: 60, requests[1].key: 95}
    score = score_structured(reference, candidate, JUDGED, None, grades)
    [lives] = score.lists
    assert lives.matched == (ListMatch(0, 1, 0.6), ListMatch(1, 0, 0.95))
    assert score.completeness == pytest.approx((0.6 + 0.95) / 2)


def test_a_judged_list_pair_graded_below_half_is_missed_and_hallucinated() -> None:
    reference, candidate = {"years": [2020]}, {"years": [2023]}
    [request] = plan_judge(reference, candidate, JUDGED, None)
    score = score_structured(reference, candidate, JUDGED, None, {request.key: 10})
    [years] = score.lists
    assert (years.matched, years.missed, years.hallucinated) == ((), (0,), (0,))
