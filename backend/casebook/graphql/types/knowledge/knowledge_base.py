"""A knowledge base: documents split into passages, shared like a skill."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Visibility
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_each
from casebook.graphql.types.datasets.grant import GrantType
from casebook.graphql.types.knowledge.knowledge_document import KnowledgeDocumentType
from casebook.services.kernel import sharing
from casebook.services.kernel.records import KnowledgeBase
from casebook.services.knowledge import bases, documents


@strawberry.type(
    name="KnowledgeBase",
    description="Text and Markdown documents split into searchable passages, which model "
    "agents use. A shared resource governed like a skill: agents:view reads it, agents:edit "
    "changes it; owner, visibility and grants as a dataset's.",
)
class KnowledgeBaseType(relay.Node):
    id: relay.NodeID[int]
    name: str
    description: str
    visibility: Visibility
    owner_user_id: strawberry.Private[int | None]
    created_at: datetime | None
    updated_at: datetime | None

    @classmethod
    def from_row(cls, row: KnowledgeBase) -> "KnowledgeBaseType":
        assert row.id is not None
        return cls(
            id=row.id,
            name=row.name,
            description=row.description,
            visibility=Visibility(row.visibility),
            owner_user_id=row.owner_user_id,
            created_at=row.created_at,
            updated_at=row.updated_at,
        )

    @strawberry.field(description="Whether the signed-in member owns it.")
    def owned_by_viewer(self, info: Info) -> bool:
        actor = info.context.actor
        return actor is not None and actor.user_id == self.owner_user_id

    @strawberry.field(description="Grants on this knowledge base.")
    async def grants(self, info: Info) -> list[GrantType]:
        views = await sharing.list_grants(info.context.services, bases.KIND, self.id)
        return [GrantType.from_view(v) for v in views]

    @strawberry.field(description="Its documents, newest first.")
    async def documents(
        self, info: Info, first: int = 50, after: str | None = None
    ) -> Connection[KnowledgeDocumentType]:
        page = await documents.list_documents(
            info.context.services, self.id, first=first, after=after
        )
        return Connection.from_page(page, KnowledgeDocumentType.from_row)

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _base(info, i))


async def _base(info: Info, base_id: int) -> KnowledgeBaseType:
    return KnowledgeBaseType.from_row(await bases.get_base(info.context.services, base_id))
