"""Pairing list items in bulk gives exactly what the ladder gives pair by pair."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured.inputs import Embeddings, Judge
from casebook.domain.structured.ladder import Ladder
from casebook.domain.structured.matrices import pair_scores
from casebook.domain.structured.tally import ROOT, Tally
from casebook.domain.structured.walk import compare_values

from .stub_vectors import hashed_vectors
from .test_properties import POOL

present = st.sampled_from([value for value in POOL if value is not None])
flat_objects = st.dictionaries(
    st.sampled_from(["name", "role", "year"]), st.sampled_from(POOL), max_size=3
)


def one_by_one(reference: JSONValue, candidate: JSONValue, ladder: Ladder) -> tuple[float, float]:
    tally = Tally(keep_rows=False)
    compare_values(reference, candidate, ROOT, tally, ladder, cheap=True)
    return tally.credit, tally.quality


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.tuples(
            st.lists(present, min_size=1, max_size=6), st.lists(present, min_size=1, max_size=6)
        ),
        st.tuples(
            st.lists(flat_objects, min_size=1, max_size=5),
            st.lists(flat_objects, min_size=1, max_size=5),
        ),
    ),
    st.sampled_from([None, "vectors"]),
    st.floats(min_value=0.0, max_value=1.0),
    st.booleans(),
)
def test_bulk_pairing_matches_the_ladder_pair_by_pair(
    lists: tuple[list[JSONValue], list[JSONValue]],
    model: str | None,
    strictness: float,
    with_judge: bool,
) -> None:
    references, candidates = lists
    vectors = hashed_vectors([str(value).strip() for value in POOL])
    ladder = Ladder(
        0.75 + 0.2 * strictness,
        Embeddings(vectors if model else None),
        Judge({}) if with_judge else None,
    )
    scores = pair_scores(references, candidates, ladder, lambda r, c: one_by_one(r, c, ladder))
    for i, reference in enumerate(references):
        for j, candidate in enumerate(candidates):
            credit, quality = one_by_one(reference, candidate, ladder)
            assert scores.credit[i, j] == pytest.approx(credit, abs=1e-6)
            assert scores.quality[i, j] == pytest.approx(quality, abs=1e-6)


def test_numbers_are_paired_by_closeness_only_when_a_judge_will_grade_them() -> None:
    references, candidates = [12, 300], [290, 15]
    judged = Ladder(0.85, Embeddings(None), Judge({}))
    plain = Ladder(0.85, Embeddings(None), None)
    with_judge = pair_scores(references, candidates, judged, lambda r, c: (0.0, 0.0))
    without = pair_scores(references, candidates, plain, lambda r, c: (0.0, 0.0))
    assert np.all(with_judge.credit == 0.0)
    assert with_judge.tie_break[0, 1] == pytest.approx(0.8)
    assert with_judge.tie_break[1, 0] == pytest.approx(1 - 10 / 300)
    assert np.all(without.tie_break == 0.0)
