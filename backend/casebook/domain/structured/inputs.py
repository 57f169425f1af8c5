"""What the caller supplies to the ladder: embeddings and judge grades.

The domain does no I/O. The service embeds the texts a plan lists (in one
request), asks the judge about the pairs a plan lists (in one batched call)
and hands the results back. The classes here serve them to the ladder
and, while planning, record what the ladder asked for instead.

Embeddings are best handed over as an ``EmbeddingTable`` built once per
answer: converting and normalising vectors costs more than most of the ladder.
"""

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

Vector = Sequence[float] | npt.NDArray[Any]
Matrix = npt.NDArray[np.float64]
# Unit vectors are kept in single precision: cosines need no more, and products run twice as fast.
UnitRows = npt.NDArray[np.float32]
JudgedKind = Literal["text", "number"]

JUDGE_GRADE_MAX = 100


class ScoringInputError(ValueError):
    """The caller's embeddings or grades do not cover what the plan listed."""


def content_hash(text: str) -> str:
    """A stable key for caching an embedding by content (pair it with the model)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def judge_pair_key(path: str, reference: str, candidate: str) -> str:
    """The key a judge grade is returned under: the field and both values."""
    payload = json.dumps([path, reference, candidate], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class JudgeRequest:
    """One pair the judge grades 0–100: how well ``candidate`` captures ``reference``.

    ``path`` names the field (``compound.molecular_weight``) so the judge can
    tell whether it tolerates an approximate number (a weight) or not (a year).
    """

    key: str
    path: str
    kind: JudgedKind
    reference: str
    candidate: str


class EmbeddingTable(Mapping[str, Vector]):
    """The embeddings of an answer's texts as one matrix of unit rows.

    Build it once from the embeddings response (with any cached reference
    vectors) and hand the same table to ``plan_judge`` and
    ``score_structured``: the vectors are converted and normalised once.
    Any other mapping is turned into a table on each call.
    """

    def __init__(self, texts: Sequence[str], vectors: Sequence[Vector] | npt.NDArray[Any]) -> None:
        if len(texts) != len(vectors):
            raise ScoringInputError("there must be one embedding per text")
        self._index = {text: position for position, text in enumerate(texts)}
        self._rows = _unit_rows(vectors) if len(texts) else np.zeros((0, 0), dtype=np.float32)

    @classmethod
    def of(cls, vectors: Mapping[str, Vector]) -> "EmbeddingTable":
        if isinstance(vectors, EmbeddingTable):
            return vectors
        return cls(list(vectors), list(vectors.values()))

    def __getitem__(self, text: str) -> UnitRows:
        row: UnitRows = self._rows[self._index[text]]
        return row

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def rows(self, texts: Sequence[str]) -> UnitRows:
        """The unit vectors of ``texts``, one row each."""
        try:
            positions = [self._index[text] for text in texts]
        except KeyError as missing:
            raise ScoringInputError(f"no embedding was supplied for {missing.args[0]!r}") from None
        selected: UnitRows = self._rows[positions]
        return selected


def _unit_rows(vectors: Sequence[Vector] | npt.NDArray[Any]) -> UnitRows:
    try:
        raw = np.asarray(vectors, dtype=np.float32)
    except ValueError:
        raise ScoringInputError("the embeddings do not all have the same length") from None
    if raw.ndim != 2:
        raise ScoringInputError("an embedding must be a flat list of numbers")
    norms = np.linalg.norm(raw, axis=1, keepdims=True)
    units: UnitRows = np.divide(raw, norms, out=np.zeros_like(raw), where=norms > 0)
    return units


class Embeddings:
    """Embedding vectors by text: given, absent (no embedding model), or being planned."""

    def __init__(self, vectors: Mapping[str, Vector] | None, *, planning: bool = False) -> None:
        self._table = EmbeddingTable.of(vectors) if vectors is not None else None
        self._planning = planning
        self.reference_texts: dict[str, None] = {}
        self.candidate_texts: dict[str, None] = {}

    @property
    def planning(self) -> bool:
        return self._planning

    @property
    def missing_model(self) -> bool:
        return self._table is None and not self._planning

    def cosine(self, reference: str, candidate: str) -> float | None:
        """Cosine of the two texts, or None when no embeddings are to be had."""
        if self._planning or self._table is None:
            self.cosine_matrix([reference], [candidate])
            return None
        both = self._table.rows((reference, candidate))
        return float(both[0] @ both[1])

    def cosine_matrix(self, references: Sequence[str], candidates: Sequence[str]) -> Matrix | None:
        if self._planning:
            self.reference_texts.update(dict.fromkeys(references))
            self.candidate_texts.update(dict.fromkeys(candidates))
            return None
        if self._table is None:
            return None
        product: Matrix = (self._table.rows(references) @ self._table.rows(candidates).T).astype(
            np.float64
        )
        return product


class Judge:
    """Judge grades by pair key: given, or being planned (recording the pairs asked)."""

    def __init__(self, grades: Mapping[str, int] | None, *, planning: bool = False) -> None:
        self._grades = grades or {}
        self._planning = planning
        self.requests: dict[str, JudgeRequest] = {}

    @property
    def planning(self) -> bool:
        return self._planning

    def grade(self, path: str, kind: JudgedKind, reference: str, candidate: str) -> int | None:
        """The grade 0–100 for the pair, or None while planning."""
        key = judge_pair_key(path, reference, candidate)
        if self._planning:
            self.requests.setdefault(key, JudgeRequest(key, path, kind, reference, candidate))
            return None
        field = path or "the answer"
        if key not in self._grades:
            raise ScoringInputError(f"no judge grade was supplied for {field}")
        grade = self._grades[key]
        if isinstance(grade, bool) or not isinstance(grade, int):
            raise ScoringInputError(f"the judge grade for {field} is not a whole number")
        if not 0 <= grade <= JUDGE_GRADE_MAX:
            raise ScoringInputError(f"the judge grade for {field} is not within 0–100")
        return grade
