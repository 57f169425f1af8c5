"""What a dataset sends to review of its own accord (spec: "Review"; issue 13).

- **Review by a person**: "A score asked for by hand from Activity follows the
  dataset's Review by a person setting: nothing until somebody sends one, every result
  that did not pass, or every result."
- **Low confidence** (judge trust): when switched on, a verdict the judge was least sure
  of is sent too - a criterion graded exactly at the pass mark (one grade lower and it
  would have failed), or repetitions of the same case and agent in one run that do not
  agree (one passed, another failed).
"""

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any

from casebook.domain.review.queue import SentBy


class ReviewByPerson(StrEnum):
    NOTHING = "nothing"
    NOT_PASSED = "not_passed"
    EVERY = "every"


def sent_by_setting(setting: ReviewByPerson, outcome: str) -> bool:
    if setting is ReviewByPerson.EVERY:
        return True
    if setting is ReviewByPerson.NOT_PASSED:
        return outcome != "pass"
    return False


def graded_at_pass_mark(verdict: Mapping[str, Any] | None, pass_at: int) -> bool:
    """A criterion the judge graded exactly at the pass mark (a pass by one grade)."""
    if not verdict:
        return False
    return any(
        grade.get("status") == "pass" and grade.get("grade") == pass_at
        for grade in verdict.get("grades") or []
        if isinstance(grade, Mapping)
    )


def repetitions_disagree(outcomes: Iterable[str]) -> bool:
    """Graded repetitions of one case and agent that did not all reach the same verdict."""
    graded = {outcome for outcome in outcomes if outcome in ("pass", "fail")}
    return len(graded) > 1


def low_confidence(
    verdict: Mapping[str, Any] | None, pass_at: int, repetition_outcomes: Iterable[str]
) -> bool:
    return graded_at_pass_mark(verdict, pass_at) or repetitions_disagree(repetition_outcomes)


def automatic_sending(
    setting: ReviewByPerson,
    route_low_confidence: bool,
    outcome: str,
    *,
    verdict: Mapping[str, Any] | None,
    pass_at: int,
    repetition_outcomes: Iterable[str] = (),
) -> SentBy | None:
    """Why a score asked for by hand goes to review, or None: the setting first, then the
    low-confidence routing."""
    if sent_by_setting(setting, outcome):
        return SentBy.SETTING
    if route_low_confidence and low_confidence(verdict, pass_at, repetition_outcomes):
        return SentBy.LOW_CONFIDENCE
    return None
