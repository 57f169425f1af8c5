"""Emptying the test database between tests, cheaply.

Every table the models declare is emptied and every sequence restarts, so each test
starts as on a freshly migrated database. Measured on this machine (29 tables, a
test's worth of rows): ``TRUNCATE … RESTART IDENTITY CASCADE`` of every table took a
median of about 950 ms (it swaps and fsyncs new files for each table and index),
cloning a template database (``DROP DATABASE`` + ``CREATE DATABASE … TEMPLATE``)
about 820 ms, and the ``DELETE`` below about 15 ms.
"""

from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import SQLModel

import casebook.db.models  # noqa: F401  (registers every table)

_RESTART_SEQUENCES = (
    "SELECT setval(c.oid, 1, false) FROM pg_class c "
    "WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace"
)


def _empty_everything() -> str:
    # Children before parents, so no foreign key is ever left dangling.
    tables = reversed(SQLModel.metadata.sorted_tables)
    deletes = [f'DELETE FROM "{table.name}"' for table in tables]
    return "; ".join([*deletes, _RESTART_SEQUENCES])


async def empty_tables(engine: AsyncEngine) -> None:
    """Every table empty and every sequence restarted, in one round trip and one transaction
    (a multi-statement simple query is one implicit transaction)."""
    async with engine.connect() as connection:
        raw = await connection.get_raw_connection()
        await raw.driver_connection.execute(_empty_everything())
