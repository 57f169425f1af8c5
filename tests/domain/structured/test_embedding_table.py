"""Embeddings handed over once per answer as a table of unit vectors."""

import numpy as np
import pytest

from casebook.domain.structured import (
    EmbeddingTable,
    ScoringInputError,
    StructuredSettings,
    plan_comparison,
    score_structured,
)

from .stub_vectors import vectors_with

PLAIN = StructuredSettings(enabled=True)


def test_a_table_holds_one_unit_vector_per_text() -> None:
    table = EmbeddingTable(["a", "b"], [[3.0, 4.0], [0.0, 0.0]])
    assert list(table) == ["a", "b"] and len(table) == 2
    assert table["a"] == pytest.approx([0.6, 0.8])
    assert table["b"] == pytest.approx([0.0, 0.0])  # a zero vector stays zero: cosine 0
    assert table.rows(["b", "a"]).shape == (2, 2)


def test_scoring_with_a_table_equals_scoring_with_a_mapping() -> None:
    reference = {"cast": ["Robert Downey Jr.", "Gwyneth Paltrow"], "director": "Jon Favreau"}
    candidate = {"cast": ["R. Downey Jr.", "Jeff Bridges"], "director": "J. Favreau"}
    plan = plan_comparison(reference, candidate, PLAIN)
    vectors = vectors_with(
        plan.texts,
        {("Robert Downey Jr.", "R. Downey Jr."): 0.93, ("Jon Favreau", "J. Favreau"): 0.8},
    )
    table = EmbeddingTable(list(vectors), list(vectors.values()))
    assert score_structured(reference, candidate, PLAIN, table, None) == score_structured(
        reference, candidate, PLAIN, vectors, None
    )


@pytest.mark.parametrize(
    ("texts", "vectors", "message"),
    [
        (["a", "b"], [[1.0, 0.0]], "one embedding per text"),
        (["a", "b"], [[1.0, 0.0], [1.0]], "same length"),
        (["a"], [[[1.0]]], "flat list of numbers"),
    ],
)
def test_malformed_embeddings_are_refused(
    texts: list[str], vectors: list[object], message: str
) -> None:
    with pytest.raises(ScoringInputError, match=message):
        EmbeddingTable(texts, vectors)  # type: ignore[arg-type]


def test_a_text_missing_from_the_table_is_refused() -> None:
    table = EmbeddingTable(["a"], np.array([[1.0, 0.0]]))
    with pytest.raises(ScoringInputError, match="'b'"):
        table.rows(["a", "b"])
