"""What a scorer returns (spec: "Each scorer returns pass or fail, a score from 0
to 1 and a reason"), plus ``error`` for a scorer that reached no verdict.

Every result serializes with ``to_json`` so a score can keep its own copy.
"""

from dataclasses import dataclass
from typing import Literal, get_args

from casebook.domain.errors import DomainError
from casebook.domain.jsonvalue import JSONObject

Status = Literal["pass", "fail", "error"]
STATUSES: tuple[str, ...] = get_args(Status)


@dataclass(frozen=True, slots=True)
class ScorerCheckResult:
    """One part of a scorer's finding: a check, or a criterion the judge graded.

    ``source`` names it the way errors name fields (``checks.2``,
    ``default_checks.0``) or by criterion id; ``kind`` is the check type or
    ``criterion``.
    """

    kind: str
    status: Status
    reason: str
    source: str = ""

    def to_json(self) -> JSONObject:
        return {
            "kind": self.kind,
            "status": self.status,
            "reason": self.reason,
            "source": self.source,
        }


@dataclass(frozen=True, slots=True)
class ScorerResult:
    """``score`` is ``None`` exactly when ``status`` is ``error`` (no verdict).

    ``skipped`` tells a scorer that never ran (the judge switched off, without
    a model, its budget spent) from one that ran and failed with an error: an
    eval run sends the second to review, while the first waits to be scored
    again (spec: "Review").
    """

    status: Status
    score: float | None
    reason: str
    parts: tuple[ScorerCheckResult, ...] = ()
    skipped: bool = False

    def __post_init__(self) -> None:
        if (self.score is None) != (self.status == "error"):
            raise ValueError("a score goes with a verdict, and only with one")
        if self.skipped and self.status != "error":
            raise ValueError("a skipped scorer reached no verdict")
        if self.score is not None and not 0.0 <= self.score <= 1.0:
            raise ValueError("a score lies between 0 and 1")

    @property
    def reached_verdict(self) -> bool:
        return self.status != "error"

    def to_json(self) -> JSONObject:
        return {
            "status": self.status,
            "score": self.score,
            "reason": self.reason,
            "parts": [part.to_json() for part in self.parts],
            "skipped": self.skipped,
        }


def no_verdict(reason: str) -> ScorerResult:
    return ScorerResult(status="error", score=None, reason=reason)


class NothingToGrade(DomainError):
    """A scorer, or every configured scorer, has nothing to check on this case.

    The spec refuses such a score: nothing is kept and the judge is not called.
    """
