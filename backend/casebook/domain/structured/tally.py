"""Running totals of a comparison: credit, units and breakdown rows.

See ``result`` for what units and credit are. A tally for pairing list items
keeps no rows (``keep_rows`` False): only its numbers matter there.
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured import result
from casebook.domain.structured.ladder import Verdict
from casebook.domain.structured.result import FieldResult, ListResult
from casebook.domain.structured.values import unit_count


class At(NamedTuple):
    """Where a comparison is: its path in the reference and in the candidate."""

    reference: str
    candidate: str

    def items(self, reference_index: int, candidate_index: int) -> "At":
        return At(
            join_path(self.reference, reference_index), join_path(self.candidate, candidate_index)
        )


ROOT = At("", "")


def join_path(path: str, step: str | int) -> str:
    return f"{path}.{step}" if path else str(step)


_MISSING = Verdict("missing", 0.0)
_EXTRA = Verdict("extra", 0.0)
_TYPE_MISMATCH = Verdict("type_mismatch", 0.0)
_BOTH_NULL = Verdict("exact", 1.0)


@dataclass(slots=True)
class Tally:
    keep_rows: bool
    credit: float = 0.0
    reference_units: int = 0
    candidate_units: int = 0
    rows: list[FieldResult] = field(default_factory=list)
    lists: list[ListResult] = field(default_factory=list)

    @property
    def completeness(self) -> float:
        return result.completeness(self.credit, self.reference_units)

    @property
    def correctness(self) -> float:
        return result.correctness(self.credit, self.candidate_units)

    @property
    def quality(self) -> float:
        """The harmonic mean of completeness and correctness, computed directly.

        With credit c, reference units r and candidate units k it is 2c / (r + k).
        """
        units = self.reference_units + self.candidate_units
        return 2.0 * self.credit / units if units else 1.0

    def pair(self, at: At, reference: JSONValue, candidate: JSONValue, verdict: Verdict) -> None:
        """Two scalars compared on the ladder: one unit on each side."""
        self.credit += verdict.credit
        self.reference_units += 1
        self.candidate_units += 1
        if self.keep_rows:
            self._row(at.reference, at.candidate, reference, candidate, verdict, 1, 1)

    def both_null(self, at: At) -> None:
        if self.keep_rows:
            self._row(at.reference, at.candidate, None, None, _BOTH_NULL, 0, 0)

    def missing_value(self, path: str, value: JSONValue) -> None:
        units = unit_count(value)
        self.reference_units += units
        if self.keep_rows:
            self._row(path, None, value, None, _MISSING, units, 0)

    def extra_value(self, path: str, value: JSONValue) -> None:
        units = unit_count(value)
        self.candidate_units += units
        if self.keep_rows:
            self._row(None, path, None, value, _EXTRA, 0, units)

    def type_mismatch(self, at: At, reference: JSONValue, candidate: JSONValue) -> None:
        reference_units, candidate_units = unit_count(reference), unit_count(candidate)
        self.reference_units += reference_units
        self.candidate_units += candidate_units
        if self.keep_rows:
            self._row(
                at.reference,
                at.candidate,
                reference,
                candidate,
                _TYPE_MISMATCH,
                reference_units,
                candidate_units,
            )

    def absorb(self, other: "Tally") -> None:
        self.credit += other.credit
        self.reference_units += other.reference_units
        self.candidate_units += other.candidate_units
        self.rows.extend(other.rows)
        self.lists.extend(other.lists)

    def _row(
        self,
        reference_path: str | None,
        candidate_path: str | None,
        reference: JSONValue,
        candidate: JSONValue,
        verdict: Verdict,
        reference_units: int,
        candidate_units: int,
    ) -> None:
        self.rows.append(
            FieldResult(
                reference_path,
                candidate_path,
                reference,
                candidate,
                verdict.rung,
                verdict.credit,
                verdict.matched,
                verdict.similarity,
                verdict.judge_grade,
                reference_units,
                candidate_units,
            )
        )
