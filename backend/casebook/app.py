"""The ASGI application: GraphQL over HTTP and websockets, health, downloads, metrics."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import asyncpg
import redis.exceptions
import sqlalchemy.exc
import structlog
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route, WebSocketRoute

from casebook.blas_threads import use_single_threaded_blas
from casebook.config import Settings, get_settings
from casebook.db.engine import SessionMaker, create_engine, create_sessionmaker
from casebook.db.migrate import ensure_migrated
from casebook.graphql.schema import schema
from casebook.graphql.shortcuts import use_shortcuts
from casebook.graphql.view import CasebookGraphQL
from casebook.observability import exposition, tracing
from casebook.request_observer import RequestObserver
from casebook.services.identity.auth import CSRF_HEADER, ORGANIZATION_HEADER
from casebook.services.kernel import redis_connection
from casebook.services.kernel.collector import tune_for_serving
from casebook.services.kernel.live_hub import LiveHub
from casebook.services.kernel.outages import as_unavailable

log = structlog.get_logger("casebook.http")


@dataclass
class AppState:
    settings: Settings
    sessionmaker: SessionMaker
    redis: Any
    # The process's one Redis pub/sub connection, shared by every subscription.
    live: LiveHub


async def livez(_: Request) -> JSONResponse:
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> JSONResponse:
    state: AppState = request.app.state.casebook
    checks: dict[str, str] = {}
    try:
        async with state.sessionmaker() as session:
            await session.execute(text("SELECT 1"))
        checks["postgres"] = "ok"
    except Exception as error:
        checks["postgres"] = f"unavailable ({type(error).__name__})"
    try:
        await state.redis.ping()
        checks["redis"] = "ok"
    except Exception as error:
        checks["redis"] = f"unavailable ({type(error).__name__})"
    ready = all(v == "ok" for v in checks.values())
    return JSONResponse(
        {"status": "ready" if ready else "not ready", "checks": checks},
        status_code=200 if ready else 503,
    )


async def answer_outage(_: Request, error: Exception) -> JSONResponse:
    """A plain route that met an unreachable PostgreSQL or Redis answers 503, not 500."""
    unavailable = as_unavailable(error)
    if unavailable is None:
        raise error
    log.warning("answered UNAVAILABLE", system=unavailable.system, status=503)
    return JSONResponse(
        {"code": unavailable.code, "message": unavailable.message},
        status_code=503,
        headers={"retry-after": "5"},
    )


OUTAGE_ERRORS: tuple[type[Exception], ...] = (
    OSError,
    redis.exceptions.RedisError,
    sqlalchemy.exc.SQLAlchemyError,
    asyncpg.PostgresError,
)


def create_api_engine(settings: Settings) -> AsyncEngine:
    """The engine an API process uses. Every connection the API may use is kept: under
    steady load an overflow connection would be opened and closed for each request past
    the pool (a server process forked and authenticated each time), which cost a fifth
    of one process's throughput."""
    return create_engine(settings.database_url, pool_size=settings.database_pool_size, overflow=0)


def create_app(
    settings: Settings | None = None, *, serving: bool = False, engine: AsyncEngine | None = None
) -> Starlette:
    """The API as an ASGI app. ``serving``: this process exists to serve it (``casebook
    serve``), so its garbage collector is tuned for that once it has started. ``engine``:
    one the caller made with ``create_api_engine`` (after tracing is configured, for its
    SQL to be traced) and disposes itself; by default the app makes its own and disposes
    it when it shuts down."""
    settings = settings or get_settings()
    # Before anything else: an API whose shortcuts meet a graphql-core they were not written
    # for must not start (ShortcutsOutdated says what differs).
    use_shortcuts(schema, settings.graphql_shortcuts)
    use_single_threaded_blas()
    tracing.configure_from_environment("casebook-api")  # before the engine, so SQL is traced
    owns_engine = engine is None
    engine = engine or create_api_engine(settings)
    state = AppState(
        settings,
        create_sessionmaker(engine),
        None,
        LiveHub(settings.redis_url, queue_size=settings.live_queue_events),
    )
    graphql_app = CasebookGraphQL(schema, state=state, allowed_origins=settings.console_origins)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await ensure_migrated(engine)
        state.redis = await redis_connection.connect(settings.redis_url)
        if serving:
            tune_for_serving()
        try:
            yield
        finally:
            await state.live.close()
            await state.redis.aclose()
            if owns_engine:
                await engine.dispose()
            exposition.process_exiting()
            tracing.flush()

    from casebook.http_routes import extra_routes

    routes: list[BaseRoute] = [
        Route("/livez", livez),
        Route("/readyz", readyz),
        Route("/graphql", graphql_app, methods=["GET", "POST"]),
        WebSocketRoute("/graphql", graphql_app),
        *extra_routes(with_metrics=settings.metrics_enabled),
    ]
    templates = {
        id(getattr(route, "endpoint", None)): getattr(route, "path", "") for route in routes
    }
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(RequestObserver, route_templates=templates),
            Middleware(
                CORSMiddleware,
                allow_origins=settings.console_origins,
                allow_credentials=True,
                allow_methods=["GET", "POST", "OPTIONS"],
                allow_headers=[
                    "content-type",
                    "authorization",
                    CSRF_HEADER,
                    ORGANIZATION_HEADER,
                    "x-request-id",
                    "apollo-require-preflight",
                ],
                expose_headers=["x-request-id", "content-disposition"],
            ),
        ],
        exception_handlers={kind: answer_outage for kind in OUTAGE_ERRORS},
        lifespan=lifespan,
    )
    app.state.casebook = state
    return app
