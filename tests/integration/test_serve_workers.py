"""``casebook serve --workers 2``: two API processes share the port - each listening on it
with a socket of its own, so clients' connections are spread across both - and /metrics
adds up what both served, whichever answers the scrape. One that dies is started again; a
port already taken is refused; SIGTERM stops every process."""

import asyncio
import contextlib
import socket
import sys
import time
from typing import Any

import httpx
import psutil
import pytest

from casebook.api_processes import OWN_SOCKET_FLAG
from casebook.config import Settings
from tests.support.live_server import command_environment, free_port
from tests.support.prometheus import parse, value

pytestmark = pytest.mark.waits_on_processes

REQUESTS = 40
CLIENTS = 20


def _children(parent: int) -> list[psutil.Process]:
    """The API processes running (one killed is a zombie until the parent reaps it)."""
    found = []
    for child in psutil.Process(parent).children():
        with contextlib.suppress(psutil.Error):
            if OWN_SOCKET_FLAG in child.cmdline():
                found.append(child)
    return found


def _api_processes(parent: int) -> int:
    return len(_children(parent))


def _listening(parent: int, port: int) -> int:
    """The API processes whose own socket listens on ``port``: one still starting may not
    have bound it yet, and the kernel hands it no connection until it has."""
    listening = 0
    for child in _children(parent):
        with contextlib.suppress(psutil.Error):
            connections = child.net_connections("tcp")
            listening += any(
                c.status == psutil.CONN_LISTEN and c.laddr.port == port for c in connections
            )
    return listening


def _connections_held(process: psutil.Process, port: int) -> int:
    return sum(
        c.status == psutil.CONN_ESTABLISHED and c.laddr.port == port
        for c in process.net_connections("tcp")
    )


def _serve(port: int) -> list[str]:
    return [sys.executable, "-m", "casebook.cli", "serve", "--port", str(port), "--workers", "2"]


async def _wait_until_serving(base: str, server: asyncio.subprocess.Process) -> None:
    deadline = time.monotonic() + 60
    port = httpx.URL(base).port or 0
    async with httpx.AsyncClient(base_url=base) as client:
        while True:
            assert server.returncode is None, "casebook serve exited"
            try:
                if (await client.get("/livez")).status_code == 200 and _listening(
                    server.pid, port
                ) == 2:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "casebook serve did not start"
            await asyncio.sleep(0.1)


async def test_two_api_processes_serve_one_port_and_report_metrics_together(
    settings: Settings, sessionmaker
) -> None:
    port = free_port()
    server = await asyncio.create_subprocess_exec(*_serve(port), env=command_environment(settings))
    base = f"http://127.0.0.1:{port}"
    processes: list[psutil.Process] = []
    try:
        await _wait_until_serving(base, server)
        processes = _children(server.pid)
        limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
        async with httpx.AsyncClient(base_url=base, limits=limits) as client:
            await asyncio.gather(*[client.get("/livez") for _ in range(CLIENTS * 5)])
            # Kept open: each process holds some (all 20 on one: odds of one in 500,000).
            held = [_connections_held(process, port) for process in processes]
            assert sum(held) == CLIENTS and min(held) > 0, held
        async with httpx.AsyncClient(base_url=base) as client:
            answers = await asyncio.gather(
                *[
                    client.post("/graphql", json={"query": "query Probe { viewer { role } }"})
                    for _ in range(REQUESTS)
                ]
            )
            assert {answer.status_code for answer in answers} == {200}
            for _ in range(4):  # each scrape may land on either process
                scraped = parse((await client.get("/metrics")).text)
                count = value(
                    scraped,
                    "casebook_graphql_operation_duration_seconds_count",
                    operation="Probe",
                    type="query",
                )
                assert count == REQUESTS
        # One that dies is started again, on the port beside the other.
        processes[0].kill()
        deadline = time.monotonic() + 30
        while {p.pid for p in _children(server.pid)} & {processes[0].pid} or _api_processes(
            server.pid
        ) < 2:
            assert time.monotonic() < deadline, "the killed API process was not started again"
            await asyncio.sleep(0.1)
        processes = _children(server.pid)
        await _wait_until_serving(base, server)
    finally:
        server.terminate()
        await asyncio.wait_for(server.wait(), 30)
    assert server.returncode == 0
    assert not any(process.is_running() for process in processes)


async def test_a_port_already_taken_is_refused(settings: Settings, sessionmaker: Any) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = await asyncio.create_subprocess_exec(
            *_serve(port), env=command_environment(settings), stdout=asyncio.subprocess.PIPE
        )
        output, _ = await asyncio.wait_for(server.communicate(), 60)
    assert server.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in output.decode()
