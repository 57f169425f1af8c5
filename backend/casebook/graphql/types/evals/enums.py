"""An eval run's status."""

from enum import Enum

import strawberry


@strawberry.enum(
    name="EvalRunStatus",
    description="QUEUED until a worker takes it; RUNNING while it answers and grades; "
    "CONFIRMING while it reruns flipped cases; then FINISHED, FAILED (statusReason says why: "
    "a spent budget, an agent deleted…) or CANCELLED.",
)
class EvalRunStatus(Enum):
    QUEUED = "queued"
    RUNNING = "running"
    CONFIRMING = "confirming"
    FINISHED = "finished"
    FAILED = "failed"
    CANCELLED = "cancelled"
