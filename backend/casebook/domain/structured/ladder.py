"""The ladder for one pair of scalars: cheapest and safest rung first.

1. **exact** — equal up to letter case, surrounding whitespace and numeric
   precision (see ``values``). Free and deterministic.
2. **boolean** — a boolean on either side that is not an exact match: booleans
   are exact or nothing, so this is always a mismatch (``true`` vs "true").
3. **date** — a reference date is compared as a calendar day with the
   candidate's; never by similarity, so "1972-03-14" vs "1972-03-24" fails
   however close their embeddings are.
4. **embedding** — short text: a match when the cosine of the two embeddings
   reaches the strictness threshold, a mismatch below it.
5. **judge** — free text and every non-identical number go to the judge,
   whose grade 0–100 becomes partial credit (grade / 100).

Without a judge, free text gets **similarity**: a continuous credit, the
cosine of the embeddings; a non-identical number is a mismatch (decided by
**exact**). Without an embedding model, text - short or free - is exact or
nothing, as the score's notice says: "falls back to exact matching only
(alternative spellings then count as mismatches)".

``cheap`` comparisons (used to pair list items before anything is judged)
never call the judge: they give what the ladder would give without one.
"""

from dataclasses import dataclass
from typing import Literal, NamedTuple

from casebook.domain.structured.inputs import Embeddings, Judge, JudgedKind
from casebook.domain.structured.values import Scalar

Rung = Literal[
    "exact",
    "date",
    "boolean",
    "embedding",
    "judge",
    "similarity",
    "missing",
    "extra",
    "type_mismatch",
]

# A compared value is shown as matched from half credit up; list items below it
# are not the same item at all and count as missed plus hallucinated.
MATCH_CREDIT = 0.5


class Verdict(NamedTuple):
    rung: Rung
    credit: float
    similarity: float | None = None
    judge_grade: int | None = None

    @property
    def matched(self) -> bool:
        return self.credit >= MATCH_CREDIT


EXACT = Verdict("exact", 1.0)
NOT_EXACT = Verdict("exact", 0.0)


@dataclass(frozen=True, slots=True)
class Ladder:
    threshold: float
    embeddings: Embeddings
    judge: Judge | None

    @property
    def listing_judge_pairs(self) -> bool:
        """Only the pairs the judge must grade are wanted from this walk, nothing else."""
        return self.judge is not None and self.judge.planning and not self.embeddings.planning

    def compare(self, reference: Scalar, candidate: Scalar, path: str, *, cheap: bool) -> Verdict:
        if reference.identity == candidate.identity:
            return EXACT
        if reference.kind == "boolean" or candidate.kind == "boolean":
            return Verdict("boolean", 0.0)
        if reference.kind == "date":
            return Verdict("date", 1.0 if reference.day == candidate.day else 0.0)
        if reference.kind == "number":
            judged = self._judged(reference, candidate, path, "number", cheap)
            return NOT_EXACT if judged is None else judged
        if reference.free_text:
            judged = self._judged(reference, candidate, path, "text", cheap)
            return self._similarity(reference, candidate) if judged is None else judged
        cosine = self.embeddings.cosine(reference.text, candidate.text)
        if cosine is None:
            return NOT_EXACT
        return Verdict("embedding", 1.0 if cosine >= self.threshold else 0.0, cosine)

    def _judged(
        self, reference: Scalar, candidate: Scalar, path: str, kind: JudgedKind, cheap: bool
    ) -> Verdict | None:
        if cheap or self.judge is None:
            return None
        grade = self.judge.grade(path, kind, reference.text, candidate.text)
        if grade is None:
            # Still planning: the grade is not known yet, and nothing planned depends on it.
            return Verdict("judge", 0.0)
        return Verdict("judge", grade / 100, judge_grade=grade)

    def _similarity(self, reference: Scalar, candidate: Scalar) -> Verdict:
        cosine = self.embeddings.cosine(reference.text, candidate.text)
        if cosine is None:
            return NOT_EXACT
        similarity = min(1.0, max(0.0, cosine))
        return Verdict("similarity", similarity, similarity)

    @staticmethod
    def may_judge(reference: Scalar) -> bool:
        """Whether a reference value can reach the judge: numbers and free text."""
        return reference.kind == "number" or reference.free_text
