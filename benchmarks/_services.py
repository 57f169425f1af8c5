"""Real PostgreSQL for a benchmark: DATABASE_URL's server, else an embedded one."""

import asyncio
import os
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg

from casebook.db.engine import normalize_database_url


@contextmanager
def bench_database() -> Iterator[str]:
    """A fresh database URL (asyncpg dialect) that is dropped afterwards."""
    server_url = os.environ.get("DATABASE_URL")
    embedded = None
    if not server_url:
        from casebook.devservices import EmbeddedServices

        embedded = EmbeddedServices(
            Path(tempfile.mkdtemp(prefix="casebook-bench-")), database="postgres"
        )
        server_url = embedded.start().database_url
    server_url = normalize_database_url(server_url)
    plain = server_url.replace("postgresql+asyncpg://", "postgresql://", 1)
    name = f"casebook_bench_{uuid.uuid4().hex[:8]}"

    async def run(sql: str) -> None:
        connection = await asyncpg.connect(plain)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    asyncio.run(run(f'CREATE DATABASE "{name}"'))
    base, _, query = server_url.partition("?")
    url = base.rsplit("/", 1)[0] + f"/{name}" + (f"?{query}" if query else "")
    try:
        yield url
    finally:
        asyncio.run(run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        if embedded is not None:
            embedded.remove()
