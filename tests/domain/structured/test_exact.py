"""Spec: "Exact. Identical values match. So do values that differ only in letter
case, surrounding whitespace or numeric precision ("Acme" = "ACME", 4.0 = 4)."
Booleans are exact or nothing.
"""

import pytest

from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured import StructuredSettings, score_structured
from casebook.domain.structured.values import FREE_TEXT_MIN_WORDS, read_scalar

SETTINGS = StructuredSettings(enabled=True)


def only_row(reference: JSONValue, candidate: JSONValue):
    score = score_structured({"field": reference}, {"field": candidate}, SETTINGS, None, None)
    [row] = score.fields
    return row


@pytest.mark.parametrize(
    ("reference", "candidate"),
    [
        ("Acme", "Acme"),
        ("Acme", "ACME"),
        ("Acme", "  acme \n"),
        ("Straße", "STRASSE"),  # case folding, not just lower-casing
        (4, 4.0),
        (4.0, 4),
        (4, "4.0"),  # a quoted plain numeral is that number
        ("4.0", 4),
        ("4.50", 4.5),
        (1000, 1e3),
        (-0.0, 0),
        (True, True),
        (False, False),
        ("1972-03-14", "1972-03-14"),
    ],
)
def test_values_differing_only_in_case_whitespace_or_precision_match_exactly(
    reference: JSONValue, candidate: JSONValue
) -> None:
    row = only_row(reference, candidate)
    assert (row.rung, row.credit, row.matched) == ("exact", 1.0, True)


@pytest.mark.parametrize(
    ("reference", "candidate", "rung"),
    [
        (True, "true", "boolean"),  # booleans are exact or nothing
        ("true", True, "boolean"),
        (True, 1, "boolean"),
        (False, 0, "boolean"),
        (True, False, "boolean"),
        (False, "no", "boolean"),
        ("007", 7, "exact"),  # a numeral with a leading zero is a code, not a number
        (4, 4.01, "exact"),  # without a judge a non-identical number is a mismatch
        (2020, 2023, "exact"),
        ("Acme", "Acme Corp", "exact"),  # no embedding model: exact or nothing
    ],
)
def test_values_that_differ_otherwise_do_not_match(
    reference: JSONValue, candidate: JSONValue, rung: str
) -> None:
    row = only_row(reference, candidate)
    assert (row.rung, row.credit, row.matched) == (rung, 0.0, False)


def test_true_against_the_string_true_is_a_boolean_mismatch_even_with_embeddings() -> None:
    vectors = {"true": [1.0, 0.0]}
    score = score_structured({"x": True}, {"x": "true"}, SETTINGS, vectors, None)
    assert [(row.rung, row.credit) for row in score.fields] == [("boolean", 0.0)]
    assert score.quality == 0.0


@pytest.mark.parametrize(
    ("text", "free"),
    [
        ("Robert Downey Jr.", False),
        ("Headaches, nausea and mild dizziness", False),
        (" ".join(["word"] * (FREE_TEXT_MIN_WORDS - 1)), False),
        (" ".join(["word"] * FREE_TEXT_MIN_WORDS), True),
        ("A billionaire industrialist builds an armored suit to escape captivity.", True),
    ],
)
def test_free_text_is_a_string_of_at_least_eight_words(text: str, free: bool) -> None:
    assert read_scalar(text).free_text is free


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (True, "boolean"),
        (12, "number"),
        (273.37, "number"),
        (" 273.37 ", "number"),
        ("-1.5e3", "number"),
        ("1,000", "text"),
        ("02134", "text"),
        ("1972-03-14", "date"),
        ("March 14, 1972", "date"),
        ("Iron Man", "text"),
    ],
)
def test_each_scalar_is_read_as_one_kind(value: str | int | float | bool, kind: str) -> None:
    assert read_scalar(value).kind == kind
