"""Real PostgreSQL and Redis for the test run: the configured servers, else embedded ones."""

import asyncio
import os
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import asyncpg
import redis.asyncio as aioredis

from casebook.db.engine import normalize_database_url


@dataclass(frozen=True)
class RunningServices:
    database_url: str
    redis_url: str


def _asyncpg_dsn(url: str) -> str:
    return normalize_database_url(url).replace("postgresql+asyncpg://", "postgresql://", 1)


def _with_database(url: str, database: str) -> str:
    parsed = urlparse(url)
    return urlunparse(parsed._replace(path=f"/{database}"))


async def _create_database(server_url: str, name: str) -> None:
    """A throwaway database. Its commits do not wait for the disk (``synchronous_commit``
    off): a crash may lose the last moments of a test run, never corrupt anything."""
    connection = await asyncpg.connect(_asyncpg_dsn(server_url))
    try:
        await connection.execute(f'CREATE DATABASE "{name}"')
        await connection.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    finally:
        await connection.close()


async def _drop_database(server_url: str, name: str) -> None:
    connection = await asyncpg.connect(_asyncpg_dsn(server_url))
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await connection.close()


def _xdist_worker_index() -> int:
    """0 for a plain run; N for pytest-xdist's worker ``gwN``."""
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))


def _test_redis_url(url: str) -> str:
    """Tests use database 15 of a configured Redis, so they never touch real queues; a
    parallel run's second process uses 14, and so on (its keys, queues and live channels
    apart). Embedded servers are each process's own."""
    if url.startswith("unix://"):
        return url
    index = _xdist_worker_index()
    if index >= 8:
        raise RuntimeError("at most 8 test processes share a configured Redis (databases 15 to 8)")
    parsed = urlparse(url)
    return urlunparse(parsed._replace(path=f"/{15 - index}"))


async def flush_redis(url: str) -> None:
    """Empties the Redis database ``url`` names."""
    client = aioredis.from_url(url)
    try:
        await client.flushdb()
    finally:
        await client.aclose()


@asynccontextmanager
async def scratch_database(database_url: str, suffix: str) -> AsyncIterator[str]:
    """A database of its own beside the test database on the same server, dropped after."""
    name = f"{urlparse(database_url).path.lstrip('/')}_{suffix}"
    await _create_database(database_url, name)
    try:
        yield _with_database(database_url, name)
    finally:
        await _drop_database(database_url, name)


@contextmanager
def running_services() -> Iterator[RunningServices]:
    database_url = os.environ.get("DATABASE_URL")
    redis_url = os.environ.get("REDIS_URL")
    embedded = None
    tmp = None
    if not (database_url and redis_url):
        from casebook.devservices import EmbeddedServices

        tmp = tempfile.mkdtemp(prefix="casebook-test-")
        embedded = EmbeddedServices(Path(tmp), database="postgres")
        urls = embedded.start()
        database_url, redis_url = urls.database_url, urls.redis_url
    name = f"casebook_test_{uuid.uuid4().hex[:10]}"
    redis_url = _test_redis_url(redis_url)
    asyncio.run(_create_database(database_url, name))
    asyncio.run(flush_redis(redis_url))
    try:
        yield RunningServices(_with_database(normalize_database_url(database_url), name), redis_url)
    finally:
        asyncio.run(_drop_database(database_url, name))
        if embedded is not None:
            embedded.remove()
