"""Many websocket clients watching one job's progress on a live server."""

import asyncio
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson

from casebook.graphql.ids import decode_id
from casebook.services.kernel.pubsub import database_of, on_the_wire
from tests.support.graphql_client import Api
from tests.support.ws_client import socket

PROGRESS = "subscription($id: ID!) { jobProgress(id: $id) { status result } }"
PING = 'mutation { ping(message: "watched") { job { id } } }'
WAIT_SECONDS = 60


async def signed_in_with_a_job(host: str, email: str, password: str) -> tuple[str, str]:
    """The session cookie of ``email`` on ``host`` and the global id of a job it queued."""
    async with httpx.AsyncClient(base_url=f"http://{host}") as client:
        api = Api(client)
        await api.login(email, password)
        job = (await api(PING))["ping"]["job"]["id"]
        return f"casebook_session={client.cookies['casebook_session']}", job


def job_state(job_gid: str, status: str, n: int) -> bytes:
    """A progress message as a worker publishes it (``jobs.job_state``)."""
    return orjson.dumps(
        {
            "id": decode_id(job_gid, "Job"),
            "kind": "ping",
            "status": status,
            "result": {"n": n},
            "error": None,
            "attempts": 1,
        }
    )


@dataclass
class Watcher:
    """One websocket subscribed to the job: what it received, in order, until complete."""

    received: list[dict[str, Any]] = field(default_factory=list)
    subscribed: asyncio.Event = field(default_factory=asyncio.Event)
    ended_with: str | None = None


async def watch(host: str, cookie: str, job_gid: str, watcher: Watcher) -> None:
    async with socket(host, cookie=cookie) as ws:
        await ws.start("watch", PROGRESS, {"id": job_gid})
        while True:
            # Generous: 200 sockets and the server share a loaded machine's event loop.
            async with asyncio.timeout(WAIT_SECONDS):
                message: dict[str, Any] = orjson.loads(await ws.connection.recv())
            if message.get("id") != "watch":
                continue
            if message["type"] != "next":
                watcher.ended_with = message["type"]
                return
            payload = message["payload"]
            if payload.get("errors"):
                watcher.received.append(payload)
                continue
            watcher.received.append(payload["data"]["jobProgress"])
            watcher.subscribed.set()


async def all_subscribed(watchers: list[Watcher], tasks: list[asyncio.Task[None]]) -> None:
    """Wait until each watcher has its first state (so its listener is subscribed)."""
    async with asyncio.timeout(120):
        for watcher, task in zip(watchers, tasks, strict=True):
            waiting = asyncio.ensure_future(watcher.subscribed.wait())
            await asyncio.wait({waiting, task}, return_when=asyncio.FIRST_COMPLETED)
            if task.done():
                waiting.cancel()
                task.result()
                raise AssertionError(f"a watcher ended before its first state: {watcher}")


async def numsub(redis: Any, channel: str) -> int:
    """How many clients Redis counts as subscribed to ``channel`` (named as the code names it)."""
    wire = on_the_wire(database_of(redis), channel)
    return int(dict(await redis.pubsub_numsub(wire))[wire.encode()])


async def until(check: Any, *, within: float = 10.0) -> None:
    """Poll ``check`` (a coroutine function) until it returns something truthy."""
    async with asyncio.timeout(within):
        while True:
            if await check():
                return
            await asyncio.sleep(0.02)


async def until_unsubscribed(redis: Any, channel: str) -> None:
    async def nobody_subscribed() -> bool:
        return await numsub(redis, channel) == 0

    await until(nobody_subscribed)
