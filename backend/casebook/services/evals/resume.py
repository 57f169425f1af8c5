"""Eval runs whose worker died go on from where they were (DESIGN: "Jobs and live progress").

The reaper fails a job whose heartbeat stopped; an eval run still active whose job has
ended that way gets a new job, which answers only the items with no stored answer and
scores again those answered but not scored. A run whose jobs kept dying
``MAX_EXECUTIONS`` times fails with the reason rather than looping for ever.

A run whose remaining work is a local agent's, for its clients, holds no job: its job
ends once nothing is left for a worker, and a new one is handed over when an answer
needs a model to grade it (``wake_worker``, from where the answers are stored). Such a
run is not resumed but looked at: when no client claimed or answered its work for
``eval_client_idle_seconds`` it fails as abandoned.
"""

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.engine import SessionMaker
from casebook.db.models import EvalItem, EvalRun, Job
from casebook.domain.evals.progress import ACTIVE, ANSWERING, DROPPED, FAILED, PENDING
from casebook.services.evals import channels, leases, settling
from casebook.services.evals.counters import advance
from casebook.services.evals.start import JOB_KIND, RUN_FIELD
from casebook.services.kernel import jobs
from casebook.services.kernel.job_actor import API_KEY_FIELD

ABANDONED = (
    "stopped: no client claimed or answered this run's work for {idle} (answers given so "
    "far are kept); start it again with the client, or cancel it rather than leave it"
)
MAX_EXECUTIONS = 20
GAVE_UP = "stopped: the workers running this eval run kept stopping ({count} times)"


async def abandonment(session: AsyncSession, run: EvalRun, idle_seconds: float) -> str | None:
    """Why a run whose local agent's work waits must stop, or None: no client claimed or
    answered any for ``idle_seconds`` (0: never), and none holds an item now."""
    if idle_seconds <= 0 or run.id is None:
        return None
    since = func.coalesce(
        col(EvalRun.clients_seen_at), col(EvalRun.started_at), col(EvalRun.created_at)
    )
    idle = (
        await session.execute(
            select(func.count())
            .select_from(EvalRun)
            .where(col(EvalRun.id) == run.id, since < func.now() - timedelta(seconds=idle_seconds))
        )
    ).scalar_one()
    if not idle:
        return None
    held = (
        await session.execute(
            select(func.count())
            .select_from(EvalItem)
            .where(
                EvalItem.run_id == run.id,
                EvalItem.status == ANSWERING,
                col(EvalItem.lease_expires_at) > func.now(),
            )
        )
    ).scalar_one()
    if held:
        return None
    return ABANDONED.format(idle=_duration(idle_seconds))


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:g} second" + ("" if seconds == 1 else "s")
    minutes = round(seconds / 60)
    return f"{minutes} minutes"


async def new_job(session: AsyncSession, run: EvalRun, old_job: Job | None) -> int:
    """The run's next job, acting as the one before did (its starter, its key)."""
    payload: dict[str, Any] = {RUN_FIELD: run.id}
    if old_job is not None and old_job.payload.get(API_KEY_FIELD) is not None:
        payload[API_KEY_FIELD] = old_job.payload[API_KEY_FIELD]
    job = jobs.queued_job(run.organization_id, JOB_KIND, payload, run.started_by_user_id)
    session.add(job)
    await session.flush()
    assert job.id is not None
    run.job_id = job.id
    return job.id


async def wake_worker(session: AsyncSession, run: EvalRun) -> int | None:
    """A new job for a run whose job has ended, when it has work for a worker (an answer
    a model grades); its id, to hand over once the transaction commits, else None."""
    assert run.id is not None
    locked = await session.get(EvalRun, run.id, with_for_update=True, populate_existing=True)
    if locked is None or locked.status not in ACTIVE:
        return None
    old_job = await session.get(Job, locked.job_id) if locked.job_id is not None else None
    if old_job is not None and old_job.status in (jobs.QUEUED, jobs.RUNNING):
        return None
    return await new_job(session, locked, old_job)


async def resume_stalled_runs(
    sessionmaker: SessionMaker, redis: Any, *, idle_seconds: float = 3600.0
) -> list[int]:
    """Give each active run whose job ended a new job - unless only its clients have work
    left, when it fails once abandoned; the ids of the runs resumed."""
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
            ended_well = old_job is not None and old_job.status == jobs.SUCCEEDED
            if ended_well and not await leases.waits_for_a_worker(session, run.id):
                reason = await abandonment(session, run, idle_seconds)
                if reason is not None:
                    stopped = await settling.stop(session, run.id, FAILED, reason)
                    if stopped.moved is not None:
                        ended.append(stopped.moved)
                continue
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
            job = await new_job(session, run, old_job)
            run.executions += 1
            resumed.append((run.id, job))
    for row in ended:
        await channels.publish_progress(redis, channels.progress_payload(row))
        assert row.id is not None
        await channels.publish_run_event(redis, row.organization_id, channels.FINISHED, row.id)
    for _, job_id in resumed:
        await jobs.hand_to_worker(redis, job_id)
    return [run_id for run_id, _ in resumed]
