"""An eval run's statuses, its progress, and when it should end (the ETA)."""

from dataclasses import dataclass

QUEUED, RUNNING, CONFIRMING = "queued", "running", "confirming"
FINISHED, FAILED, CANCELLED = "finished", "failed", "cancelled"
STATUSES = (QUEUED, RUNNING, CONFIRMING, FINISHED, FAILED, CANCELLED)
ACTIVE = (QUEUED, RUNNING, CONFIRMING)
TERMINAL = (FINISHED, FAILED, CANCELLED)

# A work item: waiting, held by a worker asking the agent, answer stored, graded, or
# dropped because the run stopped before it was asked.
PENDING, ANSWERING, ANSWERED, SCORED, DROPPED = (
    "pending",
    "answering",
    "answered",
    "scored",
    "dropped",
)
ANSWER, CONFIRM = "answer", "confirm"


@dataclass(frozen=True, slots=True)
class Counts:
    total: int
    answered: int
    scored: int


def eta_seconds(counts: Counts, status: str, elapsed_seconds: float) -> float | None:
    """Seconds left at the pace so far; None before the first answer and once it ended."""
    if status in TERMINAL or counts.scored <= 0 or elapsed_seconds < 0:
        return None
    left = max(0, counts.total - counts.scored)
    return round(elapsed_seconds / counts.scored * left, 3)


def budget_spent(budget_usd: float | None, cost_usd: float) -> bool:
    return budget_usd is not None and cost_usd >= budget_usd


def budget_reason(budget_usd: float, cost_usd: float) -> str:
    return (
        f"stopped: the run's budget of ${budget_usd:,.2f} was spent "
        f"(${cost_usd:,.4f} so far); answers already given are kept"
    )
