"""Relay node resolution through each type's service getter (the registry is the type name)."""

from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

from casebook.services.kernel.errors import NotFound

T = TypeVar("T")


async def resolve_each(
    node_ids: Iterable[str], required: bool, load: Callable[[int], Awaitable[T]]
) -> list[T | None]:
    """Load each node; one the caller may not see is None (or an error when required)."""
    found: list[T | None] = []
    for node_id in node_ids:
        try:
            found.append(await load(int(node_id)))
        except (NotFound, ValueError):
            if required:
                raise NotFound("node") from None
            found.append(None)
    return found


__all__ = ["resolve_each"]
