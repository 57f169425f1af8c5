"""Walking a reference and a candidate together, field by field.

- **Objects recurse** key by key: a reference key the candidate lacks (or
  holds null) is **missing**, a candidate key the reference lacks is
  **extra**. Keys are matched exactly: they are the schema, not the answer.
- **Lists are sets**: order is ignored and each reference item is paired with
  at most one candidate item by an optimal assignment (the Hungarian method,
  ``scipy.optimize.linear_sum_assignment``) that maximises the credit kept,
  ties broken by similarity. Pairs below half credit are not the same item:
  the reference item is **missed** and the candidate item **hallucinated**.
  Items are paired on the ladder without the judge; the judge then grades
  only the pairs chosen, so it sees at most one pair per reference item.
  Null items hold nothing and are skipped.
- **Scalars** go up the ladder (``ladder.Ladder.compare``).
- Anything else — an object against a list, a list against a string — is a
  **type mismatch**: nothing of either side counts as found.
"""

from collections.abc import Sequence

import numpy as np

from casebook.domain.jsonvalue import JSONObject, JSONValue
from casebook.domain.structured.ladder import MATCH_CREDIT, Ladder
from casebook.domain.structured.matrices import PairScores, pair_scores
from casebook.domain.structured.result import ListMatch, ListResult
from casebook.domain.structured.tally import ROOT, At, Tally, join_path
from casebook.domain.structured.values import SCALAR_TYPES, read_scalar

# Small enough that no amount of similarity outweighs a unit of credit.
TIE_BREAK_WEIGHT = 1e-6

Items = Sequence[tuple[int, JSONValue]]


def compare_values(
    reference: JSONValue, candidate: JSONValue, at: At, tally: Tally, ladder: Ladder, cheap: bool
) -> None:
    """Add the comparison of two values to ``tally``.

    ``cheap`` compares as list items are paired: without the judge.
    """
    if reference is None:
        if candidate is None:
            tally.both_null(at)
        else:
            tally.extra_value(at.candidate, candidate)
    elif candidate is None:
        tally.missing_value(at.reference, reference)
    elif isinstance(reference, SCALAR_TYPES) and isinstance(candidate, SCALAR_TYPES):
        verdict = ladder.compare(
            read_scalar(reference), read_scalar(candidate), at.reference, cheap=cheap
        )
        tally.pair(at, reference, candidate, verdict)
    elif isinstance(reference, dict) and isinstance(candidate, dict):
        _compare_objects(reference, candidate, at, tally, ladder, cheap)
    elif isinstance(reference, list) and isinstance(candidate, list):
        _compare_lists(reference, candidate, at, tally, ladder, cheap)
    else:
        tally.type_mismatch(at, reference, candidate)


def _compare_objects(
    reference: JSONObject, candidate: JSONObject, at: At, tally: Tally, ladder: Ladder, cheap: bool
) -> None:
    # Paths are built inline: this loop runs for every field of every object.
    reference_prefix = f"{at.reference}." if at.reference else ""
    candidate_prefix = f"{at.candidate}." if at.candidate else ""
    for key, value in reference.items():
        here = At(reference_prefix + key, candidate_prefix + key)
        compare_values(value, candidate.get(key), here, tally, ladder, cheap)
    for key, value in candidate.items():
        if key not in reference and value is not None:
            tally.extra_value(candidate_prefix + key, value)


def _compare_lists(
    reference: list[JSONValue],
    candidate: list[JSONValue],
    at: At,
    tally: Tally,
    ladder: Ladder,
    cheap: bool,
) -> None:
    references = [(i, item) for i, item in enumerate(reference) if item is not None]
    candidates = [(j, item) for j, item in enumerate(candidate) if item is not None]
    if not references or not candidates:
        _unpaired(references, candidates, at, tally)
        return
    if not cheap and ladder.listing_judge_pairs and not _may_judge_any(reference):
        # Nothing here can reach the judge. (Pairing items must not skip: it decides pairs.)
        return
    scores = pair_scores(
        [item for _, item in references],
        [item for _, item in candidates],
        ladder,
        lambda one, other: _cheap_pair(one, other, ladder),
    )
    if ladder.embeddings.planning:
        # Pairing every item asked for every text the list needs; nothing after can ask more,
        # and while planning texts no pairing is kept.
        return
    partner = _assign(scores)
    if cheap:
        _tally_cheap(tally, scores, partner)
    else:
        _tally_pairs(references, candidates, partner, at, tally, ladder)


def _assign(scores: PairScores) -> dict[int, int]:
    """The optimal one-to-one pairing, as reference row → candidate column."""
    # Imported here: scipy.optimize takes about 0.4 s to import, which every API process,
    # worker and command would pay at start, most of them never comparing a list.
    from scipy.optimize import linear_sum_assignment

    kept = np.where(scores.quality >= MATCH_CREDIT, scores.credit, 0.0)
    rows, columns = linear_sum_assignment(kept + TIE_BREAK_WEIGHT * scores.tie_break, maximize=True)
    return dict(zip(rows.tolist(), columns.tolist(), strict=True))


def _tally_cheap(tally: Tally, scores: PairScores, partner: dict[int, int]) -> None:
    for row, column in partner.items():
        if scores.quality[row, column] >= MATCH_CREDIT:
            tally.credit += float(scores.credit[row, column])
    tally.reference_units += int(scores.reference_units.sum())
    tally.candidate_units += int(scores.candidate_units.sum())


def _tally_pairs(
    references: Items,
    candidates: Items,
    partner: dict[int, int],
    at: At,
    tally: Tally,
    ladder: Ladder,
) -> None:
    matched: list[ListMatch] = []
    missed: list[int] = []
    kept_columns: set[int] = set()
    for row, (i, item) in enumerate(references):
        column = partner.get(row)
        if column is not None:
            j, candidate_item = candidates[column]
            similarity = _keep_pair(item, candidate_item, at.items(i, j), tally, ladder)
            if similarity is not None:
                matched.append(ListMatch(i, j, similarity))
                kept_columns.add(column)
                continue
        missed.append(i)
        tally.missing_value(join_path(at.reference, i), item)
    hallucinated: list[int] = []
    for column, (j, item) in enumerate(candidates):
        if column not in kept_columns:
            hallucinated.append(j)
            tally.extra_value(join_path(at.candidate, j), item)
    if tally.keep_rows:
        tally.lists.append(
            ListResult(
                at.reference, at.candidate, tuple(matched), tuple(missed), tuple(hallucinated)
            )
        )


def _keep_pair(
    reference: JSONValue, candidate: JSONValue, at: At, tally: Tally, ladder: Ladder
) -> float | None:
    """Add the pair to the tally if it is the same item; its similarity, or None if not."""
    if isinstance(reference, SCALAR_TYPES) and isinstance(candidate, SCALAR_TYPES):
        verdict = ladder.compare(
            read_scalar(reference), read_scalar(candidate), at.reference, cheap=False
        )
        if not verdict.matched:
            return None
        tally.pair(at, reference, candidate, verdict)
        return verdict.credit
    if ladder.listing_judge_pairs:
        # Only the judge requests this walk makes matter, not whether the pair is kept.
        compare_values(reference, candidate, at, tally, ladder, cheap=False)
        return None
    pair = Tally(keep_rows=tally.keep_rows)
    compare_values(reference, candidate, at, pair, ladder, cheap=False)
    if pair.quality < MATCH_CREDIT:
        return None
    tally.absorb(pair)
    return pair.quality


def _unpaired(references: Items, candidates: Items, at: At, tally: Tally) -> None:
    for i, item in references:
        tally.missing_value(join_path(at.reference, i), item)
    for j, item in candidates:
        tally.extra_value(join_path(at.candidate, j), item)
    if tally.keep_rows:
        tally.lists.append(
            ListResult(
                at.reference,
                at.candidate,
                (),
                tuple(i for i, _ in references),
                tuple(j for j, _ in candidates),
            )
        )


def _may_judge_any(value: JSONValue) -> bool:
    if isinstance(value, dict):
        return any(_may_judge_any(member) for member in value.values())
    if isinstance(value, list):
        return any(_may_judge_any(member) for member in value)
    return value is not None and Ladder.may_judge(read_scalar(value))


def _cheap_pair(reference: JSONValue, candidate: JSONValue, ladder: Ladder) -> tuple[float, float]:
    pair = Tally(keep_rows=False)
    compare_values(reference, candidate, ROOT, pair, ladder, cheap=True)
    return pair.credit, pair.quality
