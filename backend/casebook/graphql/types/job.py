from collections.abc import Iterable
from datetime import datetime
from typing import Any

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.db.models import Job
from casebook.graphql.context import Info
from casebook.services import jobs
from casebook.services.errors import NotFound


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
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        found: list[Any] = []
        for node_id in node_ids:
            try:
                found.append(cls.from_row(await jobs.get_job(info.context.services, int(node_id))))
            except NotFound:
                if required:
                    raise
                found.append(None)
        return found
