"""Score again (spec: "The judge"): the same answer graded anew, with the configuration
it was first graded with.

"The agent does not run again ... one every scorer reached a verdict on is left
as it is." A score is graded again only for the scorers that reached no
verdict; the others keep their result. The judge and reference answer scorers
share one judge run, so when either reached no verdict the run is made again
and both take its grades: one verdict backs both.

"A score is pinned whether its judge graded or failed, so a failed one is held
to the version and prompt it failed with." Grading again is refused, and
nothing is graded, when the judge that would grade now is not the one pinned:

- **pinned to an earlier judge prompt**: the helper identity or task version
  the score holds is not the code's any more;
- **judge configuration changed since the failure**: the dataset's judge now
  names another model, rubric or instructions than the score was pinned to.

**A model to call is the cause being fixed, not a new judge.** "Once the cause
is fixed, Score again ... grades the same answer anew": a score left not
graded because its judge had no model it could call - none chosen, its
connection deleted, the model no longer on it - is graded by the model the
dataset's judge names now (``with_judge_model_of``), with the rest of the
configuration it was first graded with; the model is then no reason to
refuse. A cause still there - no model now either - is refused as it stands.

**Stale structured results are the exception** (spec: structured-scoring, "A
reference is required"): once the case's reference or the dataset's structured
configuration changed, a structured result is *stale* until scored again, so
Score again grades it anew even though it reached a verdict - with the
current reference and structured settings, never the ones it is stale
against. Its result is handed in by name, like any further scorer's; the
other scorers keep their results and their configuration copy.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import cast

from casebook.domain.cases.model import CaseContent
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.case_score import JUDGE_RUN_SCORERS, CaseScore, grade_scorers
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.judge_pins import JudgePins, judge_pins
from casebook.domain.grading.judge_verdict import JudgeVerdict
from casebook.domain.grading.outcome import decide_outcome
from casebook.domain.grading.results import STATUSES, ScorerCheckResult, ScorerResult, Status
from casebook.domain.jsonvalue import JSONObject, JSONValue


def _status(value: JSONValue) -> Status:
    if value not in STATUSES:
        raise ValueError(f"a stored result has no status it could have: {value!r}")
    return cast(Status, value)


def _text(value: JSONValue) -> str:
    return value if isinstance(value, str) else ""


def scorer_result_from_json(document: JSONObject) -> ScorerResult:
    """A result as ``ScorerResult.to_json`` stored it."""
    score = document.get("score")
    parts = document.get("parts")
    return ScorerResult(
        status=_status(document.get("status")),
        score=float(score) if isinstance(score, int | float) else None,
        reason=_text(document.get("reason")),
        parts=tuple(
            ScorerCheckResult(
                _text(part.get("kind")),
                _status(part.get("status")),
                _text(part.get("reason")),
                _text(part.get("source")),
            )
            for part in (parts if isinstance(parts, list) else [])
            if isinstance(part, dict)
        ),
        skipped=document.get("skipped") is True,
    )


def pins_from_json(document: JSONObject | None) -> JudgePins | None:
    if document is None:
        return None
    model = document.get("model")
    return JudgePins(
        model=model if isinstance(model, str) else None,
        helper=_text(document.get("helper")),
        task_version=_text(document.get("task_version")),
        rubric_hash=_text(document.get("rubric_hash")),
        instruction_hash=_text(document.get("instruction_hash")),
    )


def scorers_to_grade_again(
    previous: Mapping[str, ScorerResult], stale: Collection[str] = ()
) -> tuple[str, ...]:
    """The scorers graded again, in the score's order: those without a verdict and those
    ``stale``; empty when every one reached a verdict and none is stale."""
    missing = {name for name, result in previous.items() if not result.reached_verdict}
    missing |= set(stale) & previous.keys()
    if missing & set(JUDGE_RUN_SCORERS):
        missing |= set(JUDGE_RUN_SCORERS) & previous.keys()
    return tuple(name for name in previous if name in missing)


def needs_judge_again(scorers: Sequence[str]) -> bool:
    return any(name in JUDGE_RUN_SCORERS for name in scorers)


def with_judge_model_of(kept: ScoringConfig, now: ScoringConfig) -> ScoringConfig:
    """The configuration the score kept, its judge calling the model the dataset names now."""
    judge = replace(
        kept.judge, model_connection_id=now.judge.model_connection_id, model=now.judge.model
    )
    return replace(kept, judge=judge)


def _changed_pins(pinned: JudgePins, now: JudgePins, *, model_replaced: bool) -> list[str]:
    changed = []
    if pinned.model != now.model and not model_replaced:
        changed.append("its model")
    if pinned.rubric_hash != now.rubric_hash:
        changed.append("its criteria, scale or pass mark")
    if pinned.instruction_hash != now.instruction_hash:
        changed.append("its instructions")
    return changed


def refusal_to_grade_again(
    pinned: JudgePins | None, judge_now: JudgePins, *, model_replaced: bool = False
) -> str | None:
    """Why the judge may not grade the score again, or ``None``.

    ``pinned`` is what the score holds (``None`` when the judge took no part);
    ``judge_now`` the pins of the dataset's judge as it is configured now;
    ``model_replaced`` when the score's judge had no model it could call, so the
    model named now grades it (``with_judge_model_of``)."""
    if pinned is None:
        return None
    if (pinned.helper, pinned.task_version) != (judge_now.helper, judge_now.task_version):
        return (
            f"the score is pinned to an earlier judge prompt ({pinned.task_version or 'unknown'}, "
            f"now {judge_now.task_version}); its grade would not compare with the rest"
        )
    changed = _changed_pins(pinned, judge_now, model_replaced=model_replaced)
    if changed:
        return (
            f"the dataset's judge configuration changed since this score failed "
            f"({', '.join(changed)}); a failed score is held to the judge it failed with"
        )
    return None


def score_again(
    config: ScoringConfig,
    case: CaseContent,
    answer: AnswerUnderTest,
    previous: Mapping[str, ScorerResult],
    *,
    verdict: JudgeVerdict | None = None,
    extension_results: Mapping[str, ScorerResult] | None = None,
    stale: Collection[str] = (),
) -> CaseScore:
    """The score with its scorers without a verdict, and its ``stale`` ones, graded anew.

    ``config`` is the copy the score kept (with the structured section it is
    graded with now, ``structured_scorer.with_structured_of``), ``case`` the
    revision it was graded against, ``previous`` its results by scorer. Hand
    in the judge's new verdict when ``needs_judge_again``, and the further
    scorers' new results by name; the returned ``verdict`` is ``None`` when the
    judge did not grade again, and the score keeps its old one."""
    again = scorers_to_grade_again(previous, stale)
    fresh = grade_scorers(
        config, case, answer, again, verdict=verdict, extension_results=extension_results
    )
    results = {name: fresh.get(name, result) for name, result in previous.items()}
    judged_again = needs_judge_again(again)
    judge_took_part = any(name in JUDGE_RUN_SCORERS for name in results)
    return CaseScore(
        results=results,
        outcome=decide_outcome(results, config.must_pass_scorers()),
        config=config.to_json(),
        pins=judge_pins(config.judge) if judge_took_part else None,
        verdict=verdict if judged_again else None,
    )
