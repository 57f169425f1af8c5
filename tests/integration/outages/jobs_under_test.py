"""A job kind the fault tests control: it waits for the test, then writes progress."""

import asyncio
from collections import Counter
from typing import Any

from casebook.config import Settings
from casebook.db.engine import SessionMaker
from casebook.db.models import Job
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel import jobs, redis_connection
from casebook.services.kernel.context import ServiceContext

KIND = "outage_probe"
RUNS: Counter[int] = Counter()  # how many times the handler started, by job id
FAILED_WRITES: Counter[int] = Counter()  # progress writes that met an error, by job id
GATES: dict[int, asyncio.Event] = {}
AT_THE_GATE: set[int] = set()  # jobs whose first progress is written and that wait for the test


def gate(job_id: int) -> asyncio.Event:
    return GATES.setdefault(job_id, asyncio.Event())


@jobs.job_handler(KIND)
async def outage_probe(run: jobs.JobRun) -> dict[str, Any]:
    assert run.job.id is not None
    RUNS[run.job.id] += 1
    await run.progress({"step": "started"})
    AT_THE_GATE.add(run.job.id)
    await gate(run.job.id).wait()
    try:
        await run.progress({"step": "after the gate"})
    except Exception:
        FAILED_WRITES[run.job.id] += 1
        raise
    return {"done": True}


async def owner_context(
    sessionmaker: SessionMaker, redis: Any, settings: Settings
) -> ServiceContext:
    organization, user = await create_organization_with_owner(
        sessionmaker,
        organization_name="Faults",
        email="owner@faults.test",
        name="Owner",
        password="correct horse battery",
    )
    assert organization.id is not None and user.id is not None
    actor = Actor(user.id, organization.id, Role.OWNER)
    return ServiceContext(sessionmaker, redis, settings, actor)


async def enqueue(ctx: ServiceContext) -> int:
    job = await jobs.enqueue(ctx, ctx.require_actor(), KIND, {})
    assert job.id is not None
    return job.id


async def row(sessionmaker: SessionMaker, job_id: int) -> Job:
    async with sessionmaker() as session:
        found = await session.get(Job, job_id)
    assert found is not None
    return found


def status_is(sessionmaker: SessionMaker, job_id: int, status: str) -> Any:
    """A check for ``eventually``: whether the job's row has ``status``."""

    async def status_is() -> bool:
        return (await row(sessionmaker, job_id)).status == status

    return status_is


async def redis_of_its_own(
    own_services: Any, sessionmaker: SessionMaker, settings: Settings
) -> tuple[Settings, Any, ServiceContext]:
    """Settings pointing at the test's own Redis (started), a client of it, an owner."""
    faulted = settings.model_copy(update={"redis_url": own_services.start_redis()})
    redis = await redis_connection.connect(faulted.redis_url)
    return faulted, redis, await owner_context(sessionmaker, redis, faulted)
