"""One answer's score against one case: every applicable scorer, then the outcome.

The caller runs the judge when ``needs_judge`` says so and hands its verdict
in (``parse_verdict``, or ``verdict_not_reached`` when the judge gave none);
a scorer another module owns hands its result in by name. The score keeps a
copy of the configuration it was computed with and, when the judge took
part, the judge's pins - whether it graded or failed.
"""

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from casebook.domain.cases.model import CaseContent
from casebook.domain.checks.evaluate import score_checks
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.applicability import require_applicable_scorers
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.judge_criteria import judge_criteria
from casebook.domain.grading.judge_pins import JudgePins, judge_pins
from casebook.domain.grading.judge_scorers import judge_scorer_results
from casebook.domain.grading.judge_verdict import JudgeVerdict
from casebook.domain.grading.outcome import Outcome, decide_outcome
from casebook.domain.grading.results import ScorerResult, no_verdict
from casebook.domain.grading.tool_calls import match_tool_calls
from casebook.domain.jsonvalue import JSONObject

JUDGE_RUN_SCORERS = ("judge", "reference")


def needs_judge(config: ScoringConfig, case: CaseContent) -> bool:
    return bool(judge_criteria(config, case))


@dataclass(frozen=True, slots=True)
class CaseScore:
    results: Mapping[str, ScorerResult]
    outcome: Outcome
    config: JSONObject
    pins: JudgePins | None
    verdict: JudgeVerdict | None

    def to_json(self) -> JSONObject:
        return {
            "results": {name: result.to_json() for name, result in self.results.items()},
            "outcome": self.outcome.to_json(),
            "config": self.config,
            "pins": self.pins.to_json() if self.pins else None,
            "verdict": self.verdict.to_json() if self.verdict else None,
        }


def grade_scorers(
    config: ScoringConfig,
    case: CaseContent,
    answer: AnswerUnderTest,
    scorers: Collection[str],
    *,
    verdict: JudgeVerdict | None = None,
    extension_results: Mapping[str, ScorerResult] | None = None,
) -> dict[str, ScorerResult]:
    """The results of the named scorers, each of which applies to the case.

    Raises ``ValueError`` when one of them is graded by the judge run and no
    verdict was handed in."""
    results: dict[str, ScorerResult] = {}
    if "checks" in scorers:
        results["checks"] = score_checks(case.checks, config.checks.default_checks, answer)
    if "tool_calls" in scorers:
        results["tool_calls"] = match_tool_calls(
            case.expected_tool_calls, case.order_mode, answer.tool_calls
        )
    if any(name in scorers for name in JUDGE_RUN_SCORERS):
        if verdict is None:
            raise ValueError("the judge grades this case: hand in its verdict")
        results.update(
            (name, result)
            for name, result in judge_scorer_results(verdict).items()
            if name in scorers
        )
    extension_results = extension_results or {}
    for name in scorers:
        if name in config.extensions:
            results[name] = extension_results.get(name) or no_verdict(f"{name} gave no result")
    return results


def score_case(
    config: ScoringConfig,
    case: CaseContent,
    answer: AnswerUnderTest,
    *,
    verdict: JudgeVerdict | None = None,
    extension_results: Mapping[str, ScorerResult] | None = None,
) -> CaseScore:
    """Raises ``NothingToGrade`` when no configured scorer has anything to check on the case,
    and ``ValueError`` when the judge had criteria to grade and no verdict was handed in."""
    scorers = require_applicable_scorers(config, case)
    results = grade_scorers(
        config, case, answer, scorers, verdict=verdict, extension_results=extension_results
    )
    judged = any(name in scorers for name in JUDGE_RUN_SCORERS)
    return CaseScore(
        results=results,
        outcome=decide_outcome(results, config.must_pass_scorers()),
        config=config.to_json(),
        pins=judge_pins(config.judge) if judged else None,
        verdict=verdict if judged else None,
    )
