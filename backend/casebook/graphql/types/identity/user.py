from collections.abc import Iterable
from typing import Any

import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.node_resolution import node_db_id
from casebook.services.identity import members
from casebook.services.kernel.records import User as UserRow


@strawberry.type(name="User")
class UserType(relay.Node):
    id: relay.NodeID[int]
    email: str
    name: str

    @classmethod
    def from_row(cls, row: UserRow) -> "UserType":
        assert row.id is not None
        return cls(id=row.id, email=row.email, name=row.name)

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        views = {m.user.id: m.user for m in await members.list_members(info.context.services)}
        found = (node_db_id(i) for i in node_ids)
        return [cls.from_row(views[i]) if i in views else None for i in found]
