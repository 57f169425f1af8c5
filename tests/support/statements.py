"""Counting the SQL statements an engine executes, to prove a read's cost."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine


@contextmanager
def counted_statements(engine: AsyncEngine) -> Iterator[list[str]]:
    """Every statement ``engine`` executes inside the block, in order."""
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", count)


def app_engine(app: Any) -> AsyncEngine:
    """The engine the app's requests use."""
    engine: AsyncEngine = app.state.casebook.sessionmaker.kw["bind"]
    return engine
