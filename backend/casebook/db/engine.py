"""The async engine and session factory (asyncpg)."""

from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

SessionMaker = async_sessionmaker[AsyncSession]


def normalize_database_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs as operators write them."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+asyncpg://" + url[len(prefix) :]
    return url


def create_engine(url: str, *, pool_size: int = 10) -> AsyncEngine:
    return create_async_engine(
        normalize_database_url(url),
        pool_size=pool_size,
        max_overflow=pool_size,
        pool_pre_ping=True,
    )


def create_sessionmaker(engine: AsyncEngine) -> SessionMaker:
    return async_sessionmaker(engine, expire_on_commit=False)
