"""Spec: dates "are compared as calendar values, never by similarity"."""

from datetime import date

import pytest

from casebook.domain.structured import StructuredSettings, plan_comparison, score_structured
from casebook.domain.structured.dates import parse_calendar_date

from .stub_vectors import vectors_with

MARCH_14 = date(1972, 3, 14)


@pytest.mark.parametrize(
    "text",
    [
        "1972-03-14",
        "1972/03/14",
        "1972.3.14",
        "1972-03-14T10:30:00Z",
        "1972-03-14T10:30:00.123+02:00",
        "1972-03-14 10:30",
        "14/03/1972",
        "14.03.1972",
        "14-03-1972",
        "03/14/1972",  # only month first makes sense: there is no 14th month
        "March 14, 1972",
        "march 14 1972",
        "Mar. 14, 1972",
        "March 14th, 1972",
        "14 March 1972",
        "14th Mar 1972",
        "14-Mar-1972",
        "14 de marzo de 1972",
        "14 MARZO 1972",
    ],
)
def test_common_writings_of_a_date_are_read_as_that_calendar_day(text: str) -> None:
    assert parse_calendar_date(text) == MARCH_14


def test_an_ambiguous_numeric_date_is_read_day_first() -> None:
    assert parse_calendar_date("03/04/1972") == date(1972, 4, 3)


@pytest.mark.parametrize(
    "text",
    ["1972", "March 1972", "14/03/72", "1972-02-30", "31/31/1972", "Smarch 14, 1972", "soon", ""],
)
def test_what_is_not_a_full_valid_date_is_not_a_date(text: str) -> None:
    assert parse_calendar_date(text) is None


SETTINGS = StructuredSettings(enabled=True)


def test_an_almost_right_date_is_a_mismatch_whatever_its_similarity() -> None:
    reference, candidate = {"born": "1972-03-14"}, {"born": "1972-03-24"}
    plan = plan_comparison(reference, candidate, SETTINGS)
    assert plan.texts == ()  # dates are never embedded
    vectors = vectors_with(["1972-03-14"], {("1972-03-14", "1972-03-24"): 0.999})
    score = score_structured(reference, candidate, SETTINGS, vectors, None)
    [row] = score.fields
    assert (row.rung, row.credit, row.matched, row.similarity) == ("date", 0.0, False, None)


@pytest.mark.parametrize("candidate", ["March 14, 1972", "14/03/1972", "1972-03-14T00:00:00Z"])
def test_the_same_day_written_differently_matches_on_the_date_rung(candidate: str) -> None:
    score = score_structured({"born": "1972-03-14"}, {"born": candidate}, SETTINGS, {}, None)
    [row] = score.fields
    assert (row.rung, row.credit, row.matched) == ("date", 1.0, True)


def test_a_date_against_something_that_is_not_a_date_is_a_date_mismatch() -> None:
    score = score_structured({"born": "1972-03-14"}, {"born": "unknown"}, SETTINGS, {}, None)
    [row] = score.fields
    assert (row.rung, row.credit) == ("date", 0.0)
