"""A pooled connection the server closed is replaced before it is lent, at no round trip."""

import asyncio

from sqlalchemy import event, text

from casebook.config import Settings
from casebook.db.engine import create_engine
from casebook.db.liveness import server_let_go


async def test_a_connection_the_server_closed_is_replaced_before_use(settings: Settings) -> None:
    engine = create_engine(settings.database_url, pool_size=1)
    killer = create_engine(settings.database_url, pool_size=1)
    statements: list[str] = []
    event.listen(
        engine.sync_engine,
        "before_cursor_execute",
        lambda _c, _cur, statement, *_: statements.append(statement),
    )
    try:
        async with engine.connect() as connection:
            first = (await connection.execute(text("SELECT pg_backend_pid()"))).scalar_one()
            pooled = (await connection.get_raw_connection()).driver_connection
        async with killer.connect() as connection:
            await connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first})
        # Until the server has closed the socket, not merely read its termination notice: a
        # backend leaves pg_stat_activity a moment before its process exits and the socket
        # closes, and a connection lent in between is one the server has not closed yet.
        for _ in range(250):
            if server_let_go(pooled):
                break
            await asyncio.sleep(0.02)
        statements.clear()
        async with engine.connect() as connection:
            second = (await connection.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        assert second != first
        assert statements == ["SELECT pg_backend_pid()"]  # no ping before it
    finally:
        await engine.dispose()
        await killer.dispose()
