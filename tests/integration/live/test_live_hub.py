"""The live hub against the real Redis: one pub/sub connection, fanned out in order,
a channel subscribed while it has listeners, a slow listener ended, shutdown."""

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlparse, urlunparse

import pytest
from redis.asyncio import Redis

from casebook.config import Settings
from casebook.services.kernel.errors import LimitExceededError, Unavailable
from casebook.services.kernel.live_hub import Listener, LiveHub, Message, Resync, client_name
from casebook.services.kernel.pubsub import database_of_url, publish
from tests.support.job_watchers import numsub, until_unsubscribed


@pytest.fixture
async def redis(settings: Settings) -> AsyncIterator[Redis]:
    client = Redis.from_url(settings.redis_url)
    yield client
    await client.aclose()


@pytest.fixture
async def hub(settings: Settings) -> AsyncIterator[LiveHub]:
    found = LiveHub(settings.redis_url)
    yield found
    await found.close()


async def live_connections(redis: Redis) -> list[dict[str, Any]]:
    """This process's hub connections, as Redis lists them."""
    return [c for c in await redis.client_list() if c.get("name") == client_name()]


async def take(listener: Listener, count: int) -> list[bytes | Resync]:
    """The next ``count`` events: each message's data, or RESYNC."""
    async with asyncio.timeout(10):
        found = [await anext(listener) for _ in range(count)]
    return [event.data if isinstance(event, Message) else event for event in found]


async def test_one_connection_fans_every_message_out_in_order(hub: LiveHub, redis: Redis) -> None:
    async with (
        hub.listen("run:1") as a,
        hub.listen("run:1") as b,
        hub.listen("run:2") as c,
    ):
        # listen() returns once subscribed: a message published now is not lost.
        for n in range(100):
            await publish(redis, "run:1", str(n))
        await publish(redis, "run:2", "other")
        expected = [str(n).encode() for n in range(100)]
        assert await take(a, 100) == expected
        assert await take(b, 100) == expected
        assert await take(c, 1) == [b"other"]
        assert (await numsub(redis, "run:1"), await numsub(redis, "run:2")) == (1, 1)
        connections = await live_connections(redis)
        assert len(connections) == 1
        assert connections[0]["sub"] == "2"
    assert hub.connections_made == 1


async def test_a_channel_is_unsubscribed_when_its_last_listener_leaves(
    hub: LiveHub, redis: Redis
) -> None:
    async with hub.listen("run:3"):
        async with hub.listen("run:3"):
            assert await numsub(redis, "run:3") == 1
        assert await numsub(redis, "run:3") == 1
        assert hub.listeners_of("run:3") == 1
    await until_unsubscribed(redis, "run:3")
    assert hub.channels == []
    # Subscribing again right away works: the new listener is confirmed and receives.
    async with hub.listen("run:3") as again:
        await publish(redis, "run:3", "back")
        assert await take(again, 1) == [b"back"]


async def test_a_listener_too_far_behind_is_ended_and_the_others_go_on(
    settings: Settings, redis: Redis
) -> None:
    hub = LiveHub(settings.redis_url, queue_size=5)
    try:
        async with hub.listen("run:4") as slow, hub.listen("run:4") as fast:
            for n in range(5):
                await publish(redis, "run:4", str(n))
            assert await take(fast, 5) == [str(n).encode() for n in range(5)]
            for n in range(5, 8):
                await publish(redis, "run:4", str(n))
            assert await take(fast, 3) == [str(n).encode() for n in range(5, 8)]
            with pytest.raises(LimitExceededError, match="fell 5 events behind"):
                await anext(slow)
            assert hub.listeners_of("run:4") == 1
            assert await numsub(redis, "run:4") == 1
        await until_unsubscribed(redis, "run:4")
    finally:
        await hub.close()


async def test_closing_the_hub_ends_its_listeners(settings: Settings, redis: Redis) -> None:
    hub = LiveHub(settings.redis_url)
    async with hub.listen("run:5") as listener:
        await hub.close()
        with pytest.raises(Unavailable):
            await anext(listener)
    assert await live_connections(redis) == []
    with pytest.raises(Unavailable):
        async with hub.listen("run:5"):
            pass


def on_database(redis_url: str, database: int) -> str:
    parsed = urlparse(redis_url)
    if parsed.scheme == "unix":
        return urlunparse(parsed._replace(query=f"db={database}"))
    return urlunparse(parsed._replace(path=f"/{database}"))


async def test_a_hub_hears_its_own_redis_database_only(settings: Settings, redis: Redis) -> None:
    """Redis shares pub/sub channels between its databases; two deployments on one Redis,
    each on a database of its own, must not hear each other's events."""
    theirs_url = on_database(settings.redis_url, (database_of_url(settings.redis_url) + 1) % 16)
    channel = f"isolation:{uuid.uuid4().hex}"
    ours, theirs = LiveHub(settings.redis_url), LiveHub(theirs_url)
    their_redis = Redis.from_url(theirs_url)
    try:
        async with ours.listen(channel) as mine, theirs.listen(channel) as other:
            await publish(their_redis, channel, "theirs")
            await publish(redis, channel, "ours")
            assert await take(mine, 1) == [b"ours"]
            assert await take(other, 1) == [b"theirs"]
    finally:
        await ours.close()
        await theirs.close()
        await their_redis.aclose()
