"""Answers an eval run already stored in Activity, read back to be scored again.

"An answer is stored before it is scored, so a crash between the two rescores, never
re-asks": the reply is rebuilt from the run and its steps as they were recorded.
"""

from collections.abc import Sequence
from typing import cast

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Run, RunStep
from casebook.domain.activity.model import CallStatus, Reply, Step, StepKind

REMOVED = "the answer this run stored was removed from Activity before it was scored"


async def stored_replies(session: AsyncSession, run_ids: Sequence[int]) -> dict[int, Reply]:
    """Each Activity run's reply, in two statements; a removed run is left out."""
    if not run_ids:
        return {}
    runs = {
        run.id: run
        for run in (await session.execute(select(Run).where(col(Run.id).in_(run_ids)))).scalars()
    }
    steps: dict[int, list[Step]] = {}
    rows = await session.execute(
        select(RunStep)
        .where(col(RunStep.run_id).in_(list(runs)))
        .order_by(col(RunStep.run_id), col(RunStep.position))
    )
    for row in rows.scalars():
        steps.setdefault(row.run_id, []).append(
            Step(
                cast(StepKind, row.kind),
                text=row.text,
                tool_name=row.tool_name,
                arguments=row.arguments,
                status=cast(CallStatus | None, row.status),
                result=row.result,
                read_only=row.read_only,
            )
        )
    return {
        run_id: Reply(
            steps=tuple(steps.get(run_id, ())),
            model=run.model,
            cost_usd=run.cost_usd,
            latency_ms=run.latency_ms,
            input_tokens=run.input_tokens,
            output_tokens=run.output_tokens,
            error=run.error,
        )
        for run_id, run in runs.items()
        if run_id is not None
    }
