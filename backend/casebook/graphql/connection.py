"""Keyset connections: pages computed in SQL by the services, shaped here."""

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import strawberry

from casebook.services.kernel.records import Page

NodeT = TypeVar("NodeT")


@strawberry.type
class PageInfo:
    has_next_page: bool
    start_cursor: str | None
    end_cursor: str | None


@strawberry.type
class Edge(Generic[NodeT]):
    cursor: str
    node: NodeT


@strawberry.type
class Connection(Generic[NodeT]):
    edges: list[Edge[NodeT]]
    page_info: PageInfo
    total_count: int | None = strawberry.field(
        description="How many rows match, when the list counts them."
    )

    @classmethod
    def from_page(cls, page: Page[Any], convert: Callable[[Any], NodeT]) -> "Connection[NodeT]":
        return cls(
            edges=[
                Edge(cursor=c, node=convert(i))
                for c, i in zip(page.cursors, page.items, strict=True)
            ],
            page_info=PageInfo(
                has_next_page=page.has_next_page,
                start_cursor=page.start_cursor,
                end_cursor=page.end_cursor,
            ),
            total_count=page.total_count,
        )
