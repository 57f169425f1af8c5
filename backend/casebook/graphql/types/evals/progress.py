"""An eval run's progress: what the run's channel carries, as the API shows it."""

from typing import Any

import strawberry
from strawberry import relay

from casebook.graphql.ids import encode_id
from casebook.graphql.types.evals.enums import EvalRunStatus


@strawberry.type(
    name="EvalProgress",
    description="How far an eval run is: answers given and graded, outcomes, cost so far "
    "(agents and judge), the time left at the pace so far, and the event's sequence.",
)
class EvalProgressType:
    run_id: relay.GlobalID
    status: EvalRunStatus
    status_reason: str | None
    total: int = strawberry.field(description="Work items: cases × agents × repetitions.")
    answered: int
    scored: int
    passed: int
    failed: int
    not_graded: int
    cost_usd: float = strawberry.field(description="Agents and judge so far, in USD.")
    eta_seconds: float | None = strawberry.field(
        description="Null until something is graded, and once the run has ended."
    )
    sequence: int = strawberry.field(
        description="Increases by one with each published progress event of this run."
    )

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> "EvalProgressType":
        """From the payload of ``eval-run:<id>`` (or ``evals.runs.progress_of``)."""
        return cls(
            run_id=encode_id("EvalRun", int(payload["run_id"])),
            status=EvalRunStatus(payload["status"]),
            status_reason=payload.get("status_reason"),
            total=int(payload["total"]),
            answered=int(payload["answered"]),
            scored=int(payload["scored"]),
            passed=int(payload["passed"]),
            failed=int(payload["failed"]),
            not_graded=int(payload["not_graded"]),
            cost_usd=float(payload["cost_usd"]),
            eta_seconds=payload.get("eta_seconds"),
            sequence=int(payload["sequence"]),
        )
