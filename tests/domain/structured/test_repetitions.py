"""Spec: mean quality, a consistency spread, and the run with the median quality shown."""

import pytest

from casebook.domain.structured import RepetitionSummary, summarize_repetitions


@pytest.mark.parametrize(
    ("runs", "summary"),
    [
        ([(1, 0.8)], RepetitionSummary(0.8, 0.8, 0.8, 1)),
        ([(1, 0.9), (2, 0.3), (3, 0.6)], RepetitionSummary(0.6, 0.3, 0.9, 3)),
        # An even count shows the lower median: the worse of the two middle runs.
        ([(1, 0.9), (2, 0.3), (3, 0.6), (4, 0.7)], RepetitionSummary(0.625, 0.3, 0.9, 3)),
        ([(1, 1.0), (2, 0.0)], RepetitionSummary(0.5, 0.0, 1.0, 2)),
        # Equal qualities are ordered by repetition number.
        ([(3, 0.5), (1, 0.5), (2, 0.5)], RepetitionSummary(0.5, 0.5, 0.5, 2)),
    ],
)
def test_summary_of_repetitions(runs: list[tuple[int, float]], summary: RepetitionSummary) -> None:
    result = summarize_repetitions(runs)
    assert result.median_repetition == summary.median_repetition
    assert (result.mean, result.lowest, result.highest) == pytest.approx(
        (summary.mean, summary.lowest, summary.highest)
    )


def test_the_spread_shows_an_erratic_model() -> None:
    steady = summarize_repetitions([(1, 0.7), (2, 0.7), (3, 0.7)])
    erratic = summarize_repetitions([(1, 1.0), (2, 0.1), (3, 1.0)])
    assert steady.mean == pytest.approx(erratic.mean)
    assert steady.spread == pytest.approx(0.0)
    assert erratic.spread == pytest.approx(0.9)


def test_there_is_nothing_to_summarize_without_a_run() -> None:
    with pytest.raises(ValueError, match="no scored run"):
        summarize_repetitions([])
