"""A job's progress, live."""

import asyncio
from collections.abc import AsyncGenerator
from typing import Any

import orjson
import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.lean_execution import shared_event
from casebook.graphql.live import checked_with_the_principal, held
from casebook.graphql.permissions import AUTHENTICATED, requires
from casebook.graphql.types.jobs.job import JobType
from casebook.services.kernel import jobs
from casebook.services.kernel.live_hub import Message, Resync
from casebook.services.kernel.records import Job

FINISHED = (jobs.SUCCEEDED, jobs.FAILED)
_ANNOUNCED = "job-progress"


@strawberry.type
class JobSubscriptions:
    @strawberry.subscription(
        extensions=requires(AUTHENTICATED),
        description="A job's state now, then every change until it finishes.",
    )
    async def job_progress(self, info: Info, id: relay.GlobalID) -> AsyncGenerator[JobType, None]:
        services = info.context.services
        job_id = decode_id(id, JobType)
        async with info.context.hub.listen(jobs.channel(job_id)) as listener:
            job = await jobs.get_job(services, job_id)
            yield JobType.from_row(job)
            if job.status in FINISHED:
                return
            reread = held(
                info.context,
                listener,
                checked_with_the_principal(
                    info.context,
                    lambda: jobs.get_job(services, job_id),
                    shared_as=("job", job_id),
                    passed_now=True,
                ),
                before_each_event=False,
            )
            async for event in reread:
                # Read again for access; the event reports the state it announced, so a
                # change the job has already moved past is still sent. After a RESYNC the
                # row is the state: what was published meanwhile is in it.
                if isinstance(event, Resync):
                    job = await jobs.get_job(services, job_id)
                    status = job.status
                    yield JobType.from_row(job)
                    if status in FINISHED:
                        return
                    continue
                row, shown = await _announced(info, job_id, event)
                jobs.visible_job(row, services.require_actor())  # NOT_FOUND when gone
                assert shown is not None  # there is a row, so the job was announced
                status = shown.status
                yield shown
                if status in FINISHED:
                    return


Announced = tuple[Job | None, JobType | None]


async def _announced(info: Info, job_id: int, message: Message) -> Announced:
    """The row read once after ``message`` for every viewer of the job in this process, with
    the job as the message announces it (one object for all, so its selection is executed
    once); both None when the row is gone. Each viewer then decides on the row whether it may
    see it."""
    sessionmaker = info.context.services.sessionmaker
    reading: asyncio.Future[Announced] = message.derive(
        _ANNOUNCED, lambda data: asyncio.ensure_future(_read(sessionmaker, job_id, data))
    )
    # A viewer leaving (its task cancelled) must not cancel the read the others await.
    return await asyncio.shield(reading)


async def _read(sessionmaker: Any, job_id: int, data: bytes) -> Announced:
    row = await jobs.read_job_row(sessionmaker, job_id)
    if row is None:
        return None, None
    return row, shared_event(JobType.from_state(row, orjson.loads(data)))
