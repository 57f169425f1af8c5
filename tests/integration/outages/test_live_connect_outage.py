"""A websocket that connects while PostgreSQL is away is told it is an outage - closed
1013 "Try Again Later", the reason naming the system and when to try again - never 4403
"Forbidden", which says its credentials were refused; once PostgreSQL is back the same
credentials are checked for what they are."""

import asyncio
import json
from typing import Any

import pytest
import websockets

from casebook.config import Settings
from casebook.db.engine import create_engine
from casebook.db.migrate import upgrade
from casebook.graphql.ws_protocol import TRY_AGAIN_LATER
from tests.support.live_server import live_server
from tests.support.ws_client import CONSOLE_ORIGIN

pytestmark = pytest.mark.waits_on_processes


async def _answer_to_connection_init(host: str, **credentials: str) -> Any:
    """What the server answers ``connection_init`` with ``credentials`` (a session
    cookie, or a key in the payload): its close frame, or "connection_ack"."""
    headers = {"origin": CONSOLE_ORIGIN}
    if "cookie" in credentials:
        headers["cookie"] = credentials["cookie"]
    payload = {"authorization": credentials["bearer"]} if "bearer" in credentials else {}
    async with websockets.connect(
        f"ws://{host}/graphql", subprotocols=["graphql-transport-ws"], additional_headers=headers
    ) as ws:
        await ws.send(json.dumps({"type": "connection_init", "payload": payload}))
        try:
            return json.loads(await asyncio.wait_for(ws.recv(), 10))["type"]
        except websockets.exceptions.ConnectionClosed as closed:
            assert closed.rcvd is not None
            return closed.rcvd


COOKIE = {"cookie": "casebook_session=a-session-nobody-has"}
KEY = {"bearer": "Bearer cb_notakey"}


async def test_a_socket_connecting_while_postgres_is_away_is_closed_as_unavailable(
    own_services: Any, settings: Settings
) -> None:
    urls = own_services.start()
    faulted = settings.model_copy(
        update={"database_url": urls.database_url, "redis_url": urls.redis_url}
    )
    engine = create_engine(faulted.database_url, pool_size=1)
    await upgrade(engine)
    await engine.dispose()
    with live_server(faulted) as host:
        own_services.stop_postgres()
        for credentials in (COOKIE, KEY):
            during = await _answer_to_connection_init(host, **credentials)
            assert during.code == TRY_AGAIN_LATER, credentials
            assert "PostgreSQL" in during.reason
            assert "try again in 5 s" in during.reason

        own_services.start_postgres()
        # Back: the same credentials are taken for what they are - a session nobody has
        # is no one (anonymous), a key that does not exist is refused.
        assert await _answer_to_connection_init(host, **COOKIE) == "connection_ack"
        refused = await _answer_to_connection_init(host, **KEY)
        assert (refused.code, refused.reason) == (4403, "Forbidden")
