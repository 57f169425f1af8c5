"""Where a string survives in the database: every text, character, JSON and text-array
column of every table, read from the catalog - never from a hand-kept list."""

from typing import Any

from sqlalchemy import text

TEXT_TYPES = ("text", "character varying", "character", "json", "jsonb")
TEXT_ARRAYS = ("_text", "_varchar", "_bpchar", "_json", "_jsonb")


async def text_columns(sessionmaker: Any) -> list[tuple[str, str]]:
    async with sessionmaker() as session:
        found = await session.execute(
            text(
                """SELECT c.table_name, c.column_name FROM information_schema.columns c
                   JOIN information_schema.tables t
                     ON t.table_schema = c.table_schema AND t.table_name = c.table_name
                   WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
                     AND (c.data_type = ANY(:types)
                          OR (c.data_type = 'ARRAY' AND c.udt_name = ANY(:arrays)))
                   ORDER BY 1, 2"""
            ),
            {"types": list(TEXT_TYPES), "arrays": list(TEXT_ARRAYS)},
        )
        return [(str(r[0]), str(r[1])) for r in found]


async def columns_holding(sessionmaker: Any, marker: str) -> list[str]:
    """``table.column`` of every column where ``marker`` appears in some row."""
    hits = []
    async with sessionmaker() as session:
        for table, column in await text_columns(sessionmaker):
            count = (
                await session.execute(
                    text(
                        f'SELECT count(*) FROM "{table}" '
                        f'WHERE strpos("{column}"::text, :marker) > 0'
                    ),
                    {"marker": marker},
                )
            ).scalar_one()
            if count:
                hits.append(f"{table}.{column}")
    return hits
