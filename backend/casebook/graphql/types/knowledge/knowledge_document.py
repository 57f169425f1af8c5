"""A document of a knowledge base: an uploaded text or Markdown file, split into passages."""

from collections.abc import Iterable
from datetime import datetime
from enum import Enum
from typing import Any

import strawberry
from strawberry import relay

from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_id
from casebook.graphql.node_resolution import resolve_each
from casebook.graphql.types.knowledge.knowledge_passage import KnowledgePassageType
from casebook.services.kernel.records import KnowledgeDocument
from casebook.services.knowledge import documents
from casebook.services.knowledge.documents import DocumentHeader


@strawberry.enum(name="KnowledgeDocumentKind")
class KnowledgeDocumentKind(Enum):
    TEXT = "text"
    MARKDOWN = "markdown"


@strawberry.type(
    name="KnowledgeDocument",
    description="An uploaded .txt or .md file of a knowledge base; read access to its base "
    "reads it.",
)
class KnowledgeDocumentType(relay.Node):
    id: relay.NodeID[int]
    title: str
    filename: str
    kind: KnowledgeDocumentKind
    size_bytes: int = strawberry.field(description="The uploaded file's size in bytes.")
    passage_count: int
    created_at: datetime | None
    base_id: strawberry.Private[int]
    # Its text when the row was read with it; search reads documents without theirs.
    loaded_content: strawberry.Private[str | None] = None

    @classmethod
    def from_row(cls, row: KnowledgeDocument) -> "KnowledgeDocumentType":
        assert row.id is not None
        return cls(
            id=row.id,
            title=row.title,
            filename=row.filename,
            kind=KnowledgeDocumentKind(row.kind),
            size_bytes=row.size_bytes,
            passage_count=row.passage_count,
            created_at=row.created_at,
            base_id=row.base_id,
            loaded_content=row.content,
        )

    @classmethod
    def from_header(cls, header: DocumentHeader) -> "KnowledgeDocumentType":
        return cls(
            id=header.id,
            title=header.title,
            filename=header.filename,
            kind=KnowledgeDocumentKind(header.kind),
            size_bytes=header.size_bytes,
            passage_count=header.passage_count,
            created_at=header.created_at,
            base_id=header.base_id,
        )

    @strawberry.field(description="Its whole text, as uploaded (a byte-order mark dropped).")
    async def content(self, info: Info) -> str:
        if self.loaded_content is not None:
            return self.loaded_content
        return (await documents.get_document(info.context.services, self.id)).content

    @strawberry.field(description="The KnowledgeBase it belongs to.")
    def knowledge_base_id(self) -> relay.GlobalID:
        return encode_id("KnowledgeBase", self.base_id)

    @strawberry.field(description="Its passages in order.")
    async def passages(
        self, info: Info, first: int = 50, after: str | None = None
    ) -> Connection[KnowledgePassageType]:
        page = await documents.list_passages(
            info.context.services, self.id, first=first, after=after
        )
        return Connection.from_page(page, KnowledgePassageType.from_row)

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _document(info, i))


async def _document(info: Info, document_id: int) -> KnowledgeDocumentType:
    row = await documents.get_document(info.context.services, document_id)
    return KnowledgeDocumentType.from_row(row)
