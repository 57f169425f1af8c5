"""Eval runs whose worker died go on from where they were (DESIGN: "Jobs and live progress").

The reaper fails a job whose heartbeat stopped; an eval run still active whose job has
ended that way gets a new job, which answers only the items with no stored answer and
scores again those answered but not scored. A run whose jobs kept dying
``MAX_EXECUTIONS`` times fails with the reason rather than looping for ever.
"""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlmodel import col

from casebook.db.engine import SessionMaker
from casebook.db.models import EvalItem, EvalRun, Job
from casebook.domain.evals.progress import ACTIVE, ANSWERING, DROPPED, FAILED, PENDING
from casebook.observability import tracing
from casebook.services.evals import channels
from casebook.services.evals.counters import advance
from casebook.services.evals.start import JOB_KIND, RUN_FIELD
from casebook.services.kernel import jobs
from casebook.services.kernel.job_actor import API_KEY_FIELD

MAX_EXECUTIONS = 20
GAVE_UP = "stopped: the workers running this eval run kept stopping ({count} times)"


async def resume_stalled_runs(sessionmaker: SessionMaker, redis: Any) -> list[int]:
    """Give each active run whose job ended a new job; the ids of the runs resumed."""
    resumed: list[tuple[int, int]] = []
    ended: list[EvalRun] = []
    async with sessionmaker() as session, session.begin():
        stalled = (
            await session.execute(
                select(EvalRun, Job)
                .outerjoin(Job, col(Job.id) == col(EvalRun.job_id))
                .where(
                    col(EvalRun.status).in_(ACTIVE),
                    (col(Job.id).is_(None)) | col(Job.status).in_((jobs.SUCCEEDED, jobs.FAILED)),
                )
                .with_for_update(of=EvalRun, skip_locked=True)
            )
        ).all()
        for run, old_job in stalled:
            assert run.id is not None
            if run.executions + 1 >= MAX_EXECUTIONS:
                moved = await advance(
                    session,
                    run.id,
                    status=FAILED,
                    status_reason=GAVE_UP.format(count=run.executions + 1),
                    only_from=ACTIVE,
                    finished_at=datetime.now(UTC),
                )
                await session.execute(
                    EvalItem.__table__.update()  # type: ignore[attr-defined]
                    .where(
                        EvalItem.__table__.c.run_id == run.id,  # type: ignore[attr-defined]
                        EvalItem.__table__.c.status.in_((PENDING, ANSWERING)),  # type: ignore[attr-defined]
                    )
                    .values(status=DROPPED, lease_owner=None, lease_expires_at=None)
                )
                if moved is not None:
                    ended.append(moved)
                continue
            payload: dict[str, Any] = {RUN_FIELD: run.id}
            if old_job is not None and old_job.payload.get(API_KEY_FIELD) is not None:
                payload[API_KEY_FIELD] = old_job.payload[API_KEY_FIELD]
            job = Job(
                organization_id=run.organization_id,
                kind=JOB_KIND,
                status=jobs.QUEUED,
                payload=payload,
                created_by_user_id=run.started_by_user_id,
                trace_context=tracing.carrier(),
            )
            session.add(job)
            await session.flush()
            assert job.id is not None
            run.job_id = job.id
            run.executions += 1
            resumed.append((run.id, job.id))
    for row in ended:
        await channels.publish_progress(redis, channels.progress_payload(row))
        assert row.id is not None
        await channels.publish_run_event(redis, row.organization_id, channels.FINISHED, row.id)
    for _, job_id in resumed:
        await jobs.hand_to_worker(redis, job_id)
    return [run_id for run_id, _ in resumed]
