"""Repetitions (spec: "Repetitions"): a model run more than once on a scenario.

Each run is scored separately. The row shows the **mean** quality and the
**consistency spread** from the lowest to the highest run, so a model that is
right on average but erratic stands out. The output shown is the run with
the **median** quality; with an even number of runs it is the **lower
median** (the worse of the two middle runs, so the row never flatters), and
runs of equal quality are ordered by repetition number.
"""

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RepetitionSummary:
    mean: float
    lowest: float
    highest: float
    median_repetition: int

    @property
    def spread(self) -> float:
        return self.highest - self.lowest


def summarize_repetitions(qualities: Sequence[tuple[int, float]]) -> RepetitionSummary:
    """``qualities`` holds (repetition number, quality) for every scored run."""
    if not qualities:
        raise ValueError("there is no scored run to summarize")
    ordered = sorted(qualities, key=lambda run: (run[1], run[0]))
    values = [quality for _, quality in ordered]
    median_repetition, _ = ordered[(len(ordered) - 1) // 2]
    return RepetitionSummary(
        mean=sum(values) / len(values),
        lowest=values[0],
        highest=values[-1],
        median_repetition=median_repetition,
    )
