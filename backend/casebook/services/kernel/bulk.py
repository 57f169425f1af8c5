"""Bulk writes: ids reserved up front, rows sent with COPY on the session's own transaction."""

from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession


async def raw_connection(session: AsyncSession) -> Any:
    """The asyncpg connection under the session's transaction (for COPY)."""
    connection = await session.connection()
    raw = await connection.get_raw_connection()
    return raw.driver_connection


async def reserve_ids(session: AsyncSession, table: str, n: int) -> list[int]:
    """``n`` ids from the table's identity sequence, so related rows can be written together."""
    if n == 0:
        return []
    rows = await session.execute(
        text("SELECT nextval(pg_get_serial_sequence(:t, 'id')) FROM generate_series(1, :n)"),
        {"t": table, "n": n},
    )
    return [int(r[0]) for r in rows]
