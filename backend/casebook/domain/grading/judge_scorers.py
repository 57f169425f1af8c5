"""The judge's grades as the Judge and Reference answer scorers' results.

One judge run grades every criterion of a case (``judge_criteria``); each
criterion belongs to one scorer, and a scorer's result combines its own:
fail when one failed, no verdict when one reached none, pass otherwise. Its
score is the mean of its graded criteria on 0..1 (grade 1 is 0, the top of
the scale is 1), and its reason names the criteria that failed or reached no
verdict, with the judge's rule. Parts keep each criterion's finding.
"""

from collections.abc import Sequence

from casebook.domain.grading.judge_verdict import CriterionGrade, JudgeVerdict
from casebook.domain.grading.results import ScorerCheckResult, ScorerResult

SHOWN_RULE_CHARS = 300


def _part(grade: CriterionGrade) -> ScorerCheckResult:
    reason = grade.reason
    if grade.rule:
        reason = f"{reason}: {grade.rule[:SHOWN_RULE_CHARS]}"
    return ScorerCheckResult("criterion", grade.status, reason, grade.criterion.id)


def _describe(parts: Sequence[ScorerCheckResult]) -> str:
    """Criteria sharing a reason (a verdict that could not be read) are named together."""
    by_reason: dict[str, list[str]] = {}
    for part in parts:
        by_reason.setdefault(part.reason, []).append(part.source)
    return "; ".join(f"{', '.join(sources)} - {reason}" for reason, sources in by_reason.items())


def _combine(grades: Sequence[CriterionGrade], skipped: bool) -> ScorerResult:
    parts = tuple(_part(grade) for grade in grades)
    failed = [part for part in parts if part.status == "fail"]
    errored = [part for part in parts if part.status == "error"]
    scores = [grade.score for grade in grades if grade.score is not None]
    if failed:
        reason = f"failed: {_describe(failed)}"
        if errored:
            reason += f"; no verdict: {_describe(errored)}"
        return ScorerResult("fail", sum(scores) / len(scores), reason, parts)
    if errored:
        return ScorerResult("error", None, f"no verdict: {_describe(errored)}", parts, skipped)
    noun = "criterion" if len(parts) == 1 else "criteria"
    return ScorerResult("pass", sum(scores) / len(scores), f"{len(parts)} {noun} passed", parts)


def judge_scorer_results(verdict: JudgeVerdict) -> dict[str, ScorerResult]:
    """Results by scorer name (``judge``, ``reference``) for the scorers the run graded for."""
    by_scorer: dict[str, list[CriterionGrade]] = {}
    for grade in verdict.grades:
        by_scorer.setdefault(grade.criterion.scorer, []).append(grade)
    return {scorer: _combine(grades, verdict.skipped) for scorer, grades in by_scorer.items()}
