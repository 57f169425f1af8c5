"""The worker's ``/metrics``: a small listener in the worker's own event loop.

Each scrape samples the job queue from PostgreSQL and arq's queue from Redis
first, so the figures are as of the scrape. Bound to ``WORKER_METRICS_HOST``
(loopback by default) on ``WORKER_METRICS_PORT``; port 0 turns it off.
"""

import asyncio
from typing import Any

import structlog
from arq.constants import default_queue_name

from casebook.observability import exposition, metrics
from casebook.services.kernel.job_queue import sample_job_queue
from casebook.services.kernel.outages import outage_of

log = structlog.get_logger("casebook.worker")


async def start_listener(ctx: dict[str, Any]) -> asyncio.Server | None:
    settings = ctx["settings"]
    if not settings.worker_metrics_port:
        return None

    async def sample() -> None:
        await sample_job_queue(ctx["sessionmaker"])
        try:
            metrics.arq_queue_length(int(await ctx["redis"].zcard(default_queue_name)))
        except Exception as error:
            if outage_of(error) is None:
                raise

    try:
        server = await exposition.serve_metrics(
            settings.worker_metrics_host,
            settings.worker_metrics_port,
            token=settings.metrics_token,
            before_render=sample,
        )
    except OSError as error:  # the port is taken: the worker works on, unobserved
        log.warning(
            "worker metrics not served",
            host=settings.worker_metrics_host,
            port=settings.worker_metrics_port,
            error=str(error),
        )
        return None
    log.info(
        "worker metrics served",
        url=f"http://{settings.worker_metrics_host}:{settings.worker_metrics_port}/metrics",
    )
    return server
