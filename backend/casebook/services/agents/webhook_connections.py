"""HTTP/1.1 POSTs to webhook agents over connections kept open between calls.

An eval run asks a webhook agent hundreds of questions, up to its concurrency at once.
Made through httpx, each call costs about a millisecond and a half of CPU on this
project's machines (a client, its pool, anyio streams, request and response models) -
as much as everything else an eval run does for an answer. Here a call is h11 (the
protocol engine httpx itself uses) over an asyncio stream: the request written, the
response read up to a bound, the connection kept for the next call when both sides
allow it.

What a call keeps of httpx's behaviour: TLS verified with the shared context and the
host's name; each step (connecting, writing, each read) has the agent's timeout; no
redirect is followed; no cookie is kept. A connection is made to an address the
outbound policy checked (``llm.outbound``), never to the name, so a name that resolves
to a private address - or to another address than it did when the agent was saved - is
refused before a byte is sent; the ``Host`` header and TLS keep the name. A connection the server closed while it was
idle is noticed before it is reused. A call is never sent twice: a connection that
fails during a call fails the call (the agent may have received it), and the run
records the failure as it records any unreachable agent.
"""

import asyncio
import ssl
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

import h11

from casebook.llm.outbound import AddressRefused, NameNotResolved, OutboundPolicy
from casebook.llm.tls import tls_context

READ_CHUNK = 65_536
# What a request target may hold as it is (RFC 3986); anything else is percent-encoded.
_SAFE = "/%:@!$&'()*+,;=-._~"


class CallTimedOut(Exception):
    pass


class CallFailed(Exception):
    pass


class CallRefused(Exception):
    """The agent's host is, or resolves to, an address Casebook does not call."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Origin:
    scheme: str
    host: str
    port: int

    @property
    def host_header(self) -> str:
        default = 443 if self.scheme == "https" else 80
        host = self.host.encode("idna").decode("ascii") if not self.host.isascii() else self.host
        host = f"[{host}]" if ":" in host else host
        return host if self.port == default else f"{host}:{self.port}"


def split_url(url: str) -> tuple[Origin, str]:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise CallFailed("not an http(s) URL")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    target = quote(parts.path or "/", safe=_SAFE) + (
        f"?{quote(parts.query, safe=_SAFE + '?')}" if parts.query else ""
    )
    return Origin(parts.scheme, parts.hostname, port), target


@dataclass(frozen=True)
class Response:
    status: int
    body: bytes | None  # None: larger than the bound (reading stopped there)


class Connection:
    """One connection to one origin, one call at a time."""

    def __init__(
        self, origin: Origin, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.origin = origin
        self.reader = reader
        self.writer = writer
        self.protocol = h11.Connection(our_role=h11.CLIENT)

    @classmethod
    async def open(
        cls, origin: Origin, step_seconds: float, outbound: OutboundPolicy
    ) -> "Connection":
        """Connected to the first checked address of the origin's host that answers."""
        context: ssl.SSLContext | None = tls_context() if origin.scheme == "https" else None
        async with asyncio.timeout(step_seconds):
            try:
                addresses = await outbound.addresses(origin.host, origin.port)
            except AddressRefused as refused:
                raise CallRefused(str(refused)) from None
            except NameNotResolved:
                raise CallFailed("NameNotResolved") from None
            for place, address in enumerate(addresses):
                try:
                    reader, writer = await asyncio.open_connection(
                        address,
                        origin.port,
                        ssl=context,
                        server_hostname=origin.host if context is not None else None,
                        limit=READ_CHUNK,
                    )
                    return cls(origin, reader, writer)
                except OSError:
                    if place == len(addresses) - 1:
                        raise
        raise AssertionError("unreachable: the last address connects or raises")

    def reusable(self) -> bool:
        """Ready for another call: the last one ended cleanly and the server has not
        closed the connection since."""
        return (
            self.protocol.our_state is h11.IDLE
            and self.protocol.their_state is h11.IDLE
            and not self.reader.at_eof()
            and not self.writer.is_closing()
        )

    async def post(
        self, target: str, headers: dict[str, str], body: bytes, limit: int, step_seconds: float
    ) -> Response:
        send = self.protocol.send
        request = h11.Request(
            method="POST",
            target=target,
            headers=[
                ("host", self.origin.host_header),
                ("content-length", str(len(body))),
                ("accept", "*/*"),
                ("user-agent", "casebook"),
                *headers.items(),
            ],
        )
        data = b"".join(
            piece
            for piece in (send(request), send(h11.Data(data=body)), send(h11.EndOfMessage()))
            if piece
        )
        self.writer.write(data)
        async with asyncio.timeout(step_seconds):
            await self.writer.drain()
        status = 0
        received = bytearray()
        too_large = False
        while True:
            event = self.protocol.next_event()
            if event is h11.NEED_DATA:
                async with asyncio.timeout(step_seconds):
                    chunk = await self.reader.read(READ_CHUNK)
                self.protocol.receive_data(chunk)
                continue
            if isinstance(event, h11.InformationalResponse):
                continue
            if isinstance(event, h11.Response):
                status = event.status_code
            elif isinstance(event, h11.Data):
                received += event.data
                if len(received) > limit:
                    too_large = True
                    break
            elif isinstance(event, h11.EndOfMessage):
                break
            elif isinstance(event, h11.ConnectionClosed):
                raise CallFailed("the connection closed before the reply ended")
        done = (self.protocol.our_state, self.protocol.their_state) == (h11.DONE, h11.DONE)
        if done and not too_large:
            self.protocol.start_next_cycle()
        return Response(status, None if too_large else bytes(received))

    def close(self) -> None:
        self.writer.close()


class Connections:
    """Idle connections kept for the next call: at most ``keep``. A call takes one to its
    origin, or opens one."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self.idle: list[Connection] = []
        self.closed = False

    def _take(self, origin: Origin) -> Connection | None:
        for place in range(len(self.idle) - 1, -1, -1):
            if self.idle[place].origin == origin:
                found = self.idle.pop(place)
                if found.reusable():
                    return found
                found.close()
        return None

    def _give_back(self, connection: Connection) -> None:
        if self.closed or not connection.reusable():
            connection.close()
            return
        self.idle.append(connection)
        while len(self.idle) > self.keep:
            self.idle.pop(0).close()

    async def post(
        self,
        url: str,
        headers: dict[str, str],
        body: bytes,
        *,
        limit: int,
        step_seconds: float,
        outbound: OutboundPolicy | None = None,
    ) -> Response:
        """POST ``body``; the status and the body (None past ``limit`` bytes). Raises
        ``CallTimedOut`` when a step takes longer than ``step_seconds``, ``CallFailed``
        when the server cannot be reached or breaks the protocol, ``CallRefused`` when
        ``outbound`` (the default policy when None) refuses its address."""
        origin, target = split_url(url)
        connection = self._take(origin)
        try:
            if connection is None:
                connection = await Connection.open(
                    origin, step_seconds, outbound or OutboundPolicy()
                )
            found = await connection.post(target, headers, body, limit, step_seconds)
        except TimeoutError:
            if connection is not None:
                connection.close()
            raise CallTimedOut() from None
        except (OSError, UnicodeError, h11.ProtocolError, CallFailed) as error:
            if connection is not None:
                connection.close()
            raise CallFailed(type(error).__name__) from None
        except BaseException:
            if connection is not None:
                connection.close()
            raise
        self._give_back(connection)
        return found

    def close(self) -> None:
        self.closed = True
        idle, self.idle = self.idle, []
        for connection in idle:
            connection.close()
