"""Integration fixtures: real PostgreSQL and Redis, the real app, the real worker."""

import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from asgi_lifespan import LifespanManager

from casebook.app import create_api_engine, create_app
from casebook.config import Settings, get_settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.domain.access.catalog import Role
from casebook.jobs.worker import create_worker, create_worker_engine
from casebook.services.identity.members import create_organization_with_owner
from tests.support.empty_tables import empty_tables
from tests.support.graphql_client import Api
from tests.support.services import RunningServices, running_services

PASSWORD = "correct horse battery"

# Two tries a few milliseconds apart: a provider that is down fails fast. The backoff itself is
# tested in tests/llm, with the waits recorded rather than slept.
FAST_RETRIES = {"model_max_attempts": 2, "model_retry_base_delay_seconds": 0.01}


@pytest.fixture(autouse=True)
def fast_model_retries(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The API reads the app's settings; the worker reads the environment's."""
    for name, value in FAST_RETRIES.items():
        monkeypatch.setattr(settings, name, value)
        monkeypatch.setenv(name.upper(), str(value))
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


@pytest.fixture(scope="session")
def services() -> Iterator[RunningServices]:
    with running_services() as found:
        yield found


@pytest.fixture(scope="session")
def settings(services: RunningServices) -> Iterator[Settings]:
    os.environ["DATABASE_URL"] = services.database_url
    os.environ["REDIS_URL"] = services.redis_url
    get_settings.cache_clear()
    yield Settings(
        database_url=services.database_url,
        redis_url=services.redis_url,
        console_origins=["http://console.test"],
        log_json=False,
        worker_metrics_port=0,  # a test that wants the listener picks a free port
    )
    get_settings.cache_clear()


@pytest.fixture(scope="session")
async def engine(settings: Settings) -> AsyncIterator[Any]:
    engine = create_engine(settings.database_url, pool_size=5)
    await upgrade(engine)
    yield engine
    await engine.dispose()


@pytest.fixture
async def sessionmaker(engine: Any) -> AsyncIterator[Any]:
    await empty_tables(engine)
    yield create_sessionmaker(engine)


@pytest.fixture(scope="session")
async def api_engine(settings: Settings) -> AsyncIterator[Any]:
    """The API's engine, kept for the whole run as a serving process keeps its own: a new
    app per test would otherwise start with an empty statement cache and compile every
    statement again, and open its connections again."""
    engine = create_api_engine(settings)
    yield engine
    await engine.dispose()


@pytest.fixture(scope="session")
async def worker_engine(settings: Settings) -> AsyncIterator[Any]:
    """The burst worker's engine, kept for the whole run like ``api_engine``."""
    engine = create_worker_engine(settings)
    yield engine
    await engine.dispose()


@pytest.fixture
async def app(settings: Settings, sessionmaker: Any, api_engine: Any) -> AsyncIterator[Any]:
    application = create_app(settings, engine=api_engine)
    async with LifespanManager(application):
        await application.state.casebook.redis.flushdb()
        yield application


@pytest.fixture
async def http(app: Any) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as client:
        yield client


@dataclass
class Org:
    id: int
    owner_email: str
    global_id: str


@pytest.fixture
async def org(sessionmaker: Any) -> Org:
    organization, _ = await create_organization_with_owner(
        sessionmaker,
        organization_name="Acme",
        email="owner@acme.test",
        name="Olive Owner",
        password=PASSWORD,
    )
    assert organization.id is not None
    from casebook.graphql.ids import encode_id

    return Org(organization.id, "owner@acme.test", str(encode_id("Organization", organization.id)))


@pytest.fixture
async def owner(http: httpx.AsyncClient, org: Org) -> Api:
    api = Api(http)
    await api.login(org.owner_email, PASSWORD)
    return api


MemberFactory = Callable[[Role], Awaitable[Api]]


@pytest.fixture
async def member_as(app: Any, owner: Api) -> AsyncIterator[MemberFactory]:
    """Sign in a new member of the owner's organization with the given role, on its own client."""
    clients: list[httpx.AsyncClient] = []
    counter = {"n": 0}

    async def make(role: Role) -> Api:
        counter["n"] += 1
        email = f"{role.value}{counter['n']}@acme.test"
        await owner(
            """mutation($i: AddMemberInput!) { addMember(input: $i) { member { role } } }""",
            {
                "i": {
                    "email": email,
                    "name": f"{role.value.title()} {counter['n']}",
                    "role": role.name,
                    "password": PASSWORD,
                }
            },
        )
        client = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://api.test"
        )
        clients.append(client)
        api = Api(client)
        await api.login(email, PASSWORD)
        return api

    yield make
    for client in clients:
        await client.aclose()


@pytest.fixture
async def run_worker(
    settings: Settings, app: Any, worker_engine: Any
) -> Callable[[], Awaitable[None]]:
    """Run the real arq worker in burst mode until the queue is empty."""

    async def drain() -> None:
        worker = create_worker(
            settings,
            engine=worker_engine,
            cron_jobs=None,
            burst=True,
            poll_delay=0.05,
            handle_signals=False,
            max_jobs=4,
        )
        try:
            await worker.main()
        finally:
            await worker.close()

    return drain
