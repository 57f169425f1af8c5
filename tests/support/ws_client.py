"""A graphql-transport-ws client for tests against the live server."""

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import websockets

CONSOLE_ORIGIN = "http://console.test"


class Socket:
    def __init__(self, connection: Any) -> None:
        self.connection = connection

    async def send(self, message: dict[str, Any]) -> None:
        await self.connection.send(json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        async with asyncio.timeout(10):
            message: dict[str, Any] = json.loads(await self.connection.recv())
        return message

    async def start(
        self, operation_id: str, query: str, variables: dict[str, Any] | None = None
    ) -> None:
        payload = {"query": query, "variables": variables or {}}
        await self.send({"id": operation_id, "type": "subscribe", "payload": payload})

    async def result(
        self, operation_id: str, query: str, variables: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """A query or mutation over the socket: its one ``next`` payload."""
        await self.start(operation_id, query, variables)
        while True:
            message = await self.receive()
            if message.get("id") == operation_id and message["type"] in ("next", "error"):
                return message


@asynccontextmanager
async def socket(
    host: str, *, cookie: str | None = None, authorization: str | None = None
) -> AsyncIterator[Socket]:
    headers = {"origin": CONSOLE_ORIGIN}
    if cookie:
        headers["cookie"] = cookie
    async with websockets.connect(
        f"ws://{host}/graphql", subprotocols=["graphql-transport-ws"], additional_headers=headers
    ) as connection:
        opened = Socket(connection)
        payload = {"authorization": authorization} if authorization else {}
        await opened.send({"type": "connection_init", "payload": payload})
        acknowledged = await opened.receive()
        assert acknowledged["type"] == "connection_ack", acknowledged
        yield opened
