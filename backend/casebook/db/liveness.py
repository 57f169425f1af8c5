"""Checking a pooled connection before it is lent — without a round trip.

SQLAlchemy's ``pool_pre_ping`` costs three round trips per checkout with
asyncpg (BEGIN, an empty query, ROLLBACK), several times per request. A
PostgreSQL restart, though, tells every connection: the server sends a
termination notice and closes the socket. So a connection is checked locally
instead — closed, or with unread input while idle in the pool, means the
server let go of it — and is replaced before use. Only a connection idle for
longer than ``IDLE_PING_SECONDS`` (when a silent network failure may have cut
it) is pinged for real.
"""

import select
import time
from typing import Any

from sqlalchemy import event
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine

IDLE_PING_SECONDS = 30.0
_IDLE_SINCE = "casebook_idle_since"


def _has_unread_input(connection: Any) -> bool:
    """Whether the server sent something to a connection nobody is using."""
    transport = getattr(connection, "_transport", None)  # asyncpg keeps its transport here
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is None:
        return False
    # poll, not select: a process serving a thousand websockets holds descriptors past
    # select's limit (1024), where select refuses them.
    poller = select.poll()
    poller.register(sock.fileno(), select.POLLIN)
    return bool(poller.poll(0))


def server_let_go(connection: Any) -> bool:
    """Whether the server has closed this idle asyncpg connection, as far as can be seen
    locally: closed already, or something unread on its socket (the termination notice, or
    the close itself)."""
    return bool(connection.is_closed()) or _has_unread_input(connection)


def check_before_lending(engine: AsyncEngine) -> None:
    pool = engine.sync_engine.pool

    @event.listens_for(pool, "checkin")
    def _idle_from_now(dbapi_connection: Any, record: Any) -> None:
        record.info[_IDLE_SINCE] = time.monotonic()

    @event.listens_for(pool, "checkout")
    def _still_alive(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        if server_let_go(dbapi_connection.driver_connection):
            raise DisconnectionError("the server closed this connection")
        idle_since = record.info.get(_IDLE_SINCE)
        if idle_since is not None and time.monotonic() - idle_since > IDLE_PING_SECONDS:
            try:
                dbapi_connection.ping()
            except Exception as error:
                raise DisconnectionError("the connection did not answer a ping") from error
