"""The arq worker: one generic entry point that runs a recorded job by id."""

import os
import socket
from datetime import UTC, datetime, timedelta
from typing import Any

from arq import Retry, cron, func
from sqlalchemy.ext.asyncio import AsyncEngine

from casebook.blas_threads import use_single_threaded_blas
from casebook.config import Settings, get_settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.jobs import worker_metrics
from casebook.jobs.resilient import ResilientWorker
from casebook.observability import metrics, tracing
from casebook.services.activity.traces import settle as trace_settling
from casebook.services.erasure import erasure
from casebook.services.erasure import retention as erasure_retention
from casebook.services.evals import execution as eval_execution
from casebook.services.evals import resume as eval_resume
from casebook.services.generation import job as generation_job
from casebook.services.grading import rescoring
from casebook.services.kernel import job_runs
from casebook.services.kernel.collector import tune_for_serving
from casebook.services.kernel.jobs import WorkerStopping
from casebook.services.kernel.outages import outage_of
from casebook.services.kernel.redis_connection import worker_redis_settings

# Importing a service module registers its job handlers with ``services.jobs``.
JOB_MODULES = (rescoring, eval_execution, erasure, generation_job)

JOB_TIMEOUT_SECONDS = 3600
# A job that cannot even be claimed (PostgreSQL down) goes back on the queue with a
# growing delay; this many tries wait out about three quarters of an hour.
JOB_MAX_TRIES = 100
FIRST_RETRY_DELAY_SECONDS = 0.5
RETRY_DELAY_CAP_SECONDS = 30
# A queued job nobody picked up this long after it was recorded is handed to arq again.
DISPATCH_AFTER_SECONDS = 20.0


def create_worker_engine(settings: Settings) -> AsyncEngine:
    return create_engine(settings.database_url, pool_size=settings.worker_database_pool_size)


async def startup(ctx: dict[str, Any]) -> None:
    use_single_threaded_blas()
    settings = ctx.setdefault("settings", get_settings())
    tracing.configure_from_environment("casebook-worker")  # before the engine, so SQL is traced
    if ctx.get("engine") is None:
        ctx["engine"] = create_worker_engine(settings)
        ctx["owns_engine"] = True
    ctx["sessionmaker"] = create_sessionmaker(ctx["engine"])
    ctx["worker_id"] = f"{socket.gethostname()}:{os.getpid()}"
    ctx["metrics_listener"] = await worker_metrics.start_listener(ctx)
    if ctx.get("serving"):
        tune_for_serving()


async def shutdown(ctx: dict[str, Any]) -> None:
    if ctx.get("metrics_listener") is not None:
        ctx["metrics_listener"].close()
    if ctx.get("owns_engine"):
        await ctx["engine"].dispose()
    tracing.flush()


async def run_job(ctx: dict[str, Any], job_id: int) -> None:
    settings = ctx["settings"]
    try:
        outcome = await job_runs.execute(
            ctx["sessionmaker"],
            ctx["redis"],
            job_id,
            worker_id=ctx["worker_id"],
            heartbeat_every=settings.job_heartbeat_seconds,
            stale_after=settings.job_stale_after_seconds,
            settings=settings,
            stopping=ctx.get("stopping"),
        )
    except job_runs.RunningElsewhere as busy:
        raise Retry(defer=busy.retry_after) from None
    except WorkerStopping:
        # Wound down with its worker: back on the queue for the next worker, at once.
        raise Retry(defer=0) from None
    except Exception as error:
        if outage_of(error) is None:
            raise
        delay = min(RETRY_DELAY_CAP_SECONDS, FIRST_RETRY_DELAY_SECONDS * 2 ** (ctx["job_try"] - 1))
        raise Retry(defer=delay) from None
    if outcome.status != job_runs.SKIPPED:
        metrics.job_finished(outcome.kind, outcome.status, outcome.seconds)


async def reap(ctx: dict[str, Any]) -> None:
    """Fail jobs whose worker died, give their eval runs a new job (the run goes on from
    the items not yet answered), fail local agents' runs their clients abandoned; hand
    over queued jobs that never reached a worker."""
    await job_runs.reap_stale_jobs(
        ctx["sessionmaker"], ctx["redis"], stale_after=ctx["settings"].job_stale_after_seconds
    )
    await eval_resume.resume_stalled_runs(
        ctx["sessionmaker"], ctx["redis"], idle_seconds=ctx["settings"].eval_client_idle_seconds
    )
    await job_runs.dispatch_waiting_jobs(
        ctx["sessionmaker"], ctx["redis"], older_than=DISPATCH_AFTER_SECONDS
    )


async def retention(ctx: dict[str, Any]) -> None:
    """Delete conversations past their organization's retention."""
    await erasure_retention.apply_retention(ctx["sessionmaker"])


async def settle_traces(ctx: dict[str, Any]) -> None:
    """Place the OpenTelemetry spans whose parent has not come within the window."""
    settings: Settings = ctx["settings"]
    await trace_settling.settle_waiting_spans(
        ctx["sessionmaker"],
        settings,
        received_before=datetime.now(UTC) - timedelta(seconds=settings.otlp_settle_seconds),
    )


def worker_settings(settings: Settings) -> dict[str, Any]:
    return {
        "functions": [func(run_job, max_tries=JOB_MAX_TRIES)],
        "cron_jobs": [
            cron(reap, second={0, 30}, run_at_startup=True),
            cron(retention, minute={7}, second={0}, run_at_startup=True),
            cron(settle_traces, second={15}, run_at_startup=True),
        ],
        "on_startup": startup,
        "on_shutdown": shutdown,
        "redis_settings": worker_redis_settings(settings.redis_url),
        "job_timeout": JOB_TIMEOUT_SECONDS,
        "max_jobs": 8,
        "keep_result": 3600,
    }


def create_worker(
    settings: Settings | None = None,
    *,
    serving: bool = False,
    engine: AsyncEngine | None = None,
    **overrides: Any,
) -> ResilientWorker:
    """The worker for ``settings`` (the environment's by default); ``overrides`` are arq's.
    ``serving``: the process exists to run it (``casebook worker``), so its garbage
    collector is tuned for that once it has started, as an API process's is. ``engine``:
    one the caller made with ``create_worker_engine`` (after tracing is configured, for
    its SQL to be traced) and disposes itself; by default the worker makes its own and
    disposes it when it stops."""
    settings = settings or get_settings()
    ctx = {"settings": settings, "serving": serving, "engine": engine}
    wake_url = settings.redis_url if settings.worker_wake_on_handover else None
    return ResilientWorker(
        **{
            **worker_settings(settings),
            "ctx": ctx,
            "wake_url": wake_url,
            "drain_seconds": settings.worker_drain_seconds,
            **overrides,
        }
    )
