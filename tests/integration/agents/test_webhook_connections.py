"""Webhook calls over connections kept open between calls (an eval run's): reused while
both sides allow it, replaced when the server closed one, never sent twice, bounded in
size and time, keeping no cookie. Against a scripted HTTP/1.1 server on loopback."""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import pytest

from casebook.services.agents.webhook_connections import (
    CallFailed,
    CallTimedOut,
    Connections,
    split_url,
)

Reply = Callable[[bytes, bytes], Awaitable[bytes | None]]  # head, body -> bytes to send


@dataclass
class Server:
    port: int = 0
    connections: int = 0
    requests: list[tuple[bytes, bytes]] = field(default_factory=list)

    def url(self, path: str = "/agent") -> str:
        return f"http://127.0.0.1:{self.port}{path}"


def ok(body: bytes, *extra: str) -> bytes:
    head = [
        "HTTP/1.1 200 OK",
        "content-type: application/json",
        f"content-length: {len(body)}",
        *extra,
    ]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


@asynccontextmanager
async def serving(reply: Reply, *, close_after: bool = False) -> AsyncIterator[Server]:
    """A server answering each request with ``reply`` (None: answer nothing, keep the
    connection open); with ``close_after``, it closes each connection after its reply."""
    server = Server()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        server.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                body = await reader.readexactly(length)
                server.requests.append((head, body))
                answer = await reply(head, body)
                if answer is None:
                    await asyncio.sleep(3600)
                    return
                writer.write(answer)
                await writer.drain()
                if close_after:
                    return
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    listening = await asyncio.start_server(handle, "127.0.0.1", 0)
    server.port = listening.sockets[0].getsockname()[1]
    try:
        yield server
    finally:
        listening.close()


async def echo(head: bytes, body: bytes) -> bytes:
    return ok(b'{"answer": "' + body + b'"}')


async def post(connections: Connections, url: str, text: str, limit: int = 10_000) -> bytes:
    found = await connections.post(
        url, {"content-type": "text/plain"}, text.encode(), limit=limit, step_seconds=5
    )
    assert found.status == 200 and found.body is not None
    return found.body


async def test_calls_one_after_another_share_one_connection() -> None:
    async with serving(echo) as server:
        connections = Connections(keep=4)
        answers = [await post(connections, server.url(), f"q{n}") for n in range(5)]
        connections.close()
    assert answers == [f'{{"answer": "q{n}"}}'.encode() for n in range(5)]
    assert server.connections == 1
    head, _ = server.requests[0]
    assert head.startswith(b"POST /agent HTTP/1.1\r\n")
    assert f"host: 127.0.0.1:{server.port}".encode() in head.lower()


async def test_calls_at_once_each_have_a_connection_and_at_most_keep_stay_open() -> None:
    async def slow(head: bytes, body: bytes) -> bytes:
        await asyncio.sleep(0.05)
        return ok(b"{}")

    async with serving(slow) as server:
        connections = Connections(keep=2)
        await asyncio.gather(*(post(connections, server.url(), "q") for _ in range(5)))
        assert server.connections == 5
        assert len(connections.idle) == 2
        await asyncio.gather(*(post(connections, server.url(), "q") for _ in range(2)))
        assert server.connections == 5  # the two kept were used again
        connections.close()
        assert connections.idle == []


async def test_a_connection_the_server_closes_is_replaced() -> None:
    async def closing(head: bytes, body: bytes) -> bytes:
        return ok(b"{}", "connection: close")

    async with serving(closing, close_after=True) as server:
        connections = Connections(keep=4)
        for _ in range(3):
            await post(connections, server.url(), "q")
        assert connections.idle == []
        connections.close()
    assert server.connections == 3


async def test_a_connection_closed_while_idle_is_not_reused() -> None:
    async with serving(echo, close_after=True) as server:  # closes without saying so
        connections = Connections(keep=4)
        await post(connections, server.url(), "first")
        await asyncio.sleep(0.05)  # the server's close reaches the idle connection
        assert await post(connections, server.url(), "second") == b'{"answer": "second"}'
        connections.close()
    assert server.connections == 2
    assert len(server.requests) == 2  # each call sent once


async def test_a_chunked_reply_is_read_whole() -> None:
    async def chunked(head: bytes, body: bytes) -> bytes:
        return (
            b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"
            b'5\r\n{"a":\r\n4\r\n 12}\r\n0\r\n\r\n'
        )

    async with serving(chunked) as server:
        connections = Connections(keep=1)
        assert await post(connections, server.url(), "q") == b'{"a": 12}'
        assert await post(connections, server.url(), "q") == b'{"a": 12}'
        connections.close()
    assert server.connections == 1


async def test_a_reply_over_the_bound_is_refused_and_its_connection_closed() -> None:
    async def large(head: bytes, body: bytes) -> bytes:
        return ok(b"x" * 5_000)

    async with serving(large) as server:
        connections = Connections(keep=1)
        found = await connections.post(server.url(), {}, b"q", limit=1_000, step_seconds=5)
        assert (found.status, found.body) == (200, None)
        assert connections.idle == []
        connections.close()


async def test_the_status_is_given_as_it_came() -> None:
    async def refusing(head: bytes, body: bytes) -> bytes:
        return b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 2\r\n\r\nno"

    async with serving(refusing) as server:
        connections = Connections(keep=1)
        found = await connections.post(server.url(), {}, b"q", limit=1_000, step_seconds=5)
        connections.close()
    assert (found.status, found.body) == (503, b"no")


async def test_a_server_that_does_not_answer_times_out_and_is_not_asked_again() -> None:
    async def silent(head: bytes, body: bytes) -> None:
        return None

    async with serving(silent) as server:
        connections = Connections(keep=1)
        began = asyncio.get_running_loop().time()
        with pytest.raises(CallTimedOut):
            await connections.post(server.url(), {}, b"q", limit=1_000, step_seconds=0.2)
        assert asyncio.get_running_loop().time() - began < 2
        assert connections.idle == []
        connections.close()
    assert len(server.requests) == 1


async def test_an_address_nobody_listens_on_fails() -> None:
    async with serving(echo) as server:
        url = server.url()
    connections = Connections(keep=1)
    with pytest.raises(CallFailed):
        await connections.post(url, {}, b"q", limit=1_000, step_seconds=5)


async def test_no_cookie_is_kept_between_calls() -> None:
    async def with_cookie(head: bytes, body: bytes) -> bytes:
        return ok(b"{}", "set-cookie: session=abc; Path=/")

    async with serving(with_cookie) as server:
        connections = Connections(keep=1)
        await post(connections, server.url(), "first")
        await post(connections, server.url(), "second")
        connections.close()
    assert all(b"cookie" not in head.lower() for head, _ in server.requests)


def test_targets_are_percent_encoded_and_hosts_named_with_their_port() -> None:
    origin, target = split_url("https://agent.example/answer/\u00e9t\u00e9?x=a b")
    assert (origin.scheme, origin.host, origin.port) == ("https", "agent.example", 443)
    assert origin.host_header == "agent.example"
    assert target == "/answer/%C3%A9t%C3%A9?x=a%20b"
    origin, target = split_url("http://[::1]:8080")
    assert (origin.host_header, target) == ("[::1]:8080", "/")
    with pytest.raises(CallFailed):
        split_url("ftp://agent.example/")
