"""The arq worker: one generic entry point that runs a recorded job by id."""

import os
import socket
from typing import Any

from arq import cron
from arq.connections import RedisSettings

from casebook.blas_threads import use_single_threaded_blas
from casebook.config import get_settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.services.grading import rescoring
from casebook.services.kernel import jobs

# Importing a service module registers its job handlers with ``services.jobs``.
JOB_MODULES = (rescoring,)

JOB_TIMEOUT_SECONDS = 3600


async def startup(ctx: dict[str, Any]) -> None:
    use_single_threaded_blas()
    settings = get_settings()
    ctx["engine"] = create_engine(settings.database_url, pool_size=5)
    ctx["sessionmaker"] = create_sessionmaker(ctx["engine"])
    ctx["worker_id"] = f"{socket.gethostname()}:{os.getpid()}"
    ctx["settings"] = settings


async def shutdown(ctx: dict[str, Any]) -> None:
    await ctx["engine"].dispose()


async def run_job(ctx: dict[str, Any], job_id: int) -> None:
    await jobs.execute(
        ctx["sessionmaker"],
        ctx["redis"],
        job_id,
        worker_id=ctx["worker_id"],
        heartbeat_every=ctx["settings"].job_heartbeat_seconds,
    )


async def reap(ctx: dict[str, Any]) -> None:
    await jobs.reap_stale_jobs(
        ctx["sessionmaker"], ctx["redis"], stale_after=ctx["settings"].job_stale_after_seconds
    )


def worker_settings() -> dict[str, Any]:
    settings = get_settings()
    return {
        "functions": [run_job],
        "cron_jobs": [cron(reap, second={0, 30}, run_at_startup=True)],
        "on_startup": startup,
        "on_shutdown": shutdown,
        "redis_settings": RedisSettings.from_dsn(settings.redis_url),
        "job_timeout": JOB_TIMEOUT_SECONDS,
        "max_jobs": 8,
        "keep_result": 3600,
    }
