"""Live connections held to the same rules as requests.

A request is authenticated when it arrives. A websocket is authenticated at
connect and then serves operations for as long as it stays open, so its
credentials are checked again - the API key not revoked or expired, the
session not signed out, the member still in the organization and in the role
it had - before every operation and before every event a subscription sends,
at most ``LIVE_RECHECK_SECONDS`` after the last check (docs/live-connections.md).
A subscription is also checked that often while no event comes, so one whose
principal lost access ends with the error a request would get, rather than
waiting open for an event.
"""

import asyncio
import itertools
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from strawberry.extensions import SchemaExtension

from casebook.domain.access.policy import Actor
from casebook.services.identity.auth import Authentication
from casebook.services.kernel.errors import ServiceError, Unavailable

T = TypeVar("T")


# A process's sockets are checked on this many phases of the interval, in turn: the
# checks of one phase are still authenticated together, and no tick holds the event
# loop for every socket at once (1,000 viewers' checks together delayed the events
# that came due meanwhile by a quarter of a second).
CHECK_PHASES = 8
_next_phase = itertools.count()


@dataclass
class LivePrincipal:
    """A websocket's credentials, when they were last checked, and the phase of the
    interval its periodic checks fall on."""

    authenticate: Callable[[], Awaitable[Authentication]]
    every_seconds: float
    phase: int = field(default_factory=lambda: next(_next_phase) % CHECK_PHASES)
    # When the last check started: what it read is at least as recent as this, so a read
    # for access started later is at least as recent as the credentials it acts on.
    checked_at: float = field(default_factory=time.monotonic)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def due(self) -> bool:
        """Whether the credentials are to be checked again before anything is sent."""
        return time.monotonic() - self.checked_at >= self.every_seconds

    def _fresh(self, since: float | None) -> bool:
        if since is not None:
            return self.checked_at >= since
        return time.monotonic() - self.checked_at < self.every_seconds

    async def recheck(self, context: Any, *, since: float | None = None) -> None:
        """Authenticate again unless checked within ``every_seconds`` (or, given ``since``,
        at or after that moment); the context then acts as whoever the credentials are now
        (nobody, when they were refused)."""
        if self._fresh(since):
            return
        async with self.lock:
            if self._fresh(since):
                return
            started = time.monotonic()
            try:
                auth = await self.authenticate()
            except Unavailable:
                # The credentials could not be checked (PostgreSQL unreachable, or no
                # connection free): the operation ends UNAVAILABLE, to be tried again,
                # rather than its principal taken for refused. Checked again next time.
                raise
            except ServiceError as error:
                auth = Authentication(None, "rejected", rejection=error)
            self.checked_at = started
            services = context.services
            if auth.actor != services.actor or auth.rejection is not None:
                services.access.clear()
            # Mutated in place: resolvers of running subscriptions hold these objects.
            services.actor = auth.actor
            context.auth = auth


async def recheck_principal(context: Any) -> None:
    live: LivePrincipal | None = getattr(context, "live", None)
    if live is not None:
        await live.recheck(context)


class LivePrincipalCheck(SchemaExtension):
    """Before each operation of a websocket, its principal as it is now."""

    async def on_operation(self) -> AsyncIterator[None]:
        await recheck_principal(self.execution_context.context)
        yield


async def held(
    context: Any,
    events: AsyncIterator[T],
    still_allowed: Callable[[], Awaitable[object]],
    *,
    before_each_event: bool = True,
) -> AsyncGenerator[T, None]:
    """Relay ``events`` while ``still_allowed`` passes: it runs, after the principal is
    checked again, before each event and every ``every_seconds`` while the subscription
    is open; what it raises ends the subscription with that error. ``before_each_event=False``
    is for a resolver whose handling of each event reads through the same access check
    anyway.

    The periodic check runs beside the relay (``_Watch``) rather than around each wait
    for an event, so an event costs no task or timer of its own - 1,000 viewers of a busy
    run relay each event with nothing but the checks - and the sockets of a phase are
    checked on the same ticks of the process's clock, so their credentials are authenticated together
    (``services/identity/batched_auth``) and their reads for access shared
    (``checked_with_the_principal``)."""
    live: LivePrincipal | None = getattr(context, "live", None)
    watch = _Watch(context, live, still_allowed) if live is not None else None
    try:
        while True:
            if watch is not None:
                watch.raise_if_failed()
                watch.waiting = True
            try:
                event = await anext(events)
            except StopAsyncIteration:
                return
            except asyncio.CancelledError:
                if watch is not None:
                    watch.raise_if_it_interrupted()
                raise
            finally:
                if watch is not None:
                    watch.waiting = False
            if live is not None and live.due():  # most events: checked within the interval
                await live.recheck(context)
            if before_each_event:
                await still_allowed()
            yield event
    finally:
        if watch is not None:
            await watch.stop()
        closing = getattr(events, "aclose", None)
        if closing is not None:
            await closing()


def phase_offset(every: float, phase: int) -> float:
    return every * (phase % CHECK_PHASES) / CHECK_PHASES


def next_tick(every: float, phase: int = 0, now: float | None = None) -> float:
    """Seconds to the next instant of ``phase`` on the monotonic clock (a multiple of
    ``every`` shifted by the phase's share of it): every socket of a process on the same
    phase is checked at the same instants."""
    now = time.monotonic() if now is None else now
    return every - ((now - phase_offset(every, phase)) % every)


class _Watch:
    """A subscription's periodic check: every ``every_seconds``, on its phase's ticks,
    the principal again and then ``check``. When one fails while the subscription waits
    for an event, the wait is cancelled and the subscription ends with the failure;
    otherwise it ends so before its next event."""

    def __init__(
        self, context: Any, live: LivePrincipal, check: Callable[[], Awaitable[object]]
    ) -> None:
        self._context = context
        self._live = live
        self._check = check
        self._consumer = asyncio.current_task()
        self._failure: BaseException | None = None
        self._interrupted = False
        # True while the subscription waits for its next event (and nothing else).
        self.waiting = False
        self._task = asyncio.create_task(self._run(), name="casebook-live-check")

    async def _run(self) -> None:
        every = self._live.every_seconds
        offset = phase_offset(every, self._live.phase)
        while True:
            await asyncio.sleep(next_tick(every, self._live.phase))
            now = time.monotonic()
            # The instant every socket of the process on this phase shares.
            tick = round((now - offset) / every) * every + offset
            try:
                # Once per socket and tick, whichever of its subscriptions comes first.
                await self._live.recheck(self._context, since=tick - every / 4)
                await self._check()
            except Exception as error:
                self._failure = error
                if self.waiting and self._consumer is not None:
                    self._interrupted = True
                    self._consumer.cancel()
                return

    def raise_if_failed(self) -> None:
        if self._failure is not None:
            raise self._failure

    def raise_if_it_interrupted(self) -> None:
        """Called as a wait for an event was cancelled: when this watch cancelled it (and
        nobody else did too), the subscription ends with the failure instead."""
        if not self._interrupted or self._consumer is None:
            return
        self._interrupted = False
        if self._consumer.uncancel() == 0 and self._failure is not None:
            raise self._failure from None

    async def stop(self) -> None:
        """End the check. Whatever it ended with is its own; but a cancel of the
        subscription itself met while waiting for it (its client completed it, or its
        socket closed, as it ended) goes on up: swallowed, the subscription would carry
        on as if nobody had stopped it."""
        self._task.cancel()
        try:
            await self._task
        except BaseException:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise


def checked_with_the_principal(
    context: Any,
    check: Callable[[], Awaitable[object]],
    *,
    shared_as: Hashable | None = None,
    passed_now: bool = False,
) -> Callable[[], Awaitable[object]]:
    """``check`` (a read of the watched resource, for access) run again only when the
    socket's principal has been checked again since it last passed - at most every
    ``every_seconds``, as the principal is - rather than before each of a busy run's
    events. ``passed_now``: the caller has just read the resource through the same check.

    With ``shared_as`` naming the read (``("eval-run", 7)``), one read serves every
    subscription of the process whose principal is the same member with the same role
    and scopes, when it started after that principal was last checked: it is as fresh
    as a read of its own, and decides the same (access depends on who the member is, its
    role and its key's scopes). 1,000 viewers of a run then cost one read per interval
    per distinct reader, not 1,000. Without a live principal (no websocket) it runs
    every time."""
    passed_at: float | None = time.monotonic() if passed_now else None

    async def throttled() -> object:
        nonlocal passed_at
        live: LivePrincipal | None = getattr(context, "live", None)
        if live is not None and passed_at is not None and live.checked_at <= passed_at:
            return None
        if shared_as is None or live is None:
            found = await check()
        else:
            reader = _reader(context)
            found = await _SHARED_CHECKS.decide((shared_as, reader), live.checked_at, check)
        passed_at = time.monotonic()
        return found

    return throttled


def _reader(context: Any) -> Actor | None:
    """Who a read decides for: the actor, whichever of the member's keys it came with."""
    actor: Actor | None = context.services.actor
    return replace(actor, api_key_id=None) if actor is not None else None


class SharedChecks:
    """Reads for access made once for the subscriptions that ask the same thing as the
    same reader: the latest read per question, reused by a caller whose principal was
    checked before it started."""

    def __init__(self) -> None:
        self._latest: dict[Hashable, tuple[float, asyncio.Future[object]]] = {}

    async def decide(
        self, question: Hashable, not_before: float, check: Callable[[], Awaitable[object]]
    ) -> object:
        found = self._latest.get(question)
        if found is not None and found[0] >= not_before:
            try:
                return await asyncio.shield(found[1])
            except asyncio.CancelledError:
                current = asyncio.current_task()
                if not found[1].cancelled() or (current is not None and current.cancelling()):
                    raise
                # The read was abandoned by the one making it (its subscriber left).
            return await check()
        started = time.monotonic()
        outcome: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self._latest[question] = (started, outcome)
        self._forget_older_than(started - STALE_CHECK_SECONDS)
        # Made here, not in a task of its own: ``check`` reads the caller's actor as it
        # starts, the actor ``question`` was made from.
        try:
            value = await check()
        except asyncio.CancelledError:
            outcome.cancel()
            raise
        except BaseException as error:
            outcome.set_exception(error)
            outcome.exception()  # retrieved: whoever shares it raises it
            raise
        outcome.set_result(value)
        return value

    def _forget_older_than(self, moment: float) -> None:
        if len(self._latest) < SHARED_CHECKS_SWEEP_AT:
            return
        for question in [q for q, (at, _) in self._latest.items() if at < moment]:
            del self._latest[question]


# A decision older than this is of no use to anyone (principals are checked far more often).
STALE_CHECK_SECONDS = 600.0
SHARED_CHECKS_SWEEP_AT = 1024
_SHARED_CHECKS = SharedChecks()
