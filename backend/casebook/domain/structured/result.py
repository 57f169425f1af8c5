"""What a structured score says: three sub-scores and the per-field breakdown.

**Units.** Every non-null scalar is one unit: a field's value, a list item,
each field of an object inside a list. The reference's units are what there
is to find; the candidate's units are what it claims.

**Credit.** Each compared pair earns credit from 0 to 1 on the ladder (1 for
a match, grade/100 from the judge, the similarity for free text without a
judge). Missing values, extra values, hallucinated items, type mismatches
and items too unlike any reference item earn none.

- **completeness** = credit / reference units — recall: how much of the
  reference was found (1 when the reference holds nothing).
- **correctness** = credit / candidate units — precision: how much of what
  was returned is right; hallucinations and wrong values pull it down (1 when
  the answer claims nothing).
- **quality** = the harmonic mean of the two (F1):
  2 · completeness · correctness / (completeness + correctness), 0 when both
  are 0. The harmonic mean stays low when either is low, so returning
  everything (complete but wrong) and returning one safe value (correct but
  incomplete) both score poorly.
"""

from dataclasses import dataclass
from typing import NamedTuple

from casebook.domain.jsonvalue import JSONObject, JSONValue
from casebook.domain.structured.ladder import Rung

EXACT_ONLY_NOTICE = (
    "No embedding model is configured, so text was compared by exact matching only: "
    "alternative spellings count as mismatches."
)


class FieldResult(NamedTuple):
    """One row of the breakdown: a value of the reference against the candidate's.

    Paths are dotted (``cast.3.name``; the whole answer is ``""``). In a list
    the reference path carries the reference item's index and the candidate
    path the candidate item's. A missing value has no candidate path, an
    extra one no reference path.
    """

    reference_path: str | None
    candidate_path: str | None
    reference: JSONValue
    candidate: JSONValue
    rung: Rung
    credit: float
    matched: bool
    similarity: float | None = None
    judge_grade: int | None = None
    reference_units: int = 1
    candidate_units: int = 1


class ListMatch(NamedTuple):
    """A reference item paired with a candidate item; ``similarity`` is the pair's credit 0–1."""

    reference_index: int
    candidate_index: int
    similarity: float


@dataclass(frozen=True, slots=True)
class ListResult:
    """A list scored as a set: what matched, what was missed, what was hallucinated."""

    reference_path: str
    candidate_path: str
    matched: tuple[ListMatch, ...]
    missed: tuple[int, ...]
    hallucinated: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StructuredScore:
    completeness: float
    correctness: float
    quality: float
    passed: bool
    fields: tuple[FieldResult, ...]
    lists: tuple[ListResult, ...]
    # True when there was no embedding model: text was exact or nothing.
    fell_back_to_exact: bool
    notices: tuple[str, ...]

    def as_json(self) -> JSONObject:
        """The score as stored and served."""
        return {
            "completeness": self.completeness,
            "correctness": self.correctness,
            "quality": self.quality,
            "passed": self.passed,
            "fell_back_to_exact": self.fell_back_to_exact,
            "notices": list(self.notices),
            "fields": [_field_json(row) for row in self.fields],
            "lists": [_list_json(result) for result in self.lists],
        }


def _field_json(row: FieldResult) -> JSONObject:
    return {
        "reference_path": row.reference_path,
        "candidate_path": row.candidate_path,
        "reference": row.reference,
        "candidate": row.candidate,
        "rung": row.rung,
        "credit": row.credit,
        "matched": row.matched,
        "similarity": row.similarity,
        "judge_grade": row.judge_grade,
        "reference_units": row.reference_units,
        "candidate_units": row.candidate_units,
    }


def _list_json(result: ListResult) -> JSONObject:
    return {
        "reference_path": result.reference_path,
        "candidate_path": result.candidate_path,
        "matched": [
            {
                "reference_index": pair.reference_index,
                "candidate_index": pair.candidate_index,
                "similarity": pair.similarity,
            }
            for pair in result.matched
        ],
        "missed": list(result.missed),
        "hallucinated": list(result.hallucinated),
    }


def completeness(credit: float, reference_units: int) -> float:
    return _bounded(credit / reference_units) if reference_units else 1.0


def correctness(credit: float, candidate_units: int) -> float:
    return _bounded(credit / candidate_units) if candidate_units else 1.0


def quality(completeness: float, correctness: float) -> float:
    total = completeness + correctness
    return _bounded(2.0 * completeness * correctness / total) if total else 0.0


def _bounded(value: float) -> float:
    return min(1.0, max(0.0, value))
