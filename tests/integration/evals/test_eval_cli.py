"""Issue 12, "CI gate": ``casebook eval`` against a running stack - ``casebook serve`` and
``casebook worker`` as processes on loopback ports, a webhook agent on loopback whose
answers change between builds. Exit 0 with no regression, 1 on a confirmed one, 2 on a
usage or connection error; the JUnit XML it writes is valid; the API key never shows."""

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from redis.asyncio import Redis

from casebook.config import Settings
from tests.integration.conftest import PASSWORD, Org
from tests.integration.evals.helpers import agent_at, dataset_with_cases
from tests.integration.evals.test_eval_results import Script
from tests.support.graphql_client import Api
from tests.support.junit import validate_junit
from tests.support.live_server import command_environment, free_port
from tests.support.loopback_http import LoopbackHttp

pytestmark = pytest.mark.waits_on_processes

CREATE_KEY = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }"""
EVAL_SECONDS = 120
SCOPES = ["runs:view", "datasets:view", "datasets:run", "agents:view", "agents:run"]


async def _wait_until_serving(base: str, server: asyncio.subprocess.Process) -> None:
    deadline = time.monotonic() + 60
    async with httpx.AsyncClient(base_url=base) as client:
        while True:
            assert server.returncode is None, "casebook serve exited"
            try:
                if (await client.get("/livez")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "casebook serve did not start"
            await asyncio.sleep(0.1)


@pytest.fixture
async def stack(settings: Settings) -> AsyncIterator[str]:
    """``casebook serve`` and ``casebook worker``; the API's base URL. Redis starts empty, as
    for the in-process app: job ids restart with the tables, and arq refuses an id it holds."""
    client = Redis.from_url(settings.redis_url)
    try:
        await client.flushdb()
    finally:
        await client.aclose()
    port = free_port()
    env = command_environment(settings, WORKER_METRICS_PORT="0")
    cli = [sys.executable, "-m", "casebook.cli"]
    server = await asyncio.create_subprocess_exec(*cli, "serve", "--port", str(port), env=env)
    worker = await asyncio.create_subprocess_exec(*cli, "worker", env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        await _wait_until_serving(base, server)
        yield base
    finally:
        for process in (worker, server):
            if process.returncode is None:
                process.terminate()
        for process in (worker, server):
            await asyncio.wait_for(process.wait(), 30)


@pytest.fixture
async def live_owner(stack: str, org: Org) -> AsyncIterator[Api]:
    """The organization's owner signed in to the served API: what it creates (the agent's
    signing secret) is sealed with the served processes' own secret key."""
    async with httpx.AsyncClient(base_url=stack) as client:
        api = Api(client)
        await api.login(org.owner_email, PASSWORD)
        yield api


async def _eval(key: str, *args: str) -> tuple[int, str, str]:
    env = {**os.environ, "CASEBOOK_API_KEY": key, "PYTHONFAULTHANDLER": "1"}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "casebook_client",
        "eval",
        *args,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), EVAL_SECONDS)
    except TimeoutError:
        process.send_signal(signal.SIGABRT)  # faulthandler writes where it stands
        out, err = await process.communicate()
        raise AssertionError(
            f"casebook eval ran past {EVAL_SECONDS}s:\n{out.decode()}{err.decode()}"
        ) from None
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_the_gate_passes_then_fails_on_a_confirmed_regression(
    live_owner: Api, endpoint: LoopbackHttp, stack: str, tmp_path: Path
) -> None:
    owner = live_owner
    dataset_id, _ = await dataset_with_cases(owner, 3)
    script = Script()
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    key = (await owner(CREATE_KEY, {"i": {"name": "ci", "scopes": SCOPES}}))["createApiKey"]
    key = key["secret"]
    common = ["--dataset", dataset_id, "--agent", agent, "--url", stack]

    # Build 1: no earlier run, every case passes.
    first_xml = tmp_path / "first.xml"
    code, out, err = await _eval(key, *common, "--baseline", "last", "--junit", str(first_xml))
    assert code == 0, out + err
    assert "baseline: no earlier finished run" in out
    assert "version 3: 3 cases, 3 answers" in out
    assert "unknown until the webhook reports its cost" in out
    assert "[finished] answered 3/3, scored 3: 3 passed, 0 failed" in out
    assert "polling" not in out  # progress came over the evalRunProgress subscription
    assert "Webhook bot" in out and "100.0%" in out and "gate: passed" in out
    root = validate_junit(first_xml.read_bytes())
    assert (root.get("tests"), root.get("failures")) == ("3", "0")

    # Build 2: the agent now gets question 0 wrong, every time - a confirmed regression.
    script.always = {"question 0"}
    second_xml = tmp_path / "reports" / "second.xml"
    code, out, err = await _eval(key, *common, "--baseline", "last", "--junit", str(second_xml))
    assert code == 1, out + err
    assert "1 regression (1 confirmed), 0 improvements" in out
    assert "regression (confirmed): Webhook bot on case" in out and "'question 0'" in out
    assert "gate: 1 confirmed regression" in out and "gate: failed" in out
    root = validate_junit(second_xml.read_bytes())
    assert (root.get("tests"), root.get("failures")) == ("3", "1")
    failures = [c for c in root.iter("testcase") if c.find("failure") is not None]
    assert [c.get("name") for c in failures] == ["question 0"]  # named by the question
    failure = failures[0].find("failure")
    assert failure is not None and failure.get("message", "").startswith("regression, confirmed: ")

    # Build 3: fixed, compared with the failing build; a pass-rate bar it meets.
    script.always = set()
    code, out, err = await _eval(key, *common, "--baseline", "last", "--min-pass-rate", "90%")
    assert code == 0, out + err
    assert "0 regressions (0 confirmed), 1 improvement" in out
    # A bar above what the agent reaches fails the build, with the reason.
    script.always = {"question 2"}
    code, out, err = await _eval(key, *common, "--min-pass-rate", "0.9")
    assert code == 1, out + err
    assert "gate: Webhook bot: pass rate 66.7% is under the bar 90.0%" in out

    for text in (out, err):
        assert key not in text


async def test_usage_and_connection_errors_exit_2(
    live_owner: Api, endpoint: LoopbackHttp, stack: str
) -> None:
    owner = live_owner
    dataset_id, _ = await dataset_with_cases(owner, 1)
    agent = await agent_at(owner, endpoint)
    key = (await owner(CREATE_KEY, {"i": {"name": "ci", "scopes": SCOPES}}))["createApiKey"]
    key = key["secret"]
    common = ["--dataset", dataset_id, "--agent", agent]
    code, _, err = await _eval(key, *common, "--url", f"http://127.0.0.1:{free_port()}")
    assert code == 2 and "ConnectError" in err
    code, _, err = await _eval("", *common, "--url", stack)
    assert code == 2 and "CASEBOOK_API_KEY" in err
    code, _, err = await _eval(key + "x", *common, "--url", stack)
    assert code == 2 and "the API refused" in err and key not in err
    code, _, err = await _eval(key, "--dataset", dataset_id, "--agent", dataset_id, "--url", stack)
    assert code == 2 and "agentIds" in err
    code, _, err = await _eval(key, *common, "--url", stack, "--repetitions", "11")
    assert code == 2 and "--repetitions" in err
    code, _, _ = await _eval(key, "--agent", agent)  # --dataset is required
    assert code == 2
