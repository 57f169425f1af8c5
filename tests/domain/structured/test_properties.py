"""Properties that hold for any answer (hypothesis)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured import (
    ModelChoice,
    StructuredSettings,
    plan_comparison,
    plan_judge,
    score_structured,
)

from .stub_vectors import hashed_vectors

PLAIN = StructuredSettings(enabled=True)
JUDGED = StructuredSettings(enabled=True, judge_model=ModelChoice("3", "judge-model"))

LONG = [
    "A billionaire industrialist builds an armored suit to escape captivity.",
    "An industrialist escapes captivity in an armored suit he builds himself.",
    "A genius inventor becomes a hero after a life changing kidnapping overseas.",
]
POOL: list[JSONValue] = [
    "Robert Downey Jr.",
    "robert downey jr. ",
    "R. Downey Jr.",
    "Gwyneth Paltrow",
    "Jeff Bridges",
    12,
    12.0,
    15,
    "12",
    273.37,
    True,
    False,
    "true",
    "1972-03-14",
    "March 14, 1972",
    "1972-03-24",
    None,
    *LONG,
]

pooled = st.sampled_from(POOL)
scalars = (
    pooled
    | st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
flat_objects = st.dictionaries(st.sampled_from(["name", "role", "year"]), pooled, max_size=3)
items = pooled | flat_objects
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["a", "b", "cast", "year"]) | st.text(max_size=4), inner, max_size=4
        )
    ),
    max_leaves=25,
)


# Lists of lists and of objects, so list items are paired item by item too.
nested_lists = st.lists(st.lists(pooled, max_size=3) | items, max_size=4)
answers = json_values | nested_lists | st.fixed_dictionaries({"cast": nested_lists, "year": pooled})


def embedded(reference: JSONValue, candidate: JSONValue, scoring: StructuredSettings):
    return hashed_vectors(plan_comparison(reference, candidate, scoring).texts)


def sub_scores(score) -> tuple[float, float, float]:
    return (score.completeness, score.correctness, score.quality)


@settings(max_examples=150, deadline=None)
@given(answers, st.booleans())
def test_an_answer_equal_to_its_reference_has_quality_1(value: JSONValue, with_model: bool) -> None:
    vectors = embedded(value, value, JUDGED) if with_model else None
    assert plan_judge(value, value, JUDGED, vectors) == ()
    score = score_structured(value, value, JUDGED, vectors, {})
    assert sub_scores(score) == (1.0, 1.0, 1.0)
    assert all(row.matched for row in score.fields)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(items, max_size=7),
    st.lists(items, max_size=7),
    st.randoms(use_true_random=False),
    st.booleans(),
)
def test_list_scoring_ignores_the_order_of_either_list(
    reference: list[JSONValue], candidate: list[JSONValue], shuffler, with_model: bool
) -> None:
    vectors = embedded({"cast": reference}, {"cast": candidate}, PLAIN) if with_model else None
    before = score_structured({"cast": reference}, {"cast": candidate}, PLAIN, vectors, None)
    shuffled_reference, shuffled_candidate = list(reference), list(candidate)
    shuffler.shuffle(shuffled_reference)
    shuffler.shuffle(shuffled_candidate)
    after = score_structured(
        {"cast": shuffled_reference}, {"cast": shuffled_candidate}, PLAIN, vectors, None
    )
    assert sub_scores(after) == pytest.approx(sub_scores(before))
    [listed_before], [listed_after] = before.lists, after.lists
    assert len(listed_after.matched) == len(listed_before.matched)


INVENTED: list[JSONValue] = ["Invented Person", {"name": "Invented Person", "role": "Nobody"}]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(items, max_size=7),
    st.lists(items, max_size=7),
    st.sampled_from(INVENTED),
    st.integers(min_value=0, max_value=7),
    st.booleans(),
)
def test_adding_a_hallucinated_item_never_raises_correctness(
    reference: list[JSONValue],
    candidate: list[JSONValue],
    invented: JSONValue,
    position: int,
    with_model: bool,
) -> None:
    padded = [*candidate[:position], invented, *candidate[position:]]
    vectors = None
    if with_model:
        vectors = embedded({"cast": reference}, {"cast": padded}, PLAIN)
        vectors.update(embedded({"cast": reference}, {"cast": candidate}, PLAIN))
        vectors.update({"Invented Person": np.zeros(6), "Nobody": np.zeros(6)})
    before = score_structured({"cast": reference}, {"cast": candidate}, PLAIN, vectors, None)
    after = score_structured({"cast": reference}, {"cast": padded}, PLAIN, vectors, None)
    assert after.correctness <= before.correctness + 1e-9
    assert after.completeness == pytest.approx(before.completeness)


@settings(max_examples=300, deadline=None)
@given(answers, answers, st.booleans())
def test_the_plans_list_everything_scoring_needs(
    reference: JSONValue, candidate: JSONValue, with_judge: bool
) -> None:
    scoring = JUDGED if with_judge else PLAIN
    vectors = embedded(reference, candidate, scoring)
    requests = plan_judge(reference, candidate, scoring, vectors)
    grades = {request.key: 50 for request in requests} if with_judge else None
    score = score_structured(reference, candidate, scoring, vectors, grades)
    for value in sub_scores(score):
        assert 0.0 <= value <= 1.0
    judged = [row for row in score.fields if row.rung == "judge"]
    assert len(judged) <= len(requests)
