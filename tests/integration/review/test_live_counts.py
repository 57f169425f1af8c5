"""The Waiting for review card: the queue's counts across the datasets one can see, as a
query and live over a subscription fanned out by the live hub (spec: "Review")."""

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis

from casebook.config import Settings
from casebook.domain.access.catalog import Role
from casebook.graphql.ids import decode_id
from casebook.services.review.events import queue_channel
from tests.integration.conftest import PASSWORD, Org
from tests.integration.review.helpers import (
    DECIDE,
    checked_case,
    checked_dataset,
    score,
    send,
    set_not_graded,
)
from tests.support.graphql_client import Api
from tests.support.job_watchers import numsub, until
from tests.support.live_server import live_server
from tests.support.ws_client import socket

SUMMARY_FIELDS = """waiting notPassed notGraded passed busiest { id }
  datasets { dataset { id name } waiting notPassed notGraded passed }"""
SUMMARY = f"{{ reviewQueueSummary {{ {SUMMARY_FIELDS} }} }}"
LIVE = f"""subscription($d: ID) {{ reviewQueueCounts(datasetId: $d) {{ {SUMMARY_FIELDS} }} }}"""


async def test_the_card_counts_what_waits_in_each_dataset_one_can_see(
    owner: Api, sessionmaker: Any, member_as: Any
) -> None:
    small = await checked_dataset(owner, "Small")
    large = await checked_dataset(owner, "Large")
    hidden = await checked_dataset(owner, "Hidden", private=True)
    small_case = await checked_case(owner, small)
    await send(owner, small, [await score(owner, small_case)])
    large_case = await checked_case(owner, large)
    failed = await score(owner, large_case, agent="a")
    not_graded = await score(owner, large_case, agent="b")
    await set_not_graded(sessionmaker, not_graded)
    passed = await score(owner, large_case, answer="Only unused.", agent="c")
    await send(owner, large, [failed, not_graded, passed])
    await send(owner, hidden, [await score(owner, await checked_case(owner, hidden))])

    summary = (await owner(SUMMARY))["reviewQueueSummary"]
    assert (summary["waiting"], summary["notPassed"], summary["notGraded"], summary["passed"]) == (
        5,
        3,
        1,
        1,
    )
    assert [row["dataset"]["name"] for row in summary["datasets"]] == ["Large", "Small", "Hidden"]
    assert summary["busiest"] == {"id": large}
    large_row = summary["datasets"][0]
    assert (large_row["notPassed"], large_row["notGraded"], large_row["passed"]) == (1, 1, 1)

    # A viewer sees the datasets visible to the organization, never the private one.
    viewer = await member_as(Role.VIEWER)
    seen = (await viewer(SUMMARY))["reviewQueueSummary"]
    assert [row["dataset"]["name"] for row in seen["datasets"]] == ["Large", "Small"]
    assert seen["waiting"] == 4

    # A decision takes a score off the card.
    await owner(DECIDE, {"i": {"scoreId": failed, "outcome": "FAIL"}})
    after = (await owner(SUMMARY))["reviewQueueSummary"]
    assert after["waiting"] == 4 and after["datasets"][0]["notPassed"] == 0


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


async def test_the_counts_live_over_a_subscription(host: str, org: Org, redis: Redis) -> None:
    owner, cookie, client = await _signed_in(host, org.owner_email)
    await owner(
        "mutation($i: AddMemberInput!) { addMember(input: $i) { member { role } } }",
        {"i": {"email": "v@acme.test", "name": "V", "role": "VIEWER", "password": PASSWORD}},
    )
    _, viewer_cookie, viewer_client = await _signed_in(host, "v@acme.test")
    try:
        shared = await checked_dataset(owner, "Shared")
        hidden = await checked_dataset(owner, "Hidden", private=True)
        shared_case = await checked_case(owner, shared)
        hidden_case = await checked_case(owner, hidden)
        first = await score(owner, shared_case)
        hidden_score = await score(owner, hidden_case)
        second = await score(owner, shared_case, agent="Other")
        channel = queue_channel(org.id)
        async with (
            socket(host, cookie=cookie) as owner_ws,
            socket(host, cookie=viewer_cookie) as viewer_ws,
        ):
            await owner_ws.start("one", LIVE, {"d": shared})
            await viewer_ws.start("all", LIVE, {})
            now = await owner_ws.receive()
            assert now["payload"]["data"]["reviewQueueCounts"]["waiting"] == 0
            seen = await viewer_ws.receive()
            assert seen["payload"]["data"]["reviewQueueCounts"]["datasets"] == []

            async def listening() -> bool:
                return await numsub(redis, channel) >= 1

            await until(listening)
            # A change in a dataset the viewer cannot see tells the viewer nothing; the owner
            # watches another dataset, so is told nothing either.
            await send(owner, hidden, [hidden_score])
            await send(owner, shared, [first])
            told = (await owner_ws.receive())["payload"]["data"]["reviewQueueCounts"]
            assert (told["waiting"], told["notPassed"]) == (1, 1)
            assert told["datasets"][0]["dataset"]["id"] == shared
            viewer_told = (await viewer_ws.receive())["payload"]["data"]["reviewQueueCounts"]
            assert [row["dataset"]["name"] for row in viewer_told["datasets"]] == ["Shared"]
            assert viewer_told["waiting"] == 1
            await send(owner, shared, [second])
            told = (await owner_ws.receive())["payload"]["data"]["reviewQueueCounts"]
            assert told["waiting"] == 2
            assert decode_id(told["busiest"]["id"], "Dataset") == decode_id(shared, "Dataset")
    finally:
        await client.aclose()
        await viewer_client.aclose()
