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
import contextlib
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from strawberry.extensions import SchemaExtension

from casebook.services.identity.auth import Authentication
from casebook.services.kernel.errors import ServiceError

T = TypeVar("T")


@dataclass
class LivePrincipal:
    """A websocket's credentials, and when they were last checked."""

    authenticate: Callable[[], Awaitable[Authentication]]
    every_seconds: float
    checked_at: float = field(default_factory=time.monotonic)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def _fresh(self) -> bool:
        return time.monotonic() - self.checked_at < self.every_seconds

    async def recheck(self, context: Any) -> None:
        """Authenticate again unless checked within ``every_seconds``; the context then acts
        as whoever the credentials are now (nobody, when they were refused)."""
        if self._fresh():
            return
        async with self.lock:
            if self._fresh():
                return
            try:
                auth = await self.authenticate()
            except ServiceError as error:
                auth = Authentication(None, "rejected", rejection=error)
            self.checked_at = time.monotonic()
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
    checked again, before each event and whenever none came for ``every_seconds``; what it
    raises ends the subscription with that error. ``before_each_event=False`` is for a
    resolver whose handling of each event reads through the same access check anyway."""
    live: LivePrincipal | None = getattr(context, "live", None)
    every = live.every_seconds if live is not None else None
    pending: asyncio.Task[T] | None = None
    try:
        while True:
            if pending is None:
                pending = asyncio.ensure_future(anext(events))
            done, _ = await asyncio.wait({pending}, timeout=every)
            await recheck_principal(context)
            if before_each_event or not done:
                await still_allowed()
            if not done:
                continue
            try:
                event = pending.result()
            except StopAsyncIteration:
                return
            pending = None
            yield event
    finally:
        if pending is not None and not pending.done():
            pending.cancel()
            with contextlib.suppress(BaseException):
                await pending
        closing = getattr(events, "aclose", None)
        if closing is not None:
            await closing()
