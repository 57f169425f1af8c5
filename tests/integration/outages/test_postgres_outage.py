"""PostgreSQL restarted under the API and the worker.

A request made while it is down answers ``UNAVAILABLE`` with HTTP 503 (never
INTERNAL); the next one after it is back succeeds on a fresh connection; a job
running across the restart finishes, and the reaper does not mistake the
missed heartbeats for a dead worker.
"""

import tempfile
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from asgi_lifespan import LifespanManager
from sqlalchemy import text, update
from sqlmodel import SQLModel

from casebook.app import create_app
from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.db.models import Job
from casebook.devservices import EmbeddedServices
from casebook.services.kernel import job_runs, jobs
from tests.integration.outages.conftest import eventually
from tests.integration.outages.jobs_under_test import (
    AT_THE_GATE,
    FAILED_WRITES,
    RUNS,
    enqueue,
    gate,
    owner_context,
    row,
    status_is,
)
from tests.support.graphql_client import Api

pytestmark = pytest.mark.waits_on_processes

VIEWER = "{ viewer { user { email } } }"
CREATE = """mutation($i: CreateDatasetInput!) { createDataset(input: $i) { dataset { id } } }"""


@pytest.fixture(scope="module")
async def own_servers(settings: Settings) -> AsyncIterator[tuple[EmbeddedServices, Settings]]:
    """PostgreSQL and Redis of this module's own, migrated once."""
    services = EmbeddedServices(Path(tempfile.mkdtemp(prefix="casebook-fault-")))
    urls = services.start()
    own = settings.model_copy(
        update={"database_url": urls.database_url, "redis_url": urls.redis_url}
    )
    engine = create_engine(own.database_url, pool_size=1)
    await upgrade(engine)
    await engine.dispose()
    yield services, own
    services.remove()


@pytest.fixture
def own_services(own_servers: tuple[EmbeddedServices, Settings]) -> EmbeddedServices:
    return own_servers[0]


@pytest.fixture
async def own_world(
    own_servers: tuple[EmbeddedServices, Settings],
) -> AsyncIterator[dict[str, Any]]:
    """Empty tables and queues, the app, and an organization whose owner is signed in."""
    services, own = own_servers
    if not services.postgres_running():  # a test that failed half-way
        services.start_postgres()
    engine = create_engine(own.database_url, pool_size=2)
    tables = ", ".join(f'"{t.name}"' for t in SQLModel.metadata.sorted_tables)
    async with engine.begin() as connection:
        await connection.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    sessionmaker = create_sessionmaker(engine)
    app = create_app(own)
    async with LifespanManager(app):
        await app.state.casebook.redis.flushdb()
        ctx = await owner_context(sessionmaker, app.state.casebook.redis, own)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as http:
            api = Api(http)
            await api.login("owner@faults.test", "correct horse battery")
            yield {"settings": own, "sessionmaker": sessionmaker, "api": api, "ctx": ctx}
    await engine.dispose()


async def _post(api: Api, query: str, variables: dict[str, Any] | None = None) -> httpx.Response:
    return await api.http.post(
        "/graphql", json={"query": query, "variables": variables or {}}, headers=api.headers
    )


def _codes(response: httpx.Response) -> set[str]:
    return {e["extensions"]["code"] for e in response.json().get("errors", [])}


async def test_a_request_during_a_postgres_restart_is_unavailable_and_the_next_succeeds(
    own_services, own_world
) -> None:
    api = own_world["api"]
    before = await _post(api, VIEWER)
    assert before.json()["data"]["viewer"]["user"]["email"] == "owner@faults.test"

    own_services.stop_postgres()
    during = await _post(api, VIEWER)
    assert during.status_code == 503
    assert during.headers["retry-after"]
    assert _codes(during) == {"UNAVAILABLE"}
    assert "PostgreSQL" in during.json()["errors"][0]["message"]
    written = await _post(api, CREATE, {"i": {"name": "During the outage"}})
    assert (written.status_code, _codes(written)) == (503, {"UNAVAILABLE"})
    assert (await api.http.get("/readyz")).status_code == 503
    download = await api.http.get("/downloads/datasets/RGF0YXNldDox/export")
    assert (download.status_code, download.json()["code"]) == (503, "UNAVAILABLE")

    own_services.start_postgres()
    after = await _post(api, VIEWER)
    assert after.status_code == 200
    assert after.json()["data"]["viewer"]["user"]["email"] == "owner@faults.test"
    assert (await api.http.get("/readyz")).status_code == 200


async def test_a_job_running_across_a_postgres_restart_finishes(
    own_services, own_world, start_worker
) -> None:
    sessionmaker, ctx = own_world["sessionmaker"], own_world["ctx"]
    await start_worker(own_world["settings"])
    job_id = await enqueue(ctx)
    await eventually(status_is(sessionmaker, job_id, jobs.RUNNING))
    await eventually(_at_the_gate(job_id))  # its first progress written, not still being written

    own_services.stop_postgres()
    gate(job_id).set()  # its next write meets the outage; it runs again once PostgreSQL is back
    await eventually(_failed_a_write(job_id))
    own_services.start_postgres()

    await eventually(status_is(sessionmaker, job_id, jobs.SUCCEEDED))
    done = await row(sessionmaker, job_id)
    assert done.result == {"done": True}
    assert done.attempts == RUNS[job_id] == 2


async def test_a_job_picked_up_while_postgres_is_down_runs_when_it_is_back(
    own_services, own_world, start_worker
) -> None:
    sessionmaker, ctx = own_world["sessionmaker"], own_world["ctx"]
    job_id = await enqueue(ctx)
    gate(job_id).set()
    own_services.stop_postgres()
    worker = await start_worker(own_world["settings"])
    await eventually(_retried(worker))  # claiming failed: back on arq's queue, with a delay

    own_services.start_postgres()
    await eventually(status_is(sessionmaker, job_id, jobs.SUCCEEDED))
    assert RUNS[job_id] == (await row(sessionmaker, job_id)).attempts == 1


async def test_the_reaper_does_not_take_missed_heartbeats_across_a_restart_for_a_dead_worker(
    own_services, own_world
) -> None:
    sessionmaker, ctx = own_world["sessionmaker"], own_world["ctx"]
    job_id = await enqueue(ctx)
    long_ago = datetime.now(UTC) - timedelta(minutes=5)
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Job).values(status=jobs.RUNNING, heartbeat_at=long_ago, worker_id="w:1")
        )
    own_services.stop_postgres()
    own_services.start_postgres()
    redis = ctx.redis
    assert await job_runs.reap_stale_jobs(sessionmaker, redis, stale_after=60) == []
    assert (await row(sessionmaker, job_id)).status == jobs.RUNNING


def _at_the_gate(job_id: int) -> Any:
    async def at_the_gate() -> bool:
        return job_id in AT_THE_GATE

    return at_the_gate


def _failed_a_write(job_id: int) -> Any:
    async def failed_a_write() -> bool:
        return FAILED_WRITES[job_id] > 0

    return failed_a_write


def _retried(worker: Any) -> Any:
    async def retried() -> bool:
        return worker.jobs_retried > 0

    return retried
