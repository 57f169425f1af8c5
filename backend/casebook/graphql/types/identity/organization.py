from collections.abc import Iterable
from typing import Any

import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.node_resolution import node_db_id
from casebook.services.identity import members
from casebook.services.kernel.records import Organization as OrganizationRow


@strawberry.type(name="Organization")
class OrganizationType(relay.Node):
    id: relay.NodeID[int]
    name: str
    conversation_retention_days: int | None = strawberry.field(
        description="Conversations untouched this many days are deleted; null keeps them."
    )

    @classmethod
    def from_row(cls, row: OrganizationRow) -> "OrganizationType":
        assert row.id is not None
        return cls(
            id=row.id, name=row.name, conversation_retention_days=row.conversation_retention_days
        )

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        mine = {o.id: o for _, o in await members.memberships_of(info.context.services)}
        found = (node_db_id(i) for i in node_ids)
        return [cls.from_row(mine[i]) if i in mine else None for i in found]
