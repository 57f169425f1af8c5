"""A case's outcome from its scorers' results (spec: "Grading").

"A case passes when every scorer marked Must pass passes, and fails when one
of them fails. When one of them reached no verdict ... the case is not
graded." Precedence when Must pass scorers disagree: **fail beats not
graded** - a failed Must pass scorer already decides the case whatever the
scorer without a verdict would have said - and not graded beats pass.

Only the scorers that applied to the case are given. A scorer not marked Must
pass never changes the outcome, and when none marked Must pass applied the
case passes, as the rule reads ("every scorer marked Must pass passes"); the
reason says so. ``without_verdict`` lists every scorer that reached no
verdict, Must pass or not: Score again grades such a score anew, and leaves
one every scorer reached a verdict on as it is.
"""

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal, get_args

from casebook.domain.grading.results import ScorerResult
from casebook.domain.jsonvalue import JSONObject

OutcomeStatus = Literal["pass", "fail", "not_graded"]
OUTCOME_STATUSES: tuple[str, ...] = get_args(OutcomeStatus)


@dataclass(frozen=True, slots=True)
class Outcome:
    status: OutcomeStatus
    reason: str
    without_verdict: tuple[str, ...] = ()

    @property
    def may_score_again(self) -> bool:
        return bool(self.without_verdict)

    def to_json(self) -> JSONObject:
        return {
            "status": self.status,
            "reason": self.reason,
            "without_verdict": list(self.without_verdict),
        }


def _named(results: Mapping[str, ScorerResult], names: list[str]) -> str:
    return "; ".join(f"{name}: {results[name].reason}" for name in names)


def decide_outcome(
    scorer_results: Mapping[str, ScorerResult], must_pass: Collection[str]
) -> Outcome:
    """``scorer_results`` by scorer name; ``must_pass`` the names marked Must pass."""
    deciding = [name for name in scorer_results if name in must_pass]
    failed = [name for name in deciding if scorer_results[name].status == "fail"]
    undecided = [name for name in deciding if scorer_results[name].status == "error"]
    without_verdict = tuple(
        name for name, result in scorer_results.items() if not result.reached_verdict
    )
    if failed:
        return Outcome("fail", f"failed - {_named(scorer_results, failed)}", without_verdict)
    if undecided:
        reason = f"not graded, no verdict - {_named(scorer_results, undecided)}"
        return Outcome("not_graded", reason, without_verdict)
    if not deciding:
        return Outcome(
            "pass", "passed: no scorer marked Must pass applies to this case", without_verdict
        )
    return Outcome("pass", f"passed - {', '.join(deciding)}", without_verdict)
