"""One Redis pub/sub connection per API process, fanned out to every local listener.

A subscription (a websocket watching a job or an eval run) does not open a
Redis connection of its own: it registers a listener for a channel with the
process's hub. The hub subscribes to a channel when its first listener
arrives and unsubscribes when its last one leaves, and copies each message, in
the order Redis delivered it, into every listener's bounded queue. So 1,000
viewers of one run cost one Redis connection per process, not 1,000. Its
channels are those of its Redis database (``pubsub``: on the wire, a channel
carries the database's number). A worker holds one too, for its queue's wake
channel (``jobs.resilient``).

Rules a listener can rely on:

- **Subscribed before it reads.** ``listen`` returns once Redis has
  confirmed the channel's subscription, so a state read afterwards misses no
  change published later. When Redis cannot be reached at that moment,
  ``listen`` returns after ``confirm_timeout`` with the listener owing a
  ``RESYNC`` (below): the read then comes first and is repeated once the
  subscription is confirmed.
- **Nothing skipped silently.** When the connection is lost, the hub
  reconnects with exponential backoff, subscribes every channel again and,
  once each is confirmed, gives its listeners ``RESYNC``: messages published
  meanwhile are gone, so the listener reads the current state again (from
  PostgreSQL, its record) and carries on.
- **One message, one object.** Every listener of a channel receives the same
  ``Message`` for a message Redis delivered, so what they all derive from it
  (the decoded state, the value a subscription sends) is derived once
  (``Message.derive``), not once per listener.
- **Bounded memory.** A listener that falls ``queue_size`` messages behind
  is ended: its next read raises ``LimitExceededError`` saying so, and its
  queue is dropped, rather than the process holding an unbounded backlog for
  a client that does not read.
"""

import asyncio
import contextlib
import os
import random
from collections import deque
from collections.abc import AsyncIterator, Callable, Hashable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

import structlog
from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from casebook.services.kernel import pubsub as channels_of_redis
from casebook.services.kernel.errors import LimitExceededError, ServiceError, Unavailable
from casebook.services.kernel.outages import REDIS_OUTAGE

log = structlog.get_logger("casebook.live")

QUEUE_SIZE = 1000
CONFIRM_TIMEOUT_SECONDS = 2.0
BACKOFF_FIRST_SECONDS = 0.05
BACKOFF_CAP_SECONDS = 5.0
# Silence this long on the connection sends a PING; a second silence this long ends it.
IDLE_PING_SECONDS = 15.0


def client_name(kind: str = "live") -> str:
    """How the process's connection of this ``kind`` is named in Redis (``CLIENT LIST``)."""
    return f"casebook-{kind}-{os.getpid()}"


class Resync:
    """The listener may have missed messages: read the current state again."""

    def __repr__(self) -> str:
        return "RESYNC"


RESYNC: Final = Resync()
T = TypeVar("T")


class Message:
    """A message of a channel as Redis delivered it, shared by all of its listeners."""

    __slots__ = ("_derived", "data")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._derived: dict[Hashable, Any] = {}

    def derive(self, key: Hashable, make: Callable[[bytes], T]) -> T:
        """``make(data)``, made by the first listener that asks under ``key`` and handed
        to the others as it is: ``make`` must not depend on who asks."""
        try:
            return self._derived[key]  # type: ignore[no-any-return]
        except KeyError:
            made = self._derived[key] = make(self.data)
            return made

    def __repr__(self) -> str:
        return f"Message({self.data!r})"


Event = Message | Resync
_LOST: Final = (RedisConnectionError, RedisTimeoutError, OSError)


class _End:
    pass


_END: Final = _End()


class Listener:
    """One consumer's view of a channel: its messages in order, or ``RESYNC``."""

    def __init__(self, channel: str, queue_size: int) -> None:
        self.channel = channel
        # A deque and the reader's one waiting future rather than an asyncio.Queue: an
        # event for 1,000 viewers is 1,000 deliveries, and the queue's bookkeeping for
        # producers and task counts (none of which a listener has) cost more than this.
        self._queue: deque[Event | _End] = deque()
        self._reader: asyncio.Future[None] | None = None
        self._bound = queue_size
        self._ended: ServiceError | None = None
        # Owed a RESYNC once its channel is (again) confirmed.
        self.resync_owed = False

    def deliver(self, event: Event) -> bool:
        """Queue ``event``; ``False`` (and the listener ended) when it is too far behind."""
        if self._ended is not None:
            return True
        if len(self._queue) >= self._bound:
            self.end(
                LimitExceededError(
                    f"live updates for this subscription fell {self._bound} events "
                    "behind and it was ended; subscribe again to read the current state"
                )
            )
            return False
        self._put(event)
        return True

    def _put(self, event: Event | _End) -> None:
        self._queue.append(event)
        reader = self._reader
        if reader is not None and not reader.done():
            reader.set_result(None)

    def end(self, error: ServiceError) -> None:
        """End the listener: its next read raises ``error``; its backlog is dropped now."""
        if self._ended is None:
            self._ended = error
            self._queue.clear()
            self._put(_END)

    @property
    def ended(self) -> ServiceError | None:
        return self._ended

    def __aiter__(self) -> "Listener":
        return self

    async def __anext__(self) -> Event:
        while not self._queue:
            self._reader = asyncio.get_running_loop().create_future()
            try:
                await self._reader
            finally:
                self._reader = None
        event = self._queue.popleft()
        if isinstance(event, _End):
            assert self._ended is not None
            raise self._ended
        return event


@dataclass
class _Channel:
    listeners: set[Listener] = field(default_factory=set)
    confirmed: asyncio.Event = field(default_factory=asyncio.Event)


class LiveHub:
    """The process's one pub/sub connection (``redis_url``), opened on first use."""

    def __init__(
        self,
        redis_url: str,
        *,
        queue_size: int = QUEUE_SIZE,
        confirm_timeout: float = CONFIRM_TIMEOUT_SECONDS,
        idle_ping_seconds: float = IDLE_PING_SECONDS,
        kind: str = "live",
        purpose: str = "live updates",
    ) -> None:
        """``kind`` names the connection (``client_name``), ``purpose`` what its log
        lines are about."""
        self.redis_url = redis_url
        self.kind, self.purpose = kind, purpose
        self._database = channels_of_redis.database_of_url(redis_url)
        self.queue_size = queue_size
        self.confirm_timeout = confirm_timeout
        self.idle_ping_seconds = idle_ping_seconds
        self._channels: dict[str, _Channel] = {}
        # SUBSCRIBE replies still to come per channel: only the last confirms it (an
        # earlier one may precede an UNSUBSCRIBE sent since).
        self._outstanding: dict[str, int] = {}
        self._pubsub: PubSub | None = None
        self._client: Redis | None = None
        self._runner: asyncio.Task[None] | None = None
        self._closed = False
        # How many times the connection was (re)established; tests and metrics read it.
        self.connections_made = 0

    @property
    def channels(self) -> list[str]:
        """The channels listened to, named as the code names them."""
        return [wire.split(":", 1)[1] for wire in self._channels]

    def _on_the_wire(self, channel: str) -> str:
        # Keyed and subscribed by the name on the wire: Redis answers with it.
        return channels_of_redis.on_the_wire(self._database, channel)

    def subscribed(self, channel: str) -> bool:
        """Whether Redis has confirmed ``channel`` for listeners already here: a new
        listener of it then subscribes nothing more and waits for nothing."""
        found = self._channels.get(self._on_the_wire(channel))
        return found is not None and found.confirmed.is_set()

    def listeners_of(self, channel: str) -> int:
        found = self._channels.get(self._on_the_wire(channel))
        return len(found.listeners) if found else 0

    @asynccontextmanager
    async def listen(self, channel: str) -> AsyncIterator[Listener]:
        """A listener of ``channel``, subscribed (see the module's rules) while the block runs."""
        if self._closed:
            raise Unavailable("live updates")
        listener = Listener(channel, self.queue_size)
        channel = self._on_the_wire(channel)
        entry = self._channels.get(channel)
        first = entry is None
        if entry is None:
            entry = self._channels[channel] = _Channel()
        entry.listeners.add(listener)
        try:
            self._start()
            if first:
                await self._send("subscribe", channel)
            if not entry.confirmed.is_set():
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.confirm_timeout):
                        await entry.confirmed.wait()
                if not entry.confirmed.is_set():
                    # Redis is away: the caller reads now and again once it is back.
                    listener.resync_owed = True
            yield listener
        finally:
            entry.listeners.discard(listener)
            if not entry.listeners and self._channels.get(channel) is entry:
                del self._channels[channel]
                await self._send("unsubscribe", channel)

    async def close(self) -> None:
        """Stop the connection and end every listener (the process is shutting down)."""
        self._closed = True
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(BaseException):
                await self._runner
            self._runner = None
        for entry in self._channels.values():
            for listener in entry.listeners:
                listener.end(Unavailable("live updates"))
        await self._drop_connection()

    def _start(self) -> None:
        if self._runner is None or self._runner.done():
            self._runner = asyncio.create_task(self._run(), name="casebook-live-hub")

    async def _send(self, command: str, channel: str) -> None:
        """SUBSCRIBE or UNSUBSCRIBE on the live connection; while there is none, the
        reconnection subscribes what is wanted then."""
        pubsub = self._pubsub
        if pubsub is None:
            return
        try:
            if command == "subscribe":
                self._outstanding[channel] = self._outstanding.get(channel, 0) + 1
                await pubsub.subscribe(channel)
            else:
                await pubsub.unsubscribe(channel)
        except (*_LOST, RedisError) as error:
            # The reader sees the same loss and reconnects; the channel is then subscribed
            # again if it still has listeners.
            log.info(
                f"{self.purpose}: a pub/sub command was not sent",
                command=command,
                channel=channel,
                error=type(error).__name__,
            )

    async def _run(self) -> None:
        delay = BACKOFF_FIRST_SECONDS
        while not self._closed:
            try:
                await self._connect()
                delay = BACKOFF_FIRST_SECONDS
                REDIS_OUTAGE.reached(self.purpose)
                await self._read()
            except asyncio.CancelledError:
                raise
            except (*_LOST, RedisError) as error:
                # Said once for the process, not at every try (``OutageLog``).
                REDIS_OUTAGE.lost(self.purpose, error)
                log.debug(
                    f"{self.purpose} lost their Redis connection; reconnecting",
                    error=type(error).__name__,
                    retry_in_seconds=round(delay, 2),
                )
            except Exception:
                log.exception(f"the hub of {self.purpose} failed; reconnecting")
            await self._lose()
            await asyncio.sleep(delay * (0.5 + random.random()))  # noqa: S311  # jitter, not crypto
            delay = min(delay * 2, BACKOFF_CAP_SECONDS)

    async def _connect(self) -> None:
        # No retries inside redis-py: a lost connection must reach this loop, which then
        # tells the listeners (redis-py would otherwise resubscribe silently).
        self._client = Redis.from_url(
            self.redis_url, socket_connect_timeout=2, client_name=client_name(self.kind)
        )
        pubsub = self._client.pubsub()
        await pubsub.connect()
        self._pubsub = pubsub
        self.connections_made += 1
        wanted = list(self._channels)
        for channel in wanted:
            self._outstanding[channel] = self._outstanding.get(channel, 0) + 1
        if wanted:
            await pubsub.subscribe(*wanted)

    async def _read(self) -> None:
        pubsub = self._pubsub
        assert pubsub is not None
        pinged = False
        while True:
            message = await pubsub.get_message(timeout=self.idle_ping_seconds)
            if message is None:
                if pinged:
                    raise RedisTimeoutError("no answer to a PING on the live connection")
                await pubsub.ping()
                pinged = True
                continue
            pinged = False
            self._dispatch(message)

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind not in ("message", "subscribe"):
            return
        channel = message["channel"]
        name = channel.decode() if isinstance(channel, bytes) else str(channel)
        entry = self._channels.get(name)
        if kind == "message":
            if entry is not None:
                self._fan_out(entry, message["data"])
            return
        outstanding = self._outstanding.pop(name, 0) - 1
        if outstanding > 0:
            self._outstanding[name] = outstanding
            return
        if entry is None:
            return
        # A confirmation nobody waited for can only mean the connection was established
        # again under us, so the channel's listeners may have missed messages.
        again = outstanding < 0 or entry.confirmed.is_set()
        entry.confirmed.set()
        for listener in list(entry.listeners):
            if again or listener.resync_owed:
                listener.resync_owed = False
                if not listener.deliver(RESYNC):
                    entry.listeners.discard(listener)

    def _fan_out(self, entry: _Channel, data: bytes) -> None:
        message = Message(data)
        overflowed = [listener for listener in entry.listeners if not listener.deliver(message)]
        for listener in overflowed:
            entry.listeners.discard(listener)

    async def _lose(self) -> None:
        self._outstanding.clear()
        for entry in self._channels.values():
            entry.confirmed.clear()
            for listener in entry.listeners:
                listener.resync_owed = True
        await self._drop_connection()

    async def _drop_connection(self) -> None:
        pubsub, client = self._pubsub, self._client
        self._pubsub = self._client = None
        with contextlib.suppress(Exception):
            if pubsub is not None:
                await pubsub.aclose()  # type: ignore[no-untyped-call]
        with contextlib.suppress(Exception):
            if client is not None:
                await client.aclose()
