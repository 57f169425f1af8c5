from datetime import datetime

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

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
