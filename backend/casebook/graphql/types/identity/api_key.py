from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_each
from casebook.services.identity import api_keys
from casebook.services.kernel.records import ApiKey


@strawberry.type(
    name="ApiKey", description="An API key. Its secret is shown once, when it is created."
)
class ApiKeyType(relay.Node):
    id: relay.NodeID[int]
    name: str
    prefix: str = strawberry.field(
        description="Identifies the key in lists and logs; not a secret."
    )
    scopes: list[str]
    issuer_id: strawberry.Private[int]
    created_at: datetime | None
    expires_at: datetime | None
    revoked_at: datetime | None
    last_used_at: datetime | None

    @strawberry.field(description="active, expired or revoked")
    def status(self) -> str:
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at is not None and self.expires_at <= datetime.now(UTC):
            return "expired"
        return "active"

    @classmethod
    def from_row(cls, row: ApiKey) -> "ApiKeyType":
        assert row.id is not None
        return cls(
            id=row.id,
            name=row.name,
            prefix=row.prefix,
            scopes=list(row.scopes),
            issuer_id=row.issuer_user_id,
            created_at=row.created_at,
            expires_at=row.expires_at,
            revoked_at=row.revoked_at,
            last_used_at=row.last_used_at,
        )

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _row(info, i))


async def _row(info: Info, db_id: int) -> ApiKeyType:
    return ApiKeyType.from_row(await api_keys.get_key(info.context.services, db_id))
