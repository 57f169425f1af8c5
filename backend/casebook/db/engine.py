"""The async engine and session factory (asyncpg)."""

import sqlalchemy.ext.asyncio as sa_asyncio
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

SessionMaker = async_sessionmaker[AsyncSession]


def normalize_database_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs as operators write them."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+asyncpg://" + url[len(prefix) :]
    return url


# A server that does not answer fails a request in seconds (as UNAVAILABLE), not
# after asyncpg's default minute.
CONNECT_TIMEOUT_SECONDS = 5
# How long a request waits for a free connection when every one is busy.
POOL_TIMEOUT_SECONDS = 10


def create_engine(url: str, *, pool_size: int = 10) -> AsyncEngine:
    """The engine; ``pool_pre_ping`` checks a pooled connection before lending it, so
    connections a PostgreSQL restart cut are replaced instead of failing a request."""
    # Looked up on the module at each call, so tracing (when on) sees engines made after it.
    return sa_asyncio.create_async_engine(
        normalize_database_url(url),
        pool_size=pool_size,
        max_overflow=pool_size,
        pool_pre_ping=True,
        pool_timeout=POOL_TIMEOUT_SECONDS,
        connect_args={"timeout": CONNECT_TIMEOUT_SECONDS},
    )


def create_sessionmaker(engine: AsyncEngine) -> SessionMaker:
    return async_sessionmaker(engine, expire_on_commit=False)
