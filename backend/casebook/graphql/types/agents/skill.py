"""A skill: a named Markdown instruction block, shared like a dataset."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Visibility
from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_each
from casebook.graphql.types.datasets.grant import GrantType
from casebook.services.agents import skills
from casebook.services.kernel import sharing
from casebook.services.kernel.records import Skill


@strawberry.type(
    name="Skill",
    description="Named Markdown instructions an agent uses all of when it runs. A shared "
    "resource: agents:view reads it, agents:edit changes it; owner, visibility and grants "
    "as a dataset's.",
)
class SkillType(relay.Node):
    id: relay.NodeID[int]
    name: str
    description: str
    instructions: str = strawberry.field(description="Markdown.")
    visibility: Visibility
    owner_user_id: strawberry.Private[int | None]
    created_at: datetime | None
    updated_at: datetime | None

    @classmethod
    def from_row(cls, row: Skill) -> "SkillType":
        assert row.id is not None
        return cls(
            id=row.id,
            name=row.name,
            description=row.description,
            instructions=row.instructions,
            visibility=Visibility(row.visibility),
            owner_user_id=row.owner_user_id,
            created_at=row.created_at,
            updated_at=row.updated_at,
        )

    @strawberry.field(description="Whether the signed-in member owns it.")
    def owned_by_viewer(self, info: Info) -> bool:
        actor = info.context.actor
        return actor is not None and actor.user_id == self.owner_user_id

    @strawberry.field(description="Grants on this skill.")
    async def grants(self, info: Info) -> list[GrantType]:
        views = await sharing.list_grants(info.context.services, skills.KIND, self.id)
        return [GrantType.from_view(v) for v in views]

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _skill(info, i))


async def _skill(info: Info, skill_id: int) -> SkillType:
    return SkillType.from_row(await skills.get_skill(info.context.services, skill_id))
