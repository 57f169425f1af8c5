"""An app or worker given an engine leaves it to its owner; one that made its own disposes it.

The tests hand one engine to every app and burst worker of a run (``api_engine`` and
``worker_engine``), so that each test finds the statements compiled and the connections
open; an app that disposed an engine it was lent would close them under the next test.
"""

from typing import Any

from asgi_lifespan import LifespanManager
from redis.asyncio import Redis
from sqlalchemy import text

from casebook.app import create_api_engine, create_app
from casebook.config import Settings
from casebook.jobs.worker import create_worker, create_worker_engine


def _pooled_connections(engine: Any) -> int:
    return int(engine.sync_engine.pool.checkedin())


async def _serve_one_query(app: Any) -> None:
    async with LifespanManager(app), app.state.casebook.sessionmaker() as session:
        await session.execute(text("SELECT 1"))


async def test_an_app_leaves_a_lent_engine_open_and_disposes_its_own(
    settings: Settings, engine: Any
) -> None:
    """``engine``: the test database, migrated."""
    lent = create_api_engine(settings)
    try:
        await _serve_one_query(create_app(settings, engine=lent))
        assert _pooled_connections(lent) == 1
    finally:
        await lent.dispose()

    own = create_app(settings)
    its_engine = own.state.casebook.sessionmaker.kw["bind"]
    await _serve_one_query(own)
    assert _pooled_connections(its_engine) == 0


async def test_a_worker_leaves_a_lent_engine_open_and_disposes_its_own(settings: Settings) -> None:
    # A queue emptied first: jobs an earlier test of this process left would be run by the
    # burst worker, on connections of their own.
    redis = Redis.from_url(settings.redis_url)
    await redis.flushdb()
    await redis.aclose()
    lent = create_worker_engine(settings)
    try:
        for engine in (lent, None):
            worker = create_worker(
                settings, engine=engine, cron_jobs=None, burst=True, handle_signals=False
            )
            try:
                await worker.main()
                used = worker.ctx["engine"]
                async with used.connect() as connection:
                    await connection.execute(text("SELECT 1"))
            finally:
                await worker.close()
            assert _pooled_connections(used) == (1 if engine is lent else 0)
    finally:
        await lent.dispose()
