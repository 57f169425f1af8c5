from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_each
from casebook.services.kernel import jobs
from casebook.services.kernel.records import Job


@strawberry.type(name="Job", description="A background job: queued, running, succeeded or failed.")
class JobType(relay.Node):
    id: relay.NodeID[int]
    kind: str
    status: str
    result: JSON | None
    error: str | None
    attempts: int
    created_at: datetime | None
    started_at: datetime | None
    finished_at: datetime | None

    @classmethod
    def from_row(cls, row: Job) -> "JobType":
        assert row.id is not None
        return cls(
            id=row.id,
            kind=row.kind,
            status=row.status,
            result=JSON(row.result) if row.result is not None else None,
            error=row.error,
            attempts=row.attempts,
            created_at=row.created_at,
            started_at=row.started_at,
            finished_at=row.finished_at,
        )

    @classmethod
    def from_state(cls, row: Job, state: dict[str, Any]) -> "JobType":
        """The job as a published change announced it (``jobs.job_state``)."""
        result = state.get("result")
        return replace(
            cls.from_row(row),
            status=str(state.get("status", row.status)),
            result=JSON(result) if result is not None else None,
            error=state.get("error"),
            attempts=int(state.get("attempts", row.attempts)),
        )

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _job(info, i))


async def _job(info: Info, job_id: int) -> JobType:
    return JobType.from_row(await jobs.get_job(info.context.services, job_id))
