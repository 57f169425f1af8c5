"""Viewers of one run or job share what each event costs - it is decoded, read and
executed once for all of them - yet each is decided for on its own: a viewer that may
not see the run is told it does not exist even when others hold its channel, and one
that loses access while watching ends, while the others go on receiving every event."""

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import orjson
import pytest
from redis.asyncio import Redis

from casebook.config import Settings
from casebook.domain.access.catalog import Role
from casebook.graphql.ids import decode_id
from casebook.services.evals.channels import run_channel
from casebook.services.kernel.pubsub import publish
from tests.integration.conftest import PASSWORD, Org
from tests.integration.evals.helpers import agent_at, dataset_with_cases, run_input, start
from tests.support.graphql_client import Api
from tests.support.job_watchers import job_state, numsub, until
from tests.support.live_server import live_server
from tests.support.loopback_http import LoopbackHttp
from tests.support.ws_client import Socket, socket

RECHECK_SECONDS = 0.2
PROGRESS = "subscription($id: ID!) { evalRunProgress(id: $id) { status answered sequence } }"
JOB = "subscription($id: ID!) { jobProgress(id: $id) { status result } }"
PING = 'mutation { ping(message: "watched") { job { id } } }'


@pytest.fixture
def host(settings: Settings, sessionmaker: Any) -> Iterator[str]:
    with live_server(
        settings.model_copy(update={"live_recheck_seconds": RECHECK_SECONDS})
    ) as found:
        yield found


@pytest.fixture
async def redis(settings: Settings) -> AsyncIterator[Redis]:
    client = Redis.from_url(settings.redis_url)
    yield client
    await client.aclose()


@pytest.fixture
async def sign_in(host: str) -> AsyncIterator[Any]:
    clients: list[httpx.AsyncClient] = []

    async def signed_in(email: str) -> tuple[Api, str, str]:
        """The member's API, its session cookie and its user id."""
        client = httpx.AsyncClient(base_url=f"http://{host}")
        clients.append(client)
        api = Api(client)
        await api.login(email, PASSWORD)
        user = (await api("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
        return api, f"casebook_session={client.cookies['casebook_session']}", user

    yield signed_in
    for client in clients:
        await client.aclose()


async def _add(owner: Api, role: Role, email: str) -> None:
    await owner(
        "mutation($i: AddMemberInput!) { addMember(input: $i) { member { role } } }",
        {"i": {"email": email, "name": email, "role": role.name, "password": PASSWORD}},
    )


async def _demote(owner: Api, user_id: str, role: Role) -> None:
    await owner(
        "mutation($u: ID!, $r: Role!) { changeMemberRole(userId: $u, role: $r) { member { role } } }",
        {"u": user_id, "r": role.name},
    )


async def _next(ws: Socket, operation_id: str) -> dict[str, Any]:
    while True:
        message = await ws.receive()
        if message.get("id") == operation_id:
            return message


async def _data(ws: Socket, operation_id: str, field: str) -> dict[str, Any]:
    message = await _next(ws, operation_id)
    assert message["type"] == "next" and not message["payload"].get("errors"), message
    return dict(message["payload"]["data"][field])


async def _ended_with(ws: Socket, operation_id: str) -> list[str]:
    """The error codes the operation ended with (events it still received are skipped)."""
    codes: list[str] = []
    while True:
        message = await _next(ws, operation_id)
        if message["type"] == "complete":
            return codes
        for error in message["payload"].get("errors") or []:
            codes.append(error["extensions"]["code"])


def _progress(run_id: int, organization_id: int, sequence: int) -> bytes:
    """What a worker publishes on the run's channel (``channels.progress_payload``)."""
    return orjson.dumps(
        {
            "run_id": run_id,
            "organization_id": organization_id,
            "status": "running",
            "status_reason": None,
            "total": 10,
            "answered": sequence,
            "scored": sequence,
            "passed": sequence,
            "failed": 0,
            "not_graded": 0,
            "cost_usd": 0.0,
            "eta_seconds": 1.0,
            "sequence": sequence,
        }
    )


async def test_viewers_of_a_run_each_get_what_they_may_see_and_lose_it_alone(
    host: str, org: Org, sign_in: Any, endpoint: LoopbackHttp, redis: Redis
) -> None:
    owner, owner_cookie, _ = await sign_in(org.owner_email)
    dataset_id, _ = await dataset_with_cases(owner, 1)
    run = await start(owner, run_input(dataset_id, [await agent_at(owner, endpoint)]))
    run_id = decode_id(run["id"], "EvalRun")
    channel = run_channel(run_id)
    await _add(owner, Role.BUILDER, "builder@acme.test")
    _, builder_cookie, builder_id = await sign_in("builder@acme.test")
    runs_only = await owner(
        'mutation { createApiKey(input: {name: "runs only", scopes: ["runs:view"]}) { secret } }'
    )
    blind_key = runs_only["createApiKey"]["secret"]

    async with (
        socket(host, cookie=owner_cookie) as watching_owner,
        socket(host, cookie=builder_cookie) as watching_builder,
        socket(host, authorization=f"Bearer {blind_key}") as blind,
    ):
        await watching_owner.start("run", PROGRESS, {"id": run["id"]})
        first = await _data(watching_owner, "run", "evalRunProgress")
        await watching_builder.start("run", PROGRESS, {"id": run["id"]})
        assert await _data(watching_builder, "run", "evalRunProgress") == first
        assert await numsub(redis, channel) == 1

        # The channel is held by others already; a key that may not see the run's
        # dataset is still told the run does not exist.
        await blind.start("run", PROGRESS, {"id": run["id"]})
        assert await _ended_with(blind, "run") == ["NOT_FOUND"]

        sequence = int(first["sequence"])
        await publish(redis, channel, _progress(run_id, org.id, sequence + 1))
        for ws in (watching_owner, watching_builder):
            got = await _data(ws, "run", "evalRunProgress")
            assert (got["sequence"], got["answered"]) == (sequence + 1, sequence + 1)

        # The builder becomes a member (no runs:view): its subscription alone ends.
        await _demote(owner, builder_id, Role.MEMBER)
        assert await _ended_with(watching_builder, "run") == ["FORBIDDEN"]
        for n in range(2, 5):
            await publish(redis, channel, _progress(run_id, org.id, sequence + n))
        received = [
            (await _data(watching_owner, "run", "evalRunProgress"))["sequence"] for _ in range(3)
        ]
        assert received == [sequence + 2, sequence + 3, sequence + 4]


async def test_watchers_of_a_job_share_its_reading_and_each_is_decided_for(
    host: str, org: Org, sign_in: Any, redis: Redis
) -> None:
    owner, owner_cookie, _ = await sign_in(org.owner_email)
    job = (await owner(PING))["ping"]["job"]["id"]
    channel = f"job:{decode_id(job, 'Job')}"
    # An admin follows the owner's job (organization:manage) until it is demoted.
    await _add(owner, Role.ADMIN, "admin@acme.test")
    _, admin_cookie, admin_id = await sign_in("admin@acme.test")
    async with (
        socket(host, cookie=owner_cookie) as watching_owner,
        socket(host, cookie=admin_cookie) as watching_admin,
    ):
        for ws in (watching_owner, watching_admin):
            await ws.start("job", JOB, {"id": job})
            assert await _data(ws, "job", "jobProgress") == {"status": "queued", "result": None}

        async def one_subscription() -> bool:
            return await numsub(redis, channel) == 1

        await until(one_subscription)
        await publish(redis, channel, job_state(job, "running", 1))
        for ws in (watching_owner, watching_admin):
            assert await _data(ws, "job", "jobProgress") == {
                "status": "running",
                "result": {"n": 1},
            }

        await _demote(owner, admin_id, Role.BUILDER)
        assert await _ended_with(watching_admin, "job") == ["NOT_FOUND"]
        await publish(redis, channel, job_state(job, "running", 2))
        await publish(redis, channel, job_state(job, "succeeded", 3))
        assert await _data(watching_owner, "job", "jobProgress") == {
            "status": "running",
            "result": {"n": 2},
        }
        assert await _data(watching_owner, "job", "jobProgress") == {
            "status": "succeeded",
            "result": {"n": 3},
        }
        assert (await _next(watching_owner, "job"))["type"] == "complete"
