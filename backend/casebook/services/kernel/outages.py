"""Which errors mean a system of record cannot be reached right now.

PostgreSQL restarting, Redis gone, a pool with no connection to spare: the
request was fine and the same request will work again shortly. Every layer
asks this one module, so such an error is answered ``UNAVAILABLE`` (HTTP 503)
at the edge, waited out by jobs and the worker, and never reported as a
defect of the server.
"""

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterator
from types import TracebackType
from typing import TypeVar

import asyncpg.exceptions as pg_errors
import redis.exceptions as redis_errors
import sqlalchemy.exc as sa_errors
import structlog

from casebook.services.kernel.errors import Unavailable

T = TypeVar("T")

POSTGRES = "PostgreSQL"
REDIS = "Redis"

log = structlog.get_logger("casebook.outages")

_POSTGRES_DOWN = (
    pg_errors.PostgresConnectionError,  # connection lost, refused or never established
    pg_errors.AdminShutdownError,  # the server is shutting down
    pg_errors.CrashShutdownError,
    pg_errors.CannotConnectNowError,  # starting up or shutting down
    pg_errors.TooManyConnectionsError,
)
_REDIS_DOWN = (
    redis_errors.ConnectionError,  # includes a server still loading its data set
    redis_errors.TimeoutError,
    redis_errors.ReadOnlyError,  # a replica answering while the primary fails over
)


def _chain(error: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _driver_of(traceback: TracebackType | None) -> str | None:
    """The system whose client code an error passed through, read from its traceback."""
    while traceback is not None:
        module = str(traceback.tb_frame.f_globals.get("__name__", ""))
        if module.startswith("redis"):
            return REDIS
        if module.startswith(("asyncpg", "sqlalchemy")):
            return POSTGRES
        traceback = traceback.tb_next
    return None


def outage_of(error: BaseException) -> str | None:
    """The system (``PostgreSQL`` or ``Redis``) the error says is unreachable, else ``None``."""
    for cause in _chain(error):
        if isinstance(cause, Unavailable):
            return cause.system
        if isinstance(cause, _REDIS_DOWN):
            return REDIS
        if isinstance(cause, _POSTGRES_DOWN):
            return POSTGRES
        if isinstance(cause, sa_errors.TimeoutError):  # the pool had no connection to lend
            return POSTGRES
        if isinstance(cause, sa_errors.DBAPIError) and cause.connection_invalidated:
            return POSTGRES
        # A refused or cut socket surfaces as a plain OSError: whose it is shows in
        # the client code it passed through.
        if isinstance(cause, OSError) and (system := _driver_of(cause.__traceback__)):
            return system
    return None


def as_unavailable(error: BaseException) -> Unavailable | None:
    system = outage_of(error)
    return Unavailable(system) if system else None


class Backoff:
    """Waits that double from ``first`` up to ``cap`` seconds, with jitter so that
    many processes coming back at once do not arrive in step."""

    def __init__(self, first: float = 0.2, cap: float = 10.0) -> None:
        self.first, self.cap = first, cap
        self.failures = 0

    def next_delay(self) -> float:
        delay = min(self.cap, self.first * 2**self.failures)
        self.failures += 1
        return float(delay * random.uniform(0.8, 1.0))  # noqa: S311 — jitter, not a secret

    async def wait(self) -> None:
        await asyncio.sleep(self.next_delay())

    def reset(self) -> None:
        self.failures = 0


async def until_reachable(
    attempt: Callable[[], Awaitable[T]],
    *,
    on_outage: Callable[[str, int], None] | None = None,
    backoff: Backoff | None = None,
) -> T:
    """Run ``attempt`` until it succeeds, waiting out outages; other errors propagate."""
    backoff = backoff or Backoff()
    while True:
        try:
            return await attempt()
        except Exception as error:
            system = outage_of(error)
            if system is None:
                raise
            if on_outage is not None:
                on_outage(system, backoff.failures + 1)
            await backoff.wait()


class OutageLog:
    """Says once that a system cannot be reached and once that it is back, however many
    parts of the process notice (a worker's polls, the live hub, every publish) and
    however often each tries again meanwhile: an outage is two lines in the log, not one
    a try. ``lost`` and ``reached`` are cheap enough to call at every failure and every
    success."""

    def __init__(self, system: str) -> None:
        self.system = system
        self.down = False

    def lost(self, noticed_by: str, error: BaseException | None = None) -> None:
        if self.down:
            return
        self.down = True
        log.warning(
            f"{self.system} cannot be reached; waiting for it",
            noticed_by=noticed_by,
            error=type(error).__name__ if error is not None else None,
        )

    def reached(self, noticed_by: str) -> None:
        if not self.down:
            return
        self.down = False
        log.info(f"{self.system} is reachable again", noticed_by=noticed_by)


# This process's Redis: what its parts say when they cannot reach it.
REDIS_OUTAGE = OutageLog(REDIS)
