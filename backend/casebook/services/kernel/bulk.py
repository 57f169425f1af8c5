"""Bulk writes: ids reserved up front, rows sent with COPY on the session's own transaction."""

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Column, text
from sqlalchemy.ext.asyncio import AsyncSession


async def raw_connection(session: AsyncSession) -> Any:
    """The asyncpg connection under the session's transaction (for COPY)."""
    connection = await session.connection()
    raw = await connection.get_raw_connection()
    return raw.driver_connection


async def reserve_ids(session: AsyncSession, id_column: Column[Any], n: int) -> list[int]:
    """``n`` ids from the sequence of a table's id column (from the table's metadata), so
    related rows can be written together."""
    if n == 0:
        return []
    rows = await session.execute(
        text("SELECT nextval(pg_get_serial_sequence(:t, :c)) FROM generate_series(1, :n)"),
        {"t": id_column.table.name, "c": id_column.name, "n": n},
    )
    return [int(r[0]) for r in rows]


async def copy_rows(
    connection: Any, columns: Sequence[Column[Any]], records: Sequence[tuple[Any, ...]]
) -> None:
    """COPY ``records`` into the table of ``columns``; each record holds their values in the
    columns' order. Columns come from the tables' metadata, so a renamed column or table is
    a failure at import time, not a misplaced value."""
    await connection.copy_records_to_table(
        columns[0].table.name, columns=[column.name for column in columns], records=records
    )
