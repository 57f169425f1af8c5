"""One request cannot make /livez wait: /livez touches neither PostgreSQL nor Redis, and the
CPU-heavy work of a request - parsing an import, writing an export page, hashing or
verifying a password - runs off the event loop, so /livez answers while it is under way.

Each heavy step is held open (on its worker thread) until /livez has answered; had the
step run on the event loop, /livez could not answer until it ended, and the step gives up
waiting - so the test fails without timing anything."""

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from casebook.services.datasets import case_files
from casebook.services.identity import secrets
from tests.integration.conftest import PASSWORD, Org
from tests.integration.datasets.helpers import create_dataset
from tests.integration.datasets.test_files import jsonl, upload
from tests.support.graphql_client import Api

HELD_SECONDS = 30


def held(real: Callable[..., Any], started: threading.Event, release: threading.Event) -> Any:
    def step(*args: Any, **kwargs: Any) -> Any:
        started.set()
        if not release.wait(HELD_SECONDS):
            raise AssertionError("/livez did not answer while the step was under way")
        return real(*args, **kwargs)

    return step


async def livez_while(
    http: httpx.AsyncClient, started: threading.Event, release: threading.Event, work: Any
) -> Any:
    task = asyncio.ensure_future(work)
    assert await asyncio.to_thread(started.wait, HELD_SECONDS)
    live = await http.get("/livez")
    still_running = not task.done()
    release.set()
    result = await task
    assert live.status_code == 200 and live.json() == {"status": "ok"}
    assert still_running
    return result


async def test_livez_answers_while_a_large_import_is_parsed(
    owner: Api, http: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    dataset_id = await create_dataset(owner)
    data = jsonl([{"input": f"Question {n}?", "reference_answer": f"{n}"} for n in range(3_000)])
    started, release = threading.Event(), threading.Event()
    monkeypatch.setattr(
        case_files,
        "intake_import_in_chunks",
        held(case_files.intake_import_in_chunks, started, release),
    )
    body = await livez_while(http, started, release, upload(owner, dataset_id, data, "big.jsonl"))
    assert body["data"]["importCases"]["imported"] == 3_000


async def test_livez_answers_while_an_export_page_is_written(
    owner: Api, http: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    dataset_id = await create_dataset(owner)
    data = jsonl([{"input": f"Question {n}?", "reference_answer": f"{n}"} for n in range(600)])
    await upload(owner, dataset_id, data, "cases.jsonl")
    started, release = threading.Event(), threading.Event()
    monkeypatch.setattr(
        case_files, "_written_page", held(case_files._written_page, started, release)
    )
    download = http.get(f"/downloads/datasets/{dataset_id}/export", headers=owner.headers)
    response = await livez_while(http, started, release, download)
    assert response.status_code == 200 and len(response.text.splitlines()) == 600


async def test_livez_answers_while_a_password_is_verified(
    app: Any, org: Org, monkeypatch: pytest.MonkeyPatch
) -> None:
    started, release = threading.Event(), threading.Event()
    monkeypatch.setattr(secrets, "_verify", held(secrets._verify, started, release))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as client:
        signing_in = Api(client).login(org.owner_email, PASSWORD)
        viewer = await livez_while(client, started, release, signing_in)
    assert viewer["user"]["email"] == org.owner_email


async def test_livez_touches_neither_postgresql_nor_redis(
    app: Any, http: httpx.AsyncClient
) -> None:
    state = app.state.casebook

    class Unreachable:
        def __getattr__(self, name: str) -> Any:
            raise AssertionError(f"/livez used {name}")

        def __call__(self, *args: Any, **kwargs: Any) -> Any:
            raise AssertionError("/livez opened a session")

    kept = state.sessionmaker, state.redis
    state.sessionmaker, state.redis = Unreachable(), Unreachable()
    try:
        response = await http.get("/livez")
    finally:
        state.sessionmaker, state.redis = kept
    assert response.status_code == 200
