"""A subscription its client stops as it ends (``complete`` right after the last event,
or the socket closed) stops there: nothing runs on as if nobody had stopped it, and the
protocol forgets the operation once - no ``KeyError`` logged as "Exception in worker task"."""

import asyncio
import logging
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import (
    BaseGraphQLTransportWSHandler,
    Operation,
)

from casebook.graphql.live import LivePrincipal, held
from casebook.graphql.ws_protocol import TransportWSHandler


async def _allowed() -> object:
    return True


async def test_a_subscription_cancelled_while_its_periodic_check_stops_ends_cancelled() -> None:
    checking, stopping = asyncio.Event(), asyncio.Event()

    async def slow_to_stop_check() -> Any:
        checking.set()
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            stopping.set()
            await asyncio.sleep(0.1)  # its own cleanup takes a moment
            raise

    async def last_event() -> AsyncIterator[str]:
        yield "finished"

    context = SimpleNamespace(live=LivePrincipal(slow_to_stop_check, every_seconds=0.2))
    ran_on: list[str] = []

    async def subscriber() -> None:
        async for _ in held(context, last_event(), _allowed, before_each_event=False):
            await checking.wait()  # the periodic check is under way as the stream ends
        ran_on.append("after the stream")  # what the protocol does once a stream has ended

    task = asyncio.create_task(subscriber())
    await asyncio.wait_for(stopping.wait(), 5)  # the stream ended: its check is stopping
    task.cancel()  # the client completes the operation, or its socket closes, just then
    await asyncio.gather(task, return_exceptions=True)
    assert task.cancelled()
    assert ran_on == []


def _handler(cls: type[BaseGraphQLTransportWSHandler[Any, None]]) -> Any:
    handler = object.__new__(cls)
    handler.operations = {}
    handler.sent = []

    async def send_message(message: Any) -> None:
        handler.sent.append(message)

    handler.send_message = send_message
    return handler


async def _complete_from_both_sides(handler: Any) -> None:
    operation = Operation(handler, "1", "subscription { ping }", None, None)
    operation.task = asyncio.create_task(asyncio.sleep(0))
    handler.operations["1"] = operation
    await handler.cleanup_operation("1")  # the client's complete
    await operation.send_operation_message({"id": "1", "type": "complete"})  # the server's


async def test_an_operation_completed_by_both_sides_at_once_is_forgotten_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with pytest.raises(KeyError):  # what Strawberry's own handler does
        await _complete_from_both_sides(_handler(BaseGraphQLTransportWSHandler))
    handler = _handler(TransportWSHandler)
    with caplog.at_level(logging.ERROR):
        await _complete_from_both_sides(handler)
    assert handler.operations == {}
    assert "Exception in worker task" not in caplog.text
