"""Redis restarted under live subscriptions: the hub reconnects and subscribes again, and
every listener is told to read the state again, so nothing published meanwhile is skipped
without the subscriber re-reading PostgreSQL."""

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis
from sqlalchemy import update

from casebook.config import Settings
from casebook.db.models import Job
from casebook.graphql.ids import decode_id
from casebook.services.kernel import redis_connection
from casebook.services.kernel.live_hub import RESYNC, LiveHub
from casebook.services.kernel.pubsub import publish
from tests.integration.outages.conftest import eventually
from tests.integration.outages.jobs_under_test import owner_context
from tests.support.job_watchers import (
    Watcher,
    all_subscribed,
    job_state,
    numsub,
    signed_in_with_a_job,
    watch,
)
from tests.support.live_server import live_server

PASSWORD = "correct horse battery"


@pytest.fixture
async def own_redis(own_services: Any) -> AsyncIterator[tuple[str, Redis]]:
    url = own_services.start_redis()
    client = await redis_connection.connect(url)  # rides out the restart
    yield url, client
    await client.aclose()


async def test_a_listener_is_told_to_read_again_after_redis_restarts(
    own_services: Any, own_redis: tuple[str, Redis]
) -> None:
    url, redis = own_redis
    hub = LiveHub(url)
    try:
        async with hub.listen("run:1") as listener:
            await publish(redis, "run:1", "before")
            assert (await anext(listener)).data == b"before"  # type: ignore[union-attr]
            own_services.stop_redis()
            own_services.start_redis()
            async with asyncio.timeout(15):
                assert await anext(listener) is RESYNC
            # Subscribed again by then: what is published now arrives.
            assert await numsub(redis, "run:1") == 1
            await publish(redis, "run:1", "after")
            assert (await anext(listener)).data == b"after"  # type: ignore[union-attr]
        assert hub.connections_made == 2
    finally:
        await hub.close()


async def test_a_listener_that_arrives_while_redis_is_down_reads_again_once_it_is_back(
    own_services: Any, own_redis: tuple[str, Redis]
) -> None:
    url, redis = own_redis
    own_services.stop_redis()
    hub = LiveHub(url, confirm_timeout=0.2)
    try:
        async with hub.listen("run:2") as listener:
            # listen() did not wait forever: the caller reads the state now...
            own_services.start_redis()
            async with asyncio.timeout(15):
                # ...and again once the channel is subscribed.
                assert await anext(listener) is RESYNC
            await publish(redis, "run:2", "live")
            assert (await anext(listener)).data == b"live"  # type: ignore[union-attr]
    finally:
        await hub.close()


async def test_subscribers_carry_on_through_a_redis_restart(
    own_services: Any,
    own_redis: tuple[str, Redis],
    settings: Settings,
    sessionmaker: Any,
) -> None:
    url, redis = own_redis
    faulted = settings.model_copy(update={"redis_url": url})
    await owner_context(sessionmaker, None, faulted)  # owner@faults.test
    with live_server(faulted) as host:
        cookie, job = await signed_in_with_a_job(host, "owner@faults.test", PASSWORD)
        job_id = decode_id(job, "Job")
        channel = f"job:{job_id}"
        watchers = [Watcher() for _ in range(5)]
        tasks = [asyncio.create_task(watch(host, cookie, job, w)) for w in watchers]
        await all_subscribed(watchers, tasks)
        await publish(redis, channel, job_state(job, "running", 1))

        async def all_saw_the_first_event() -> bool:
            return all(len(w.received) == 2 for w in watchers)

        await eventually(all_saw_the_first_event)
        own_services.stop_redis()
        # Progress recorded while Redis is away reaches nobody by pub/sub...
        async with sessionmaker() as session, session.begin():
            await session.execute(
                update(Job).where(Job.id == job_id).values(status="running", result={"n": 2})
            )
        own_services.start_redis()

        async def all_read_it_again() -> bool:
            return all(len(w.received) == 3 for w in watchers)

        # ...but every subscriber reads it from PostgreSQL once the hub is back.
        await eventually(all_read_it_again, within=20)
        assert await numsub(redis, channel) == 1
        await publish(redis, channel, job_state(job, "running", 3))
        await publish(redis, channel, job_state(job, "succeeded", 4))
        async with asyncio.timeout(20):
            await asyncio.gather(*tasks)

    expected = [
        {"status": "queued", "result": None},
        *({"status": "running", "result": {"n": n}} for n in (1, 2, 3)),
        {"status": "succeeded", "result": {"n": 4}},
    ]
    for watcher in watchers:
        assert (watcher.ended_with, watcher.received) == ("complete", expected)
