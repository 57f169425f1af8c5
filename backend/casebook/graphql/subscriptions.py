"""Live updates relayed from Redis pub/sub, so any API process serves any dashboard."""

from collections.abc import AsyncGenerator
from typing import Any

import orjson
import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.live import held
from casebook.graphql.permissions import AUTHENTICATED, requires
from casebook.graphql.types.jobs.job import JobType
from casebook.services.kernel import jobs

FINISHED = (jobs.SUCCEEDED, jobs.FAILED)


@strawberry.type
class Subscription:
    @strawberry.subscription(
        extensions=requires(AUTHENTICATED),
        description="A job's state now, then every change until it finishes.",
    )
    async def job_progress(self, info: Info, id: relay.GlobalID) -> AsyncGenerator[JobType, None]:
        services = info.context.services
        job_id = decode_id(id, JobType)
        pubsub = services.redis.pubsub()
        # Subscribe before reading the current state, so no change falls between.
        await pubsub.subscribe(jobs.channel(job_id))
        try:
            job = await jobs.get_job(services, job_id)
            yield JobType.from_row(job)
            if job.status in FINISHED:
                return
            changes = _states(pubsub)
            reread = held(
                info.context,
                changes,
                lambda: jobs.get_job(services, job_id),
                before_each_event=False,
            )
            async for state in reread:
                # Read again for access; the event reports the state it announced, so a
                # change the job has already moved past is still sent.
                job = await jobs.get_job(services, job_id)
                yield JobType.from_state(job, state)
                if state["status"] in FINISHED:
                    return
        finally:
            await pubsub.unsubscribe()
            await pubsub.aclose()


async def _states(pubsub: Any) -> AsyncGenerator[dict[str, Any], None]:
    async for message in pubsub.listen():
        if message["type"] == "message":
            yield orjson.loads(message["data"])
