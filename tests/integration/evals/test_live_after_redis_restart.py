"""Eval runs live through a Redis restart: what was published while the API's live
connection was away is read back from PostgreSQL once it is back, and told once."""

from typing import Any

from redis.asyncio import Redis

from casebook.config import Settings
from tests.integration.conftest import Org
from tests.integration.evals.helpers import (
    CANCEL,
    agent_at,
    answering_agent,
    dataset_with_cases,
    run_input,
    start,
)
from tests.integration.outages.conftest import own_services  # noqa: F401  # the fixture
from tests.support.graphql_client import Api
from tests.support.job_watchers import numsub, until
from tests.support.live_server import live_server
from tests.support.loopback_http import LoopbackHttp
from tests.support.ws_client import socket

PROGRESS = "subscription($id: ID!) { evalRunProgress(id: $id) { status sequence } }"
ORGANIZATION = "subscription { organizationEvalRuns { kind run { id status } } }"


async def test_runs_started_and_ended_while_redis_was_away_are_told_once_it_is_back(
    own_services: Any,  # noqa: F811
    settings: Settings,
    org: Org,
    owner: Api,
    endpoint: LoopbackHttp,
) -> None:
    url = own_services.start_redis()
    redis = Redis.from_url(url)
    faulted = settings.model_copy(update={"redis_url": url})
    dataset_id, _ = await dataset_with_cases(owner, 1)
    endpoint.answer_with(answering_agent())
    agent = await agent_at(owner, endpoint)
    watched = await start(owner, run_input(dataset_id, [agent]))
    cookie = f"casebook_session={owner.http.cookies['casebook_session']}"
    with live_server(faulted) as host:
        async with socket(host, cookie=cookie) as dashboard, socket(host, cookie=cookie) as bar:
            await dashboard.start("runs", ORGANIZATION)
            await bar.start("progress", PROGRESS, {"id": watched["id"]})
            first = await bar.receive()
            assert first["payload"]["data"]["evalRunProgress"]["status"] == "QUEUED"

            async def both_listening() -> bool:
                return await numsub(redis, f"org-eval-runs:{org.id}") == 1

            await until(both_listening)
            own_services.stop_redis()
            # Published on another Redis than the API listens to: lost to these sockets.
            later = await start(owner, run_input(dataset_id, [agent]))
            await owner(CANCEL, {"id": watched["id"]})
            own_services.start_redis()

            told = [(await dashboard.receive())["payload"]["data"]["organizationEvalRuns"]]
            told.append((await dashboard.receive())["payload"]["data"]["organizationEvalRuns"])
            assert sorted((t["kind"], t["run"]["id"]) for t in told) == sorted(
                [("STARTED", later["id"]), ("FINISHED", watched["id"])]
            )
            progress = await bar.receive()
            assert progress["payload"]["data"]["evalRunProgress"]["status"] == "CANCELLED"
            assert (await bar.receive())["type"] == "complete"
            # Told once: the next thing the dashboard says answers a ping.
            await dashboard.send({"type": "ping"})
            assert (await dashboard.receive())["type"] == "pong"
    await redis.aclose()
