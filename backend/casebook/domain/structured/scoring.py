"""Scoring one answer against its reference, in the order the service runs it.

The domain does no I/O, so the work the models do is asked for and handed back:

1. ``plan_comparison(reference, candidate, settings)`` → the texts to embed,
   reference texts apart from candidate texts (cache the reference's by
   ``content_hash``). Embed them all in **one** request, or skip this when
   there is no embedding model.
2. ``plan_judge(reference, candidate, settings, embeddings)`` → the pairs the
   judge must grade, only when the dataset has a judge. Which pairs those are
   depends on the embeddings: list items are paired on the cheaper rungs
   first, and the judge grades only the pairs chosen. Grade them in **one**
   batched call, keyed by ``JudgeRequest.key``.
3. ``score_structured(reference, candidate, settings, embeddings, grades)``
   → the ``StructuredScore``.

``embeddings`` None means there is no embedding model: text falls back to
exact matching and the score says so. Whether there is a judge is the
dataset's setting (``judge_model``), never the caller's choice per run, so
every answer is scored the same way; with a judge, every listed pair must be
graded (a run whose judge failed is not graded at all).
"""

from collections.abc import Mapping
from dataclasses import dataclass

from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured.inputs import (
    Embeddings,
    Judge,
    JudgeRequest,
    ScoringInputError,
    Vector,
)
from casebook.domain.structured.ladder import Ladder
from casebook.domain.structured.result import EXACT_ONLY_NOTICE, StructuredScore, quality
from casebook.domain.structured.settings import StructuredSettings
from casebook.domain.structured.tally import ROOT, Tally
from casebook.domain.structured.walk import compare_values


@dataclass(frozen=True, slots=True)
class ComparisonPlan:
    """The texts to embed; a text in both is listed once, as a reference text."""

    reference_texts: tuple[str, ...]
    candidate_texts: tuple[str, ...]

    @property
    def texts(self) -> tuple[str, ...]:
        return self.reference_texts + self.candidate_texts


def plan_comparison(
    reference: JSONValue, candidate: JSONValue, settings: StructuredSettings
) -> ComparisonPlan:
    embeddings = Embeddings(None, planning=True)
    judge = Judge(None, planning=True) if settings.judge_model else None
    _walk(reference, candidate, settings, embeddings, judge, keep_rows=False)
    reference_texts = tuple(embeddings.reference_texts)
    candidate_texts = tuple(
        text for text in embeddings.candidate_texts if text not in embeddings.reference_texts
    )
    return ComparisonPlan(reference_texts, candidate_texts)


def plan_judge(
    reference: JSONValue,
    candidate: JSONValue,
    settings: StructuredSettings,
    embeddings: Mapping[str, Vector] | None,
) -> tuple[JudgeRequest, ...]:
    """The pairs to grade, in walking order; empty when the dataset has no judge."""
    if settings.judge_model is None:
        return ()
    judge = Judge(None, planning=True)
    _walk(reference, candidate, settings, Embeddings(embeddings), judge, keep_rows=False)
    return tuple(judge.requests.values())


def score_structured(
    reference: JSONValue,
    candidate: JSONValue,
    settings: StructuredSettings,
    embeddings: Mapping[str, Vector] | None,
    judge_grades: Mapping[str, int] | None,
) -> StructuredScore:
    """Raises ``ScoringInputError`` when an embedding or grade the plans listed is missing."""
    if settings.judge_model is None and judge_grades:
        raise ScoringInputError("judge grades were given but the dataset has no judge")
    judge = Judge(judge_grades) if settings.judge_model else None
    tally = _walk(reference, candidate, settings, Embeddings(embeddings), judge, keep_rows=True)
    fell_back = embeddings is None
    completeness, correctness = tally.completeness, tally.correctness
    overall = quality(completeness, correctness)
    return StructuredScore(
        completeness=completeness,
        correctness=correctness,
        quality=overall,
        passed=overall >= settings.pass_at,
        fields=tuple(tally.rows),
        lists=tuple(tally.lists),
        fell_back_to_exact=fell_back,
        notices=(EXACT_ONLY_NOTICE,) if fell_back else (),
    )


def _walk(
    reference: JSONValue,
    candidate: JSONValue,
    settings: StructuredSettings,
    embeddings: Embeddings,
    judge: Judge | None,
    *,
    keep_rows: bool,
) -> Tally:
    ladder = Ladder(settings.embedding_threshold, embeddings, judge)
    tally = Tally(keep_rows=keep_rows)
    compare_values(reference, candidate, ROOT, tally, ladder, cheap=False)
    return tally
