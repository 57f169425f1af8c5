"""Eval runs, live over websockets: a run's progress (its state now, then every event the
workers publish, in order, ending after the final status) and an organization's runs
starting and ending; runs:view first, and a run you may not see is never told."""

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import orjson
import pytest
from redis.asyncio import Redis

from casebook.config import Settings
from casebook.domain.access.catalog import Role
from casebook.graphql.ids import decode_id, encode_id
from casebook.services.evals.channels import organization_channel, run_channel
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.pubsub import database_of, on_the_wire
from tests.integration.conftest import PASSWORD, Org
from tests.integration.evals.helpers import (
    agent_at,
    answering_agent,
    dataset_with_cases,
    run_input,
    start,
)
from tests.support.graphql_client import Api
from tests.support.job_watchers import numsub, until
from tests.support.live_server import live_server
from tests.support.loopback_http import LoopbackHttp
from tests.support.ws_client import Socket, socket

PROGRESS = """subscription($id: ID!) { evalRunProgress(id: $id) { runId status total answered
  scored passed failed notGraded costUsd etaSeconds sequence } }"""
ORGANIZATION = "subscription { organizationEvalRuns { kind run { id status } } }"


@pytest.fixture
def host(settings: Settings, sessionmaker: Any) -> Iterator[str]:
    with live_server(settings) as found:
        yield found


@pytest.fixture
async def redis(settings: Settings) -> AsyncIterator[Redis]:
    client = Redis.from_url(settings.redis_url)
    yield client
    await client.aclose()


async def _signed_in(host: str, email: str) -> tuple[Api, str, httpx.AsyncClient]:
    client = httpx.AsyncClient(base_url=f"http://{host}")
    api = Api(client)
    await api.login(email, PASSWORD)
    return api, f"casebook_session={client.cookies['casebook_session']}", client


@pytest.fixture
async def signed_in(host: str) -> AsyncIterator[Any]:
    clients: list[httpx.AsyncClient] = []

    async def sign_in(email: str) -> tuple[Api, str]:
        api, cookie, client = await _signed_in(host, email)
        clients.append(client)
        return api, cookie

    yield sign_in
    for client in clients:
        await client.aclose()


async def _member(owner: Api, role: Role, email: str) -> None:
    await owner(
        "mutation($i: AddMemberInput!) { addMember(input: $i) { member { role } } }",
        {"i": {"email": email, "name": email, "role": role.name, "password": PASSWORD}},
    )


async def _messages(ws: Socket, operation_id: str) -> list[dict[str, Any]]:
    """The operation's messages up to its end (complete or error)."""
    found = []
    while True:
        message = await ws.receive()
        if message.get("id") != operation_id:
            continue
        found.append(message)
        if message["type"] in ("complete", "error"):
            return found


def _data(messages: list[dict[str, Any]], field: str) -> list[dict[str, Any]]:
    return [m["payload"]["data"][field] for m in messages if m["type"] == "next"]


def _errors(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for m in messages:
        if m["type"] == "next":
            found += m["payload"].get("errors") or []
        elif m["type"] == "error":
            found += m["payload"]
    return found


def _codes(messages: list[dict[str, Any]]) -> list[str]:
    return [error["extensions"]["code"] for error in _errors(messages)]


async def _published(redis: Redis, channel: str, into: list[dict[str, Any]]) -> None:
    """Every message Redis carries on ``channel``, as a raw subscriber sees it."""
    pubsub = redis.pubsub()
    await pubsub.subscribe(on_the_wire(database_of(redis), channel))
    try:
        async for message in pubsub.listen():
            if message["type"] == "message":
                into.append(orjson.loads(message["data"]))
    finally:
        await pubsub.aclose()


async def test_a_runs_progress_is_its_state_then_every_event_in_order_until_it_ends(
    host: str, org: Org, signed_in: Any, endpoint: LoopbackHttp, run_worker: Any, redis: Redis
) -> None:
    owner, cookie = await signed_in(org.owner_email)
    dataset_id, _ = await dataset_with_cases(owner, 4)
    endpoint.answer_with(answering_agent(wrong=frozenset({"question 2"})))
    agent = await agent_at(owner, endpoint)
    run = await start(owner, run_input(dataset_id, [agent], repetitions=2, concurrency=1))
    channel = run_channel(decode_id(run["id"], "EvalRun"))
    published: list[dict[str, Any]] = []
    raw = asyncio.create_task(_published(redis, channel, published))
    async with socket(host, cookie=cookie) as ws:
        await ws.start("progress", PROGRESS, {"id": run["id"]})
        first = await ws.receive()
        assert first["payload"]["data"]["evalRunProgress"]["status"] == "QUEUED"
        assert first["payload"]["data"]["evalRunProgress"]["runId"] == run["id"]
        await until(lambda: _two_subscribed(redis, channel))
        await run_worker()
        received = _data(await _messages(ws, "progress"), "evalRunProgress")
    raw.cancel()
    await asyncio.gather(raw, return_exceptions=True)

    start_at = first["payload"]["data"]["evalRunProgress"]["sequence"]
    expected = [p["sequence"] for p in published if p["sequence"] > start_at]
    assert [p["sequence"] for p in received] == expected  # every event, in order
    assert expected == list(range(start_at + 1, start_at + 1 + len(expected)))
    last = received[-1]
    assert last["status"] == "FINISHED"
    assert (last["total"], last["answered"], last["scored"]) == (8, 8, 8)
    assert (last["passed"], last["failed"], last["notGraded"]) == (6, 2, 0)
    assert last["etaSeconds"] is None
    answered = [p["answered"] for p in received]
    assert answered == sorted(answered)


async def _two_subscribed(redis: Redis, channel: str) -> bool:
    return await numsub(redis, channel) == 2  # the API's one connection and the raw one


async def test_a_finished_runs_progress_is_its_final_state_and_the_end(
    host: str, org: Org, signed_in: Any, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    owner, cookie = await signed_in(org.owner_email)
    dataset_id, _ = await dataset_with_cases(owner, 1)
    endpoint.answer_with(answering_agent())
    run = await start(owner, run_input(dataset_id, [await agent_at(owner, endpoint)]))
    await run_worker()
    async with socket(host, cookie=cookie) as ws:
        await ws.start("progress", PROGRESS, {"id": run["id"]})
        messages = await _messages(ws, "progress")
    assert [m["type"] for m in messages] == ["next", "complete"]
    assert _data(messages, "evalRunProgress")[0]["status"] == "FINISHED"


async def test_the_organizations_runs_start_and_finish_on_its_dashboards_only(
    host: str,
    org: Org,
    signed_in: Any,
    sessionmaker: Any,
    endpoint: LoopbackHttp,
    run_worker: Any,
    redis: Redis,
) -> None:
    owner, cookie = await signed_in(org.owner_email)
    await create_organization_with_owner(
        sessionmaker,
        organization_name="Other",
        email="owner@other.test",
        name="Other Owner",
        password=PASSWORD,
    )
    _, other_cookie = await signed_in("owner@other.test")
    dataset_id, _ = await dataset_with_cases(owner, 2)
    endpoint.answer_with(answering_agent())
    agent = await agent_at(owner, endpoint)
    # Of the same organization, but may not see the dataset (runs:view without datasets:view).
    unseen = await _runs_only_key(owner)
    async with (
        socket(host, cookie=cookie) as ws,
        socket(host, cookie=other_cookie) as other,
        socket(host, authorization=f"Bearer {unseen}") as blind,
    ):
        await ws.start("runs", ORGANIZATION)
        await other.start("runs", ORGANIZATION)
        await blind.start("runs", ORGANIZATION)
        channel = organization_channel(org.id)
        await until(lambda: _subscribed(redis, channel))
        run = await start(owner, run_input(dataset_id, [agent]))
        started = await ws.receive()
        assert started["payload"]["data"]["organizationEvalRuns"] == {
            "kind": "STARTED",
            "run": {"id": run["id"], "status": "QUEUED"},
        }
        await run_worker()
        finished = await ws.receive()
        assert finished["payload"]["data"]["organizationEvalRuns"] == {
            "kind": "FINISHED",
            "run": {"id": run["id"], "status": "FINISHED"},
        }
        # Neither the other organization's dashboard nor one that may not see the dataset
        # heard anything of it: the next thing each socket says answers a ping.
        for quiet in (other, blind):
            await quiet.send({"type": "ping"})
            assert (await quiet.receive())["type"] == "pong"


async def _runs_only_key(owner: Api) -> str:
    """A key of the owner that may read runs but not datasets: no run's dataset is seen."""
    created = await owner(
        'mutation { createApiKey(input: {name: "runs only", scopes: ["runs:view"]}) { secret } }'
    )
    return str(created["createApiKey"]["secret"])


async def _subscribed(redis: Redis, channel: str) -> bool:
    return await numsub(redis, channel) == 1


async def test_progress_needs_runs_view_and_a_run_you_may_see(
    host: str, org: Org, signed_in: Any, sessionmaker: Any, endpoint: LoopbackHttp
) -> None:
    owner, owner_cookie = await signed_in(org.owner_email)
    dataset_id, _ = await dataset_with_cases(owner, 1)
    endpoint.answer_with(answering_agent())
    run = await start(owner, run_input(dataset_id, [await agent_at(owner, endpoint)]))
    await _member(owner, Role.MEMBER, "member@acme.test")
    _, member_cookie = await signed_in("member@acme.test")
    await create_organization_with_owner(
        sessionmaker,
        organization_name="Other",
        email="owner@other.test",
        name="Other Owner",
        password=PASSWORD,
    )
    _, other_cookie = await signed_in("owner@other.test")
    key = await _runs_only_key(owner)
    never = str(encode_id("EvalRun", 9_999_999))

    async with socket(host, cookie=member_cookie) as ws:
        await ws.start("progress", PROGRESS, {"id": run["id"]})
        refused = await _messages(ws, "progress")
        assert _codes(refused) == ["FORBIDDEN"]
        assert "runs:view" in _errors(refused)[0]["message"]
        await ws.start("runs", ORGANIZATION)
        assert _codes(await _messages(ws, "runs")) == ["FORBIDDEN"]

    answers = []
    for credentials in ({"cookie": other_cookie}, {"authorization": f"Bearer {key}"}):
        async with socket(host, **credentials) as ws:
            for target in (run["id"], never):
                await ws.start("progress", PROGRESS, {"id": target})
                messages = await _messages(ws, "progress")
                assert _codes(messages) == ["NOT_FOUND"]
                answers.append(_errors(messages)[0]["message"])
    # A run you may not see and one that never existed: the same answer.
    assert set(answers) == {"eval run not found"}

    async with socket(host, cookie=owner_cookie) as ws:
        await ws.start("progress", PROGRESS, {"id": run["id"]})
        assert (await ws.receive())["payload"]["data"]["evalRunProgress"]["status"] == "QUEUED"
