"""How alike every reference item is to every candidate item of a list.

Lists are scored as sets, so each reference item must be tried against each
candidate item before the best one-to-one pairing is chosen. The matrices
here give, for every pair, what the ladder would give it without a judge
(``Ladder.compare(..., cheap=True)``), computed in bulk: one matrix product
for all the cosines, identities compared as integer codes. Lists of scalars
and lists of flat objects take the bulk path; anything else (nested
containers, mixed items) is compared pair by pair with the same rules.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured.inputs import Matrix
from casebook.domain.structured.ladder import Ladder
from casebook.domain.structured.values import SCALAR_TYPES, Scalar, read_item, unit_count


@dataclass(frozen=True, slots=True)
class PairScores:
    """Per pair (reference row, candidate column) of a list.

    ``credit`` is the credited units the pair would bring; ``quality`` its
    score from 0 to 1 (decides whether the two are the same item);
    ``tie_break`` orders pairs the ladder gives equal credit (cosine,
    numeric closeness). ``reference_units``/``candidate_units`` count each
    item's units.
    """

    credit: Matrix
    quality: Matrix
    tie_break: Matrix
    reference_units: Matrix
    candidate_units: Matrix


PairCompare = Callable[[JSONValue, JSONValue], tuple[float, float]]


def pair_scores(
    references: Sequence[JSONValue],
    candidates: Sequence[JSONValue],
    ladder: Ladder,
    compare_pair: PairCompare,
) -> PairScores:
    """``compare_pair(reference, candidate)`` returns (credit, quality) for the slow path."""
    if _all_scalars(references) and _all_scalars(candidates):
        return _scalar_items(references, candidates, ladder)
    if _all_flat_objects(references) and _all_flat_objects(candidates):
        return _flat_object_items(references, candidates, ladder)
    return _item_by_item(references, candidates, compare_pair)


def scalar_credit(
    references: Sequence[Scalar],
    candidates: Sequence[Scalar],
    ladder: Ladder,
    *,
    numbers_tie_break: bool = True,
) -> tuple[Matrix, Matrix]:
    """(credit, tie_break) of every pair of scalars, as ``Ladder.compare`` cheap would give.

    Numbers need a tie-break only when a judge will grade them: without one a
    non-identical number earns nothing whichever it is paired with.
    """
    shape = (len(references), len(candidates))
    credit = np.zeros(shape)
    tie_break = np.zeros(shape)
    _texts(references, candidates, ladder, credit, tie_break)
    if ladder.embeddings.planning:
        # Only the texts to embed are wanted, and asking for the cosines listed them.
        return credit, tie_break
    codes: dict[object, int] = {}
    reference_codes = np.array([codes.setdefault(s.identity, len(codes)) for s in references])
    candidate_codes = np.array([codes.setdefault(s.identity, len(codes)) for s in candidates])
    exact = reference_codes[:, None] == candidate_codes[None, :]
    _dates(references, candidates, credit)
    if numbers_tie_break and ladder.judge is not None:
        _numbers(references, candidates, tie_break)
    credit[exact] = 1.0
    tie_break[exact] = 1.0
    return credit, tie_break


def _dates(references: Sequence[Scalar], candidates: Sequence[Scalar], credit: Matrix) -> None:
    rows = [i for i, s in enumerate(references) if s.day is not None]
    if not rows:
        return
    reference_days = np.array([_ordinal(references[i]) for i in rows])
    candidate_days = np.array([_ordinal(s) for s in candidates])
    credit[rows] = reference_days[:, None] == candidate_days[None, :]


def _ordinal(value: Scalar) -> int:
    return value.day.toordinal() if value.day is not None else -1


def _numbers(references: Sequence[Scalar], candidates: Sequence[Scalar], tie_break: Matrix) -> None:
    rows = [i for i, s in enumerate(references) if s.number is not None]
    columns = [j for j, s in enumerate(candidates) if s.number is not None]
    if not rows or not columns:
        return
    reference_numbers = np.array([references[i].number for i in rows], dtype=np.float64)
    candidate_numbers = np.array([candidates[j].number for j in columns], dtype=np.float64)
    tie_break[np.ix_(rows, columns)] = closeness_matrix(reference_numbers, candidate_numbers)


def closeness_matrix(references: Matrix, candidates: Matrix) -> Matrix:
    """1 − |a − b| / max(|a|, |b|) for every pair, within 0..1; 0 where undefined.

    Only orders pairs of non-identical numbers for the judge (equal numbers
    are exact anyway); it never becomes credit.
    """
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        largest = np.maximum(np.abs(references)[:, None], np.abs(candidates)[None, :])
        closeness = 1.0 - np.abs(references[:, None] - candidates[None, :]) / largest
    finite = np.nan_to_num(closeness, nan=0.0, posinf=0.0, neginf=0.0)
    bounded: Matrix = np.clip(finite, 0.0, 1.0)
    return bounded


def _texts(
    references: Sequence[Scalar],
    candidates: Sequence[Scalar],
    ladder: Ladder,
    credit: Matrix,
    tie_break: Matrix,
) -> None:
    rows = [i for i, s in enumerate(references) if s.kind == "text"]
    columns = [j for j, s in enumerate(candidates) if s.kind != "boolean"]
    if not rows or not columns:
        return
    cosine = ladder.embeddings.cosine_matrix(
        [references[i].text for i in rows], [candidates[j].text for j in columns]
    )
    free = np.array([references[i].free_text for i in rows])
    block = np.ix_(rows, columns)
    if cosine is not None:
        bounded = np.clip(cosine, 0.0, 1.0)
        short_match = (cosine >= ladder.threshold).astype(np.float64)
        credit[block] = np.where(free[:, None], bounded, short_match)
        tie_break[block] = np.where(free[:, None], bounded, cosine)
        return
    if ladder.embeddings.planning:
        return
    for row_index, i in enumerate(rows):
        if not free[row_index]:
            continue
        for j in columns:
            verdict = ladder.compare(references[i], candidates[j], "", cheap=True)
            credit[i, j] = tie_break[i, j] = verdict.credit


def _scalar_items(
    references: Sequence[JSONValue], candidates: Sequence[JSONValue], ladder: Ladder
) -> PairScores:
    credit, tie_break = scalar_credit(
        [read_item(v) for v in references],
        [read_item(v) for v in candidates],
        ladder,
    )
    ones_r, ones_c = np.ones(len(references)), np.ones(len(candidates))
    return PairScores(credit, credit, tie_break, ones_r, ones_c)


def _all_scalars(items: Sequence[JSONValue]) -> bool:
    return all(isinstance(item, SCALAR_TYPES) for item in items)


def _all_flat_objects(items: Sequence[JSONValue]) -> bool:
    for item in items:
        if not isinstance(item, dict):
            return False
        for value in item.values():
            if isinstance(value, dict | list):
                return False
    return True


def _flat_object_items(
    references: Sequence[JSONValue], candidates: Sequence[JSONValue], ladder: Ladder
) -> PairScores:
    reference_objects = [item for item in references if isinstance(item, dict)]
    candidate_objects = [item for item in candidates if isinstance(item, dict)]
    credit = np.zeros((len(references), len(candidates)))
    for key in dict.fromkeys(k for item in reference_objects for k in item):
        rows = [i for i, item in enumerate(reference_objects) if item.get(key) is not None]
        columns = [j for j, item in enumerate(candidate_objects) if item.get(key) is not None]
        if not rows or not columns:
            continue
        key_credit, _ = scalar_credit(
            [read_item(reference_objects[i][key]) for i in rows],
            [read_item(candidate_objects[j][key]) for j in columns],
            ladder,
            numbers_tie_break=False,
        )
        credit[np.ix_(rows, columns)] += key_credit
    reference_units = np.array([unit_count(item) for item in references], dtype=np.float64)
    candidate_units = np.array([unit_count(item) for item in candidates], dtype=np.float64)
    quality = f1_matrix(credit, reference_units, candidate_units)
    return PairScores(credit, quality, quality, reference_units, candidate_units)


def _item_by_item(
    references: Sequence[JSONValue], candidates: Sequence[JSONValue], compare_pair: PairCompare
) -> PairScores:
    credit = np.zeros((len(references), len(candidates)))
    quality = np.zeros_like(credit)
    for i, reference in enumerate(references):
        for j, candidate in enumerate(candidates):
            credit[i, j], quality[i, j] = compare_pair(reference, candidate)
    reference_units = np.array([unit_count(item) for item in references], dtype=np.float64)
    candidate_units = np.array([unit_count(item) for item in candidates], dtype=np.float64)
    return PairScores(credit, quality, quality, reference_units, candidate_units)


def f1_matrix(credit: Matrix, reference_units: Matrix, candidate_units: Matrix) -> Matrix:
    """Quality of every pair: 2·credit / (reference + candidate units); 1 when both are empty."""
    total = reference_units[:, None] + candidate_units[None, :]
    quality: Matrix = np.divide(2.0 * credit, total, out=np.ones_like(credit), where=total > 0)
    return quality
