"""Issue 12's bar: 200 websocket subscribers to one channel on one API process all receive
every event in order, over ONE Redis pub/sub connection of that process."""

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis

from casebook.config import Settings
from casebook.graphql.ids import decode_id
from casebook.services.kernel.live_hub import client_name
from casebook.services.kernel.pubsub import database_of, on_the_wire, publish
from tests.integration.conftest import PASSWORD, Org
from tests.support.job_watchers import (
    Watcher,
    all_subscribed,
    job_state,
    numsub,
    signed_in_with_a_job,
    until,
    until_unsubscribed,
    watch,
)
from tests.support.live_server import live_server

SUBSCRIBERS = 200
EVENTS = 30


@pytest.fixture
async def redis(settings: Settings) -> AsyncIterator[Redis]:
    client = Redis.from_url(settings.redis_url)
    yield client
    await client.aclose()


async def test_200_subscribers_receive_every_event_in_order_over_one_redis_connection(
    settings: Settings, sessionmaker: Any, org: Org, redis: Redis
) -> None:
    with live_server(settings) as host:
        cookie, job = await signed_in_with_a_job(host, org.owner_email, PASSWORD)
        channel = f"job:{_job_number(job)}"
        watchers = [Watcher() for _ in range(SUBSCRIBERS)]
        tasks = [asyncio.create_task(watch(host, cookie, job, w)) for w in watchers]
        await all_subscribed(watchers, tasks)

        # One pub/sub connection for the process, one subscription of the channel.
        live = [c for c in await redis.client_list() if c.get("name") == client_name()]
        assert len(live) == 1
        assert live[0]["sub"] == "1"
        assert await numsub(redis, channel) == 1
        assert sum(1 for c in await redis.client_list() if c["sub"] != "0") == 1

        for n in range(1, EVENTS + 1):
            await publish(redis, channel, job_state(job, "running", n))
        await publish(redis, channel, job_state(job, "succeeded", EVENTS + 1))
        async with asyncio.timeout(120):
            await asyncio.gather(*tasks)

        expected = [{"status": "queued", "result": None}]
        expected += [{"status": "running", "result": {"n": n}} for n in range(1, EVENTS + 1)]
        expected += [{"status": "succeeded", "result": {"n": EVENTS + 1}}]
        for watcher in watchers:
            assert watcher.ended_with == "complete"
            assert watcher.received == expected

        # Every subscriber gone: the channel is unsubscribed, the connection stays for the next.
        await until_unsubscribed(redis, channel)


async def test_a_disconnected_subscriber_leaves_and_the_last_one_unsubscribes(
    settings: Settings, sessionmaker: Any, org: Org, redis: Redis
) -> None:
    with live_server(settings) as host:
        cookie, job = await signed_in_with_a_job(host, org.owner_email, PASSWORD)
        channel = f"job:{_job_number(job)}"
        staying, leaving = Watcher(), Watcher()
        stay = asyncio.create_task(watch(host, cookie, job, staying))
        leave = asyncio.create_task(watch(host, cookie, job, leaving))
        await all_subscribed([staying, leaving], [stay, leave])
        assert await numsub(redis, channel) == 1

        leave.cancel()  # the socket drops without a complete
        await asyncio.gather(leave, return_exceptions=True)
        await publish(redis, channel, job_state(job, "running", 1))

        async def staying_saw_it() -> bool:
            return len(staying.received) == 2

        await until(staying_saw_it)
        assert await numsub(redis, channel) == 1

        stay.cancel()
        await asyncio.gather(stay, return_exceptions=True)
        await until_unsubscribed(redis, channel)


def _job_number(job_gid: str) -> int:
    return decode_id(job_gid, "Job")


async def test_a_subscriber_too_far_behind_is_ended_with_a_clear_error(
    settings: Settings, sessionmaker: Any, org: Org, redis: Redis
) -> None:
    with live_server(settings.model_copy(update={"live_queue_events": 3})) as host:
        cookie, job = await signed_in_with_a_job(host, org.owner_email, PASSWORD)
        channel = f"job:{_job_number(job)}"
        watcher = Watcher()
        task = asyncio.create_task(watch(host, cookie, job, watcher))
        await all_subscribed([watcher], [task])
        # Far faster than the subscription reads the job for each event.
        async with redis.pipeline(transaction=False) as pipe:
            for n in range(1, 201):
                pipe.publish(on_the_wire(database_of(redis), channel), job_state(job, "running", n))
            await pipe.execute()
        async with asyncio.timeout(20):
            await task
        assert watcher.ended_with == "complete"
        error = watcher.received[-1]["errors"][0]
        assert error["extensions"]["code"] == "LIMIT_EXCEEDED"
        assert "fell 3 events behind" in error["message"]
        # What it did receive before that came in order.
        numbers = [s["result"]["n"] for s in watcher.received[1:-1]]
        assert numbers == list(range(1, len(numbers) + 1))
        await until_unsubscribed(redis, channel)
