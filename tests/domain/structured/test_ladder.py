"""The ladder's rungs above exact: embedding, judge, and their fallbacks."""

import pytest

from casebook.domain.structured import (
    EXACT_ONLY_NOTICE,
    ModelChoice,
    StructuredSettings,
    embedding_threshold,
    plan_comparison,
    plan_judge,
    score_structured,
)

from .stub_vectors import vectors_with

PLAIN = StructuredSettings(enabled=True)
JUDGED = StructuredSettings(enabled=True, judge_model=ModelChoice("3", "judge-model"))

SUMMARY = "A billionaire industrialist builds an armored suit to escape captivity and fight evil."
BRIEF_SUMMARY = "An industrialist escapes captivity in an armored suit he builds himself."


def test_an_alternative_spelling_is_matched_by_embedding_similarity() -> None:
    reference, candidate = {"actor": "Robert Downey Jr."}, {"actor": "R. Downey Jr."}
    plan = plan_comparison(reference, candidate, PLAIN)
    assert plan.reference_texts == ("Robert Downey Jr.",)
    assert plan.candidate_texts == ("R. Downey Jr.",)
    vectors = vectors_with(plan.texts, {("Robert Downey Jr.", "R. Downey Jr."): 0.93})
    score = score_structured(reference, candidate, PLAIN, vectors, None)
    [row] = score.fields
    assert (row.rung, row.credit, row.matched) == ("embedding", 1.0, True)
    assert row.similarity == pytest.approx(0.93)
    assert score.quality == 1.0
    assert not score.fell_back_to_exact and score.notices == ()


def test_without_an_embedding_model_an_alternative_spelling_is_a_mismatch_and_says_so() -> None:
    score = score_structured(
        {"actor": "Robert Downey Jr."}, {"actor": "R. Downey Jr."}, PLAIN, None, None
    )
    [row] = score.fields
    assert (row.rung, row.credit, row.matched) == ("exact", 0.0, False)
    assert score.fell_back_to_exact
    assert score.notices == (EXACT_ONLY_NOTICE,)
    assert "exact matching only" in EXACT_ONLY_NOTICE


@pytest.mark.parametrize(
    ("strictness", "threshold"), [(0.0, 0.75), (0.5, 0.85), (0.75, 0.90), (1.0, 0.95)]
)
def test_strictness_sets_the_embedding_threshold(strictness: float, threshold: float) -> None:
    assert embedding_threshold(strictness) == pytest.approx(threshold)


@pytest.mark.parametrize(
    ("strictness", "matched"), [(0.0, True), (0.5, True), (0.75, False), (1.0, False)]
)
def test_higher_strictness_turns_a_borderline_pair_from_match_to_mismatch(
    strictness: float, matched: bool
) -> None:
    settings = StructuredSettings(enabled=True, strictness=strictness)
    vectors = vectors_with(["Acme Corporation"], {("Acme Corporation", "Acme Corp."): 0.88})
    score = score_structured(
        {"maker": "Acme Corporation"}, {"maker": "Acme Corp."}, settings, vectors, None
    )
    [row] = score.fields
    assert row.rung == "embedding"
    assert row.matched is matched
    assert row.credit == (1.0 if matched else 0.0)


def test_a_non_identical_number_goes_to_the_judge_and_gets_partial_credit() -> None:
    reference, candidate = {"molecular_weight": 273.37}, {"molecular_weight": 273.35}
    assert plan_comparison(reference, candidate, JUDGED).texts == ()
    [request] = plan_judge(reference, candidate, JUDGED, None)
    assert (request.path, request.kind, request.reference, request.candidate) == (
        "molecular_weight",
        "number",
        "273.37",
        "273.35",
    )
    score = score_structured(reference, candidate, JUDGED, None, {request.key: 90})
    [row] = score.fields
    assert (row.rung, row.judge_grade, row.credit, row.matched) == ("judge", 90, 0.9, True)
    assert score.completeness == pytest.approx(0.9)
    assert score.correctness == pytest.approx(0.9)


def test_the_judge_can_reject_a_number_where_exactness_matters() -> None:
    reference, candidate = {"release_year": 2020}, {"release_year": 2023}
    [request] = plan_judge(reference, candidate, JUDGED, None)
    score = score_structured(reference, candidate, JUDGED, None, {request.key: 0})
    [row] = score.fields
    assert (row.rung, row.credit, row.matched) == ("judge", 0.0, False)


def test_without_a_judge_a_non_identical_number_is_simply_a_mismatch() -> None:
    assert plan_judge({"w": 273.37}, {"w": 273.35}, PLAIN, None) == ()
    score = score_structured({"w": 273.37}, {"w": 273.35}, PLAIN, None, None)
    [row] = score.fields
    assert (row.rung, row.credit, row.judge_grade) == ("exact", 0.0, None)


def test_identical_numbers_never_reach_the_judge() -> None:
    assert plan_judge({"half_life": 12}, {"half_life": 12.0}, JUDGED, None) == ()


def test_free_text_goes_to_the_judge_which_rewards_a_briefer_wording() -> None:
    reference, candidate = {"summary": SUMMARY}, {"summary": BRIEF_SUMMARY}
    assert plan_comparison(reference, candidate, JUDGED).texts == ()  # the judge decides alone
    [request] = plan_judge(reference, candidate, JUDGED, {})
    assert request.kind == "text"
    score = score_structured(reference, candidate, JUDGED, {}, {request.key: 85})
    [row] = score.fields
    assert (row.rung, row.credit, row.judge_grade) == ("judge", 0.85, 85)


def test_without_a_judge_free_text_gets_its_cosine_as_continuous_credit() -> None:
    reference, candidate = {"summary": SUMMARY}, {"summary": BRIEF_SUMMARY}
    plan = plan_comparison(reference, candidate, PLAIN)
    assert plan.texts == (SUMMARY, BRIEF_SUMMARY)
    vectors = vectors_with(plan.texts, {(SUMMARY, BRIEF_SUMMARY): 0.7})
    score = score_structured(reference, candidate, PLAIN, vectors, None)
    [row] = score.fields
    assert row.rung == "similarity"
    assert row.credit == pytest.approx(0.7)
    assert row.similarity == pytest.approx(0.7)


def test_without_a_judge_or_embeddings_free_text_is_exact_or_nothing() -> None:
    score = score_structured(
        {"summary": "one two three four five six seven eight", "note": "Same Words"},
        {"summary": "one two three four", "note": "  same words "},
        PLAIN,
        None,
        None,
    )
    by_path = {row.reference_path: row for row in score.fields}
    assert (by_path["summary"].rung, by_path["summary"].credit) == ("exact", 0.0)
    assert (by_path["note"].rung, by_path["note"].credit) == ("exact", 1.0)
    assert score.fell_back_to_exact
    assert score.notices == (EXACT_ONLY_NOTICE,)


def test_a_short_text_never_goes_to_the_judge() -> None:
    assert plan_judge({"actor": "Robert Downey Jr."}, {"actor": "R. Downey"}, JUDGED, None) == ()


def test_a_number_against_words_is_judged_too() -> None:
    [request] = plan_judge({"half_life": 12}, {"half_life": "about 12 hours"}, JUDGED, None)
    assert (request.kind, request.reference, request.candidate) == (
        "number",
        "12",
        "about 12 hours",
    )
