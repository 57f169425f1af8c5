"""The async engine and session factory (asyncpg)."""

import sqlalchemy.ext.asyncio as sa_asyncio
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from casebook.db.column_widths import refuse_text_past_column_widths
from casebook.db.liveness import check_before_lending
from casebook.domain.exact_json import load_json

SessionMaker = async_sessionmaker[AsyncSession]

refuse_text_past_column_widths()


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


def create_engine(url: str, *, pool_size: int = 10, overflow: int | None = None) -> AsyncEngine:
    """The engine: ``pool_size`` connections kept, and up to ``overflow`` more (as many
    again by default) opened under a burst and closed when returned. A pooled connection
    is checked before it is lent (``liveness``), so connections a PostgreSQL restart cut
    are replaced instead of failing a request."""
    # Looked up on the module at each call, so tracing (when on) sees engines made after it.
    engine = sa_asyncio.create_async_engine(
        normalize_database_url(url),
        pool_size=pool_size,
        max_overflow=pool_size if overflow is None else overflow,
        pool_timeout=POOL_TIMEOUT_SECONDS,
        connect_args={"timeout": CONNECT_TIMEOUT_SECONDS},
        json_deserializer=load_json,
        # A statement's parameters are what people typed - a case, a password hash, a
        # key's text: an error or a log line about the statement never shows them.
        hide_parameters=True,
    )
    check_before_lending(engine)
    return engine


class CasebookSessionMaker(async_sessionmaker[AsyncSession]):
    """Sessions for units of work, plus ``reader`` for sessions that only read.

    A reader runs each statement on its own (autocommit): no BEGIN before it and no
    ROLLBACK after it, two round trips saved per session. Under PostgreSQL's default
    isolation (read committed) each statement of a transaction sees its own snapshot
    anyway, so a read gives the same rows either way."""

    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(engine, expire_on_commit=False)
        self.reader: SessionMaker = async_sessionmaker(
            engine.execution_options(isolation_level="AUTOCOMMIT"), expire_on_commit=False
        )


def create_sessionmaker(engine: AsyncEngine) -> SessionMaker:
    return CasebookSessionMaker(engine)


def reading_session(sessionmaker: SessionMaker) -> AsyncSession:
    """A session for reads only (see ``CasebookSessionMaker``); any maker will do."""
    if isinstance(sessionmaker, CasebookSessionMaker):
        return sessionmaker.reader()
    return sessionmaker()
