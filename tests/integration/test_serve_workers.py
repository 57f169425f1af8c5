"""``casebook serve --workers 2``: two API processes share the port, and /metrics adds up
what both served, whichever answers the scrape."""

import asyncio
import os
import sys
import time

import httpx
import psutil

from casebook.config import Settings
from tests.support.live_server import free_port
from tests.support.prometheus import parse, value

REQUESTS = 40


def _api_processes(parent: int) -> int:
    return sum(
        "spawn_main" in " ".join(child.cmdline()) for child in psutil.Process(parent).children()
    )


async def _wait_until_serving(base: str, server: asyncio.subprocess.Process) -> None:
    deadline = time.monotonic() + 60
    async with httpx.AsyncClient(base_url=base) as client:
        while True:
            assert server.returncode is None, "casebook serve exited"
            try:
                if (await client.get("/livez")).status_code == 200 and _api_processes(
                    server.pid
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
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "REDIS_URL": settings.redis_url,
        "LOG_LEVEL": "WARNING",
        "SECRET_KEY": "a-test-secret-key-of-at-least-32-characters",
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    server = await asyncio.create_subprocess_exec(
        *[sys.executable, "-m", "casebook.cli", "serve", "--port", str(port), "--workers", "2"],
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        await _wait_until_serving(base, server)
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
    finally:
        server.terminate()
        await asyncio.wait_for(server.wait(), 30)
