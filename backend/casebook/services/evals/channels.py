"""Where an eval run's progress goes out (the shared contract, issue 12).

- ``eval-run:<run_id>``: the progress payload (``progress_payload``) after each change;
- ``org-eval-runs:<organization_id>``: ``{"kind": "started"|"finished", "run_id": …}``.

Published on Redis pub/sub as a courtesy: PostgreSQL holds the truth, and a message
lost while Redis is down is read back from the row (``progress_of``).
"""

from datetime import UTC, datetime
from typing import Any

import orjson

from casebook.db.models import EvalRun
from casebook.domain.evals.progress import Counts, eta_seconds
from casebook.services.kernel import pubsub

STARTED, FINISHED = "started", "finished"


def run_channel(run_id: int) -> str:
    return f"eval-run:{run_id}"


def organization_channel(organization_id: int) -> str:
    return f"org-eval-runs:{organization_id}"


def progress_payload(run: EvalRun, now: datetime | None = None) -> dict[str, Any]:
    """The contract's progress: the run's counters, cost, ETA and sequence, snake case."""
    assert run.id is not None
    now = now or datetime.now(UTC)
    elapsed = (now - run.started_at).total_seconds() if run.started_at is not None else -1.0
    counts = Counts(run.total, run.answered, run.scored)
    return {
        "run_id": run.id,
        "organization_id": run.organization_id,
        "status": run.status,
        "status_reason": run.status_reason,
        "total": run.total,
        "answered": run.answered,
        "scored": run.scored,
        "passed": run.passed,
        "failed": run.failed,
        "not_graded": run.not_graded,
        "cost_usd": round(float(run.cost_usd), 6),
        "eta_seconds": eta_seconds(counts, run.status, elapsed),
        "sequence": run.sequence,
    }


async def _publish(redis: Any, channel: str, message: dict[str, Any]) -> None:
    await pubsub.publish_unless_down(redis, channel, orjson.dumps(message), what="eval progress")


async def publish_progress(redis: Any, payload: dict[str, Any]) -> None:
    await _publish(redis, run_channel(payload["run_id"]), payload)


async def publish_run_event(redis: Any, organization_id: int, kind: str, run_id: int) -> None:
    await _publish(redis, organization_channel(organization_id), {"kind": kind, "run_id": run_id})
