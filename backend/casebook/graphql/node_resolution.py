"""Relay node resolution through each type's service getter (the registry is the type name)."""

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

from strawberry.dataloader import DataLoader

from casebook.graphql.ids import MAX_DB_ID
from casebook.services.kernel.errors import NotFound

T = TypeVar("T")


def node_db_id(node_id: str) -> int | None:
    """The database id a node id carries, or None when it is no id this API gave out."""
    try:
        db_id = int(node_id)
    except ValueError:
        return None
    return db_id if 0 < db_id < MAX_DB_ID else None


async def resolve_each(
    node_ids: Iterable[str], required: bool, load: Callable[[int], Awaitable[T]]
) -> list[T | None]:
    """Load each node; one the caller may not see is None (or an error when required)."""
    found: list[T | None] = []
    for node_id in node_ids:
        db_id = node_db_id(node_id)
        try:
            if db_id is None:
                raise NotFound("node")
            found.append(await load(db_id))
        except NotFound:
            if required:
                raise NotFound("node") from None
            found.append(None)
    return found


async def resolve_batched(
    node_ids: Iterable[str],
    required: bool,
    loader: "DataLoader[Any, Any]",
    convert: Callable[[Any], T],
    key: Callable[[int], Any] = lambda node_id: node_id,
) -> list[T | None]:
    """Load every node in one batch (``key`` makes a node's loader key from its database
    id); one the caller may not see is None, or an error when required."""
    ids = [node_db_id(given) for given in node_ids]
    loaded = await asyncio.gather(
        *(loader.load(key(i)) for i in ids if i is not None), return_exceptions=True
    )
    found = iter(loaded)
    nodes: list[T | None] = []
    for db_id in ids:
        row = next(found) if db_id is not None else NotFound("node")
        if isinstance(row, NotFound):
            if required:
                raise NotFound("node")
            nodes.append(None)
        elif isinstance(row, BaseException):
            raise row
        else:
            nodes.append(convert(row))
    return nodes


__all__ = ["resolve_batched", "resolve_each"]
