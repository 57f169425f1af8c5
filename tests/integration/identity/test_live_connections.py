"""A websocket is held to the same rules as a request: a key revoked, a session signed out,
a member removed or demoted ends what it may no longer do, within the recheck interval."""

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from casebook.config import Settings
from tests.integration.conftest import PASSWORD, Org
from tests.support.graphql_client import Api
from tests.support.live_server import live_server
from tests.support.ws_client import Socket, socket

RECHECK_SECONDS = 0.2
PROGRESS = "subscription($id: ID!) { jobProgress(id: $id) { status } }"
PING = 'mutation { ping(message: "idle") { job { id } } }'


@pytest.fixture
def host(settings: Settings, sessionmaker: Any) -> Iterator[str]:
    with live_server(
        settings.model_copy(update={"live_recheck_seconds": RECHECK_SECONDS})
    ) as found:
        yield found


@pytest.fixture
async def client(host: str) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=f"http://{host}") as found:
        yield found


async def _signed_in(client: httpx.AsyncClient, email: str) -> tuple[Api, str]:
    api = Api(client)
    await api.login(email, PASSWORD)
    return api, f"casebook_session={client.cookies['casebook_session']}"


async def _ended(ws: Socket, operation_id: str) -> list[dict[str, Any]]:
    """The messages of the operation up to its end, skipping its first (current state)."""
    found = []
    while True:
        message = await ws.receive()
        if message.get("id") != operation_id:
            continue
        found.append(message)
        if message["type"] in ("complete", "error"):
            return found


def _error_codes(messages: list[dict[str, Any]]) -> list[str]:
    return [
        error["extensions"]["code"]
        for message in messages
        if message["type"] == "next"
        for error in message["payload"].get("errors") or []
    ]


async def _watch_idle_job(ws: Socket, job_id: str) -> None:
    await ws.start("watch", PROGRESS, {"id": job_id})
    first = await ws.receive()
    while first.get("id") != "watch":
        first = await ws.receive()
    assert first.get("payload", {}).get("data", {}).get("jobProgress") == {"status": "queued"}, (
        first
    )


async def test_a_revoked_key_ends_its_subscriptions_and_operations(
    host: str, client: httpx.AsyncClient, org: Org
) -> None:
    owner, _ = await _signed_in(client, org.owner_email)
    created = await owner(
        'mutation { createApiKey(input: {name: "live", scopes: ["datasets:view", "datasets:edit"]}) { secret apiKey { id } } }'
    )
    key = created["createApiKey"]
    job = (await owner.with_key(key["secret"])(PING))["ping"]["job"]["id"]
    async with socket(host, authorization=f"Bearer {key['secret']}") as ws:
        await _watch_idle_job(ws, job)
        await owner(
            "mutation($id: ID!) { revokeApiKey(id: $id) { apiKey { status } } }",
            {"id": key["apiKey"]["id"]},
        )
        assert _error_codes(await _ended(ws, "watch")) == ["UNAUTHENTICATED"]
        refused = await ws.result("after", "{ datasets { totalCount } }")
        assert refused["payload"]["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
        assert refused["payload"]["errors"][0]["message"] == "the API key was revoked"


async def test_signing_out_ends_the_sessions_subscriptions(
    host: str, client: httpx.AsyncClient, org: Org
) -> None:
    owner, cookie = await _signed_in(client, org.owner_email)
    job = (await owner(PING))["ping"]["job"]["id"]
    async with socket(host, cookie=cookie) as ws:
        await _watch_idle_job(ws, job)
        await owner("mutation { logout { signedOut } }")
        assert _error_codes(await _ended(ws, "watch")) == ["UNAUTHENTICATED"]


async def test_a_removed_member_loses_its_live_connection(
    host: str, client: httpx.AsyncClient, org: Org
) -> None:
    owner, _ = await _signed_in(client, org.owner_email)
    await owner(
        """mutation { addMember(input: {email: "gone@acme.test", role: BUILDER,
           password: "correct horse battery"}) { member { role } } }"""
    )
    async with httpx.AsyncClient(base_url=client.base_url) as own:
        member, cookie = await _signed_in(own, "gone@acme.test")
        job = (await member(PING))["ping"]["job"]["id"]
        member_id = (await member("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    async with socket(host, cookie=cookie) as ws:
        await _watch_idle_job(ws, job)
        await owner(
            "mutation($u: ID!) { removeMember(userId: $u) { removedUserId } }", {"u": member_id}
        )
        assert _error_codes(await _ended(ws, "watch")) == ["UNAUTHENTICATED"]


async def test_a_demoted_member_loses_what_its_old_role_reached(
    host: str, client: httpx.AsyncClient, org: Org
) -> None:
    owner, _ = await _signed_in(client, org.owner_email)
    await owner(
        """mutation { addMember(input: {email: "admin@acme.test", role: ADMIN,
           password: "correct horse battery"}) { member { user { id } } } }"""
    )
    owners_job = (await owner(PING))["ping"]["job"]["id"]
    async with httpx.AsyncClient(base_url=client.base_url) as own:
        admin, cookie = await _signed_in(own, "admin@acme.test")
        admin_id = (await admin("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    audit = "{ auditLog(first: 1) { edges { node { action } } } }"
    async with socket(host, cookie=cookie) as ws:
        # An Admin reads the audit log and follows the owner's job (organization:manage).
        assert "errors" not in (await ws.result("audit", audit))["payload"]
        await _watch_idle_job(ws, owners_job)
        await owner(
            "mutation($u: ID!) { changeMemberRole(userId: $u, role: BUILDER) { member { role } } }",
            {"u": admin_id},
        )
        assert _error_codes(await _ended(ws, "watch")) == ["NOT_FOUND"]
        refused = await ws.result("audit again", audit)
        assert refused["payload"]["errors"][0]["extensions"]["code"] == "FORBIDDEN"
