"""Jobs that exist to check the plumbing."""

import strawberry

from casebook.domain.access.policy import CHANGING_PERMISSIONS
from casebook.graphql.context import Info
from casebook.graphql.permissions import AUTHENTICATED, requires
from casebook.graphql.types.jobs.job import JobType
from casebook.services.kernel import jobs


@strawberry.type
class PingPayload:
    job: JobType


@strawberry.type
class JobMutations:
    @strawberry.mutation(
        extensions=requires(AUTHENTICATED, key_scopes=CHANGING_PERMISSIONS),
        description="Queue a ping job: proves the worker, Redis and PostgreSQL are wired.",
    )
    async def ping(self, info: Info, message: str = "ping") -> PingPayload:
        services = info.context.services
        job = await jobs.enqueue(
            services, services.require_actor(), "ping", {"message": message[:200]}
        )
        return PingPayload(job=JobType.from_row(job))
