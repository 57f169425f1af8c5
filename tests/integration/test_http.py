"""Health, CORS, request ids, websockets and the refusal of an unmigrated database."""

import asyncio
import json

import httpx
import pytest
import websockets
from asgi_lifespan import LifespanManager

from casebook.app import create_app
from casebook.config import Settings
from casebook.db.migrate import DatabaseNotMigrated
from tests.integration.conftest import PASSWORD, Org
from tests.support.live_server import live_server
from tests.support.services import RunningServices, _create_database, _drop_database, _with_database


async def test_liveness_and_readiness(http: httpx.AsyncClient) -> None:
    assert (await http.get("/livez")).json() == {"status": "ok"}
    ready = await http.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["checks"] == {"postgres": "ok", "redis": "ok"}


async def test_every_response_carries_a_request_id_and_keeps_a_sane_one(
    http: httpx.AsyncClient,
) -> None:
    generated = await http.get("/livez")
    assert len(generated.headers["x-request-id"]) == 32
    kept = await http.get("/livez", headers={"x-request-id": "trace-12345678"})
    assert kept.headers["x-request-id"] == "trace-12345678"
    replaced = await http.get("/livez", headers={"x-request-id": "bad id\nwith newline"})
    assert replaced.headers["x-request-id"] != "bad id\nwith newline"


async def test_cors_admits_the_console_origin_only(http: httpx.AsyncClient) -> None:
    preflight = {
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-csrf-token",
    }
    allowed = await http.options("/graphql", headers={"origin": "http://console.test", **preflight})
    assert allowed.headers["access-control-allow-origin"] == "http://console.test"
    assert allowed.headers["access-control-allow-credentials"] == "true"
    refused = await http.options("/graphql", headers={"origin": "http://evil.test", **preflight})
    assert "access-control-allow-origin" not in refused.headers


async def test_the_app_refuses_to_start_on_an_unmigrated_database(
    services: RunningServices, settings: Settings
) -> None:
    name = "casebook_unmigrated_probe"
    await _drop_database(settings.database_url, name)
    await _create_database(settings.database_url, name)
    try:
        url = _with_database(settings.database_url, name)
        app = create_app(settings.model_copy(update={"database_url": url}))
        with pytest.raises(DatabaseNotMigrated, match="run `casebook migrate`"):
            async with LifespanManager(app):
                pass
    finally:
        await _drop_database(settings.database_url, name)


async def test_job_progress_streams_over_graphql_transport_ws(
    settings: Settings, org: Org, run_worker
) -> None:
    with live_server(settings) as host:
        async with httpx.AsyncClient(base_url=f"http://{host}") as client:
            login = await client.post(
                "/graphql",
                json={
                    "query": "mutation($i: LoginInput!) { login(input: $i) { viewer { csrfToken } } }",
                    "variables": {"i": {"email": org.owner_email, "password": PASSWORD}},
                },
            )
            csrf = login.json()["data"]["login"]["viewer"]["csrfToken"]
            ping = await client.post(
                "/graphql",
                headers={"x-csrf-token": csrf},
                json={"query": 'mutation { ping(message: "live") { job { id } } }'},
            )
            job_id = ping.json()["data"]["ping"]["job"]["id"]
            cookie = f"casebook_session={client.cookies['casebook_session']}"
        async with websockets.connect(
            f"ws://{host}/graphql",
            subprotocols=["graphql-transport-ws"],
            additional_headers={"cookie": cookie, "origin": "http://console.test"},
        ) as ws:
            await ws.send(json.dumps({"type": "connection_init", "payload": {}}))
            assert json.loads(await ws.recv())["type"] == "connection_ack"
            await ws.send(
                json.dumps(
                    {
                        "id": "1",
                        "type": "subscribe",
                        "payload": {
                            "query": "subscription($id: ID!) { jobProgress(id: $id) { status result } }",
                            "variables": {"id": job_id},
                        },
                    }
                )
            )
            raw = await ws.recv()
            assert isinstance(raw, str), "graphql-ws clients in browsers read text frames only"
            first = json.loads(raw)
            assert first["payload"]["data"]["jobProgress"]["status"] == "queued"
            await run_worker()
            statuses = []
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if message["type"] == "complete":
                    break
                statuses.append(message["payload"]["data"]["jobProgress"]["status"])
            assert statuses[-1] == "succeeded"
            assert "running" in statuses


async def test_a_websocket_from_another_origin_is_refused(settings: Settings) -> None:
    with live_server(settings) as host, pytest.raises(websockets.exceptions.InvalidStatus):
        async with websockets.connect(
            f"ws://{host}/graphql",
            subprotocols=["graphql-transport-ws"],
            additional_headers={"origin": "http://evil.test"},
        ):
            pass


async def test_a_websocket_with_a_revoked_key_is_rejected(settings: Settings, owner) -> None:
    created = await owner(
        'mutation { createApiKey(input: {name: "ws", scopes: ["datasets:view"]}) { secret apiKey { id } } }'
    )
    await owner(
        "mutation($id: ID!) { revokeApiKey(id: $id) { apiKey { status } } }",
        {"id": created["createApiKey"]["apiKey"]["id"]},
    )
    with live_server(settings) as host:
        async with websockets.connect(
            f"ws://{host}/graphql", subprotocols=["graphql-transport-ws"]
        ) as ws:
            await ws.send(
                json.dumps(
                    {
                        "type": "connection_init",
                        "payload": {"authorization": f"Bearer {created['createApiKey']['secret']}"},
                    }
                )
            )
            with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
