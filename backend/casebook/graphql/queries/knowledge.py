"""Queries of the knowledge capability: knowledge bases and searching their passages."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.knowledge.knowledge_base import KnowledgeBaseType
from casebook.graphql.types.knowledge.search_hit import KnowledgeSearchHitType
from casebook.services.knowledge import bases, search


@strawberry.type
class KnowledgeQueries:
    @strawberry.field(
        extensions=requires(Permission.AGENTS_VIEW),
        description="Knowledge bases you may read, newest first; `search` looks in the name.",
    )
    async def knowledge_bases(
        self, info: Info, first: int = 50, after: str | None = None, search: str | None = None
    ) -> Connection[KnowledgeBaseType]:
        page = await bases.list_bases(
            info.context.services, first=first, after=after, search=search
        )
        return Connection.from_page(page, KnowledgeBaseType.from_row)

    @strawberry.field(
        extensions=requires(Permission.AGENTS_VIEW),
        description="A knowledge base by id; not found when it does not exist or you may not "
        "read it.",
    )
    async def knowledge_base(self, info: Info, id: relay.GlobalID) -> KnowledgeBaseType:
        row = await bases.get_base(info.context.services, decode_id(id, KnowledgeBaseType))
        return KnowledgeBaseType.from_row(row)

    @strawberry.field(
        extensions=requires(Permission.AGENTS_VIEW),
        description='Passages matching `query` (web-search syntax: words, "phrases", or, '
        "-word), best first, in the knowledge bases you may read - or only in `baseIds`. At "
        "most 1,000 results are reachable.",
    )
    async def search_knowledge(
        self,
        info: Info,
        query: str,
        base_ids: list[relay.GlobalID] | None = None,
        first: int = 20,
        after: str | None = None,
    ) -> Connection[KnowledgeSearchHitType]:
        ids = (
            None
            if base_ids is None
            else [
                decode_id(given, KnowledgeBaseType, f"baseIds.{index}")
                for index, given in enumerate(base_ids)
            ]
        )
        page = await search.search_passages(
            info.context.services, query, base_ids=ids, first=first, after=after
        )
        return Connection.from_page(page, KnowledgeSearchHitType.from_hit)
