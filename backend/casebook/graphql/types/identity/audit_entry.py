from collections.abc import Iterable
from datetime import datetime
from typing import Any

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_each
from casebook.services.kernel import audit
from casebook.services.kernel.records import AuditEntry


@strawberry.type(name="AuditEntry")
class AuditEntryType(relay.Node):
    id: relay.NodeID[int]
    action: str
    actor_user_id: int | None = strawberry.field(description="Database id of the acting person.")
    actor_api_key_id: int | None
    resource_type: str | None
    resource_id: int | None
    summary: JSON
    request_id: str | None
    created_at: datetime | None

    @classmethod
    def from_row(cls, row: AuditEntry) -> "AuditEntryType":
        assert row.id is not None
        return cls(
            id=row.id,
            action=row.action,
            actor_user_id=row.actor_user_id,
            actor_api_key_id=row.actor_api_key_id,
            resource_type=row.resource_type,
            resource_id=row.resource_id,
            summary=JSON(row.summary),
            request_id=row.request_id,
            created_at=row.created_at,
        )

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _row(info, i))


async def _row(info: Info, db_id: int) -> AuditEntryType:
    return AuditEntryType.from_row(await audit.get_entry(info.context.services, db_id))
