"""Which errors are outages: the one classifier every edge and the worker ask."""

import asyncpg.exceptions as pg_errors
import pytest
import redis.exceptions as redis_errors
import sqlalchemy.exc as sa_errors

from casebook.services.kernel.errors import NotFound, Unavailable
from casebook.services.kernel.outages import POSTGRES, REDIS, Backoff, outage_of


def _raised_by_redis_client() -> OSError:
    import redis.asyncio.connection as connection_module

    # An OSError whose traceback passes through redis-py, as a refused socket does.
    code = compile(
        "raise ConnectionRefusedError(111, 'refused')", connection_module.__file__, "exec"
    )
    try:
        exec(code, {"__name__": "redis.asyncio.connection"})
    except OSError as error:
        return error
    raise AssertionError("unreachable")


def _chained(cause: BaseException) -> Exception:
    try:
        try:
            raise cause
        except BaseException as inner:
            raise RuntimeError("wrapped") from inner
    except RuntimeError as outer:
        return outer


@pytest.mark.parametrize(
    ("error", "system"),
    [
        (redis_errors.ConnectionError("Connection lost"), REDIS),
        (redis_errors.TimeoutError("Timeout reading"), REDIS),
        (redis_errors.BusyLoadingError("loading the dataset"), REDIS),
        (pg_errors.ConnectionDoesNotExistError("closed in the middle"), POSTGRES),
        (pg_errors.CannotConnectNowError("the database system is starting up"), POSTGRES),
        (pg_errors.AdminShutdownError("terminating connection"), POSTGRES),
        (pg_errors.TooManyConnectionsError("too many clients"), POSTGRES),
        (sa_errors.TimeoutError("QueuePool limit reached"), POSTGRES),
        (
            sa_errors.DBAPIError("SELECT 1", {}, Exception("gone"), connection_invalidated=True),
            POSTGRES,
        ),
        (Unavailable(REDIS), REDIS),
        (_chained(redis_errors.ConnectionError("lost")), REDIS),
        (_raised_by_redis_client(), REDIS),
    ],
)
def test_outages_name_their_system(error: BaseException, system: str) -> None:
    assert outage_of(error) == system


@pytest.mark.parametrize(
    "error",
    [
        ValueError("bad"),
        NotFound("dataset"),
        pg_errors.UniqueViolationError("duplicate key"),
        pg_errors.QueryCanceledError("statement timeout"),  # a slow query, not an outage
        sa_errors.DBAPIError("SELECT 1", {}, Exception("syntax"), connection_invalidated=False),
        redis_errors.ResponseError("WRONGTYPE"),
        FileNotFoundError(2, "no such file"),  # raised by our own code, not a client's
        ConnectionRefusedError(111, "refused"),
    ],
)
def test_other_errors_are_not_outages(error: BaseException) -> None:
    assert outage_of(error) is None


def test_backoff_doubles_up_to_its_cap_with_a_little_jitter() -> None:
    backoff = Backoff(first=1, cap=8)
    delays = [backoff.next_delay() for _ in range(6)]
    for delay, ceiling in zip(delays, [1, 2, 4, 8, 8, 8], strict=True):
        assert 0.8 * ceiling <= delay <= ceiling
    backoff.reset()
    assert backoff.next_delay() <= 1
