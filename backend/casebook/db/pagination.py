"""Keyset pagination computed in SQL: ``WHERE key > cursor ORDER BY key LIMIT n+1``.

Cursors are opaque to clients; they carry the sort key of the last row seen.
"""

import base64
import binascii
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.domain.errors import FieldError, ValidationFailed

T = TypeVar("T")

MAX_PAGE_SIZE = 500


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    cursors: list[str]
    has_next_page: bool
    total_count: int | None = None

    @property
    def end_cursor(self) -> str | None:
        return self.cursors[-1] if self.cursors else None

    @property
    def start_cursor(self) -> str | None:
        return self.cursors[0] if self.cursors else None

    def map(self, fn: Callable[[T], Any]) -> "Page[Any]":
        return Page([fn(i) for i in self.items], self.cursors, self.has_next_page, self.total_count)


def encode_cursor(key: int) -> str:
    return base64.urlsafe_b64encode(f"k:{key}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str, path: str = "after") -> int:
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        text = base64.urlsafe_b64decode(padded.encode()).decode()
        prefix, _, raw = text.partition(":")
        if prefix != "k":
            raise ValueError
        key = int(raw)
        if not -(2**63) <= key < 2**63:
            raise ValueError
        return key
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise ValidationFailed([FieldError(path, "not a cursor this list gave out")]) from None


def check_page_size(first: int, path: str = "first") -> None:
    if first < 0 or first > MAX_PAGE_SIZE:
        raise ValidationFailed([FieldError(path, f"must be between 0 and {MAX_PAGE_SIZE}")])


async def keyset_page(
    session: AsyncSession,
    query: Select[Any],
    key: Any,
    *,
    first: int,
    after: str | None,
    descending: bool = False,
    with_total: bool = False,
    key_of: Callable[[Any], int] | None = None,
) -> Page[Any]:
    """One page of a query ordered by a unique integer key column. With ``with_total`` the
    count of every matching row rides on the page's statement (computed once, as an
    InitPlan); only an empty page after a cursor counts on its own."""
    check_page_size(first)
    counted = select(func.count()).select_from(query.subquery()).scalar_subquery()
    page = query
    if after is not None:
        last = decode_cursor(after)
        page = page.where(key < last if descending else key > last)
    page = page.order_by(key.desc() if descending else key.asc()).limit(first + 1)
    if with_total:
        page = page.add_columns(counted.label("total_count"))
    rows: Sequence[Any] = (await session.execute(page)).all()
    items = [row[0] for row in rows[:first]]
    total = None
    if with_total:
        if rows:
            total = int(rows[0][-1])
        elif after is None:
            total = 0
        else:
            total = int((await session.execute(select(counted))).scalar_one())
    get_key = key_of or (lambda row: row.id)
    return Page(items, [encode_cursor(get_key(i)) for i in items], len(rows) > first, total)
