"""Load: concurrent clients reading the first page of 50 cases from real API processes.

The server is ``casebook serve`` in a process of its own (``--workers N``
processes sharing its port), with production defaults: JSON request logs,
metrics on, traces off. This process only generates the load: ``CLIENTS``
clients, each sending its next request as soon as the last one is answered,
until ``REQUESTS`` are answered. Each request is the console's own page read
(``DatasetCases``: the first 50 cases with their total) of a dataset of
10,000 cases, authenticated with an API key, so each one authenticates,
checks access, reads the page and its count.

Bar, for one API process and for two: at least 120 requests/s and a p99 of at most 300 ms.
Beside it, the same clients against ``/livez`` in the same run: the ratio says
what a page costs over the bare HTTP round trip on this machine.

Run: .venv/bin/python benchmarks/load_bench.py [--workers 1,2] [--requests 2000] [--clients 20]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import contextlib
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from _services import bench_database
from import_bench import make_file

from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.graphql.ids import encode_id
from casebook.services.datasets import case_files, datasets
from casebook.services.identity.api_keys import create_key
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.context import ServiceContext

BAR_REQUESTS_PER_SECOND = 120.0
BAR_P99_MS = 300.0

PAGE_QUERY = """
query DatasetCases($id: ID!, $first: Int!) {
  dataset(id: $id) {
    id
    cases(first: $first) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges {
        cursor
        node {
          id revision changedInVersion source masked input
          history { role }
          referenceAnswer counterExample
          expectedToolCalls { tool }
          checks {
            contains { value path caseSensitive }
            notContains { value path caseSensitive }
            equals { value path caseSensitive }
            regex { value path caseSensitive }
            jsonSchema { schema path }
            maxCostUsd { value }
            maxLatencyMs { value }
            length { unit min max path }
            judge { criterion }
          }
          tags referenceVerified
        }
      }
    }
  }
}
"""


@dataclass(frozen=True)
class Fixture:
    database_url: str
    redis_url: str
    dataset_id: str
    api_key: str


@dataclass(frozen=True)
class Run:
    seconds: float
    latencies: list[float]
    failures: int

    @property
    def per_second(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000

    def line(self) -> str:
        return (
            f"{self.per_second:7.1f} req/s   p50 {self.percentile(50):6.1f} ms   "
            f"p95 {self.percentile(95):6.1f} ms   p99 {self.percentile(99):6.1f} ms   "
            f"max {max(self.latencies) * 1000:6.1f} ms   failures {self.failures}"
        )


@contextmanager
def redis_for_bench():
    url = os.environ.get("REDIS_URL")
    if url:
        yield url
        return
    from casebook.devservices import EmbeddedServices

    services = EmbeddedServices(Path(tempfile.mkdtemp(prefix="casebook-load-")))
    try:
        yield services.start_redis()
    finally:
        services.remove()


async def prepare(database_url: str, redis_url: str) -> Fixture:
    engine = create_engine(database_url, pool_size=2)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    org, user = await create_organization_with_owner(
        maker,
        organization_name="Load",
        email="load@bench.test",
        name="Load",
        password="bench-password",
    )
    assert org.id is not None and user.id is not None
    settings = Settings(database_url=database_url, redis_url=redis_url)
    ctx = ServiceContext(maker, None, settings, Actor(user.id, org.id, Role.OWNER))
    dataset = await datasets.create_dataset(ctx, name="10,000 cases")
    await case_files.import_cases(ctx, dataset.id, make_file(), "cases.jsonl")
    issued = await create_key(
        ctx, name="load", scopes=["datasets:view", "runs:view"], expires_at=None
    )
    await engine.dispose()
    return Fixture(database_url, redis_url, str(encode_id("Dataset", dataset.id)), issued.plaintext)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def api_server(fixture: Fixture, workers: int, log: Path):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": fixture.database_url,
        "REDIS_URL": fixture.redis_url,
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(48),
    }
    for name in [n for n in env if n.startswith("OTEL_")]:
        del env[name]  # traces off, as deployed by default
    command = [sys.executable, "-m", "casebook.cli", "serve", "--port", str(port)]
    with log.open("ab") as output:
        server = subprocess.Popen(
            [*command, "--workers", str(workers)], env=env, stdout=output, stderr=output
        )
    try:
        yield f"http://127.0.0.1:{port}", server.pid
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()


@contextmanager
def worker_process(database_url: str, redis_url: str, log: Path, **environment: str):
    """``casebook worker`` in a process of its own (its metrics port off, traces off, as
    deployed by default), ``environment`` added to this process's; stopped afterwards."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "WORKER_METRICS_PORT": "0",
        **environment,
    }
    for name in [n for n in env if n.startswith("OTEL_")]:
        del env[name]
    with log.open("ab") as output:
        worker = subprocess.Popen(
            [sys.executable, "-m", "casebook.cli", "worker"], env=env, stdout=output, stderr=output
        )
    try:
        yield worker.pid
    finally:
        worker.terminate()
        try:
            worker.wait(30)
        except subprocess.TimeoutExpired:
            worker.kill()


def server_resident_mb(pid: int) -> float:
    """Resident memory of the API: the serve process and its worker processes."""
    parent = psutil.Process(pid)
    total = 0
    for process in [parent, *parent.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += process.memory_info().rss
    return total / 2**20


def server_cpu_seconds(pid: int) -> float:
    """CPU the API has used so far: the serve process and its worker processes."""
    parent = psutil.Process(pid)
    total = 0.0
    for process in [parent, *parent.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            times = process.cpu_times()
            total += times.user + times.system
    return total


async def wait_ready(base: str) -> None:
    deadline = time.monotonic() + 120
    async with httpx.AsyncClient(base_url=base) as client:
        while time.monotonic() < deadline:
            try:
                if (await client.get("/readyz")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.2)
    raise RuntimeError("the API did not become ready; see the server log")


async def load(base: str, request: dict, total: int, clients: int) -> Run:
    latencies: list[float] = []
    failures = 0
    remaining = total
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as client:

        async def one_client() -> None:
            nonlocal remaining, failures
            while remaining > 0:
                remaining -= 1
                started = time.perf_counter()
                response = await client.request(**request)
                latencies.append(time.perf_counter() - started)
                if response.status_code != 200 or b'"errors"' in response.content:
                    failures += 1

        started = time.perf_counter()
        await asyncio.gather(*[one_client() for _ in range(clients)])
        return Run(time.perf_counter() - started, latencies, failures)


async def measure(fixture: Fixture, workers: int, total: int, clients: int, log: Path) -> None:
    page = {
        "method": "POST",
        "url": "/graphql",
        "json": {"query": PAGE_QUERY, "variables": {"id": fixture.dataset_id, "first": 50}},
        "headers": {"authorization": f"Bearer {fixture.api_key}"},
    }
    with api_server(fixture, workers, log) as (base, pid):
        await wait_ready(base)
        async with httpx.AsyncClient(base_url=base) as client:
            answer = (await client.request(**page)).json()
        if not answer.get("data") or not answer["data"].get("dataset"):
            raise RuntimeError(f"the page query failed: {answer}")
        edges = answer["data"]["dataset"]["cases"]["edges"]
        assert len(edges) == 50 and answer["data"]["dataset"]["cases"]["totalCount"] == 10_000
        await load(base, page, 200, clients)  # warm up: connections, caches
        health = await load(base, {"method": "GET", "url": "/livez"}, total, clients)
        cpu_before = server_cpu_seconds(pid)
        pages = await load(base, page, total, clients)
        cpu_per_page_ms = (server_cpu_seconds(pid) - cpu_before) / total * 1000
        resident_mb = server_resident_mb(pid)
    label = f"{workers} API process{'es' if workers > 1 else ''}"
    print(f"\n{label}, {clients} clients, {total:,} requests each")
    print(f"  /livez (baseline)       {health.line()}")
    print(f"  first page of 50 cases  {pages.line()}")
    print(f"  page / baseline: {health.per_second / pages.per_second:.1f}x the time per request")
    print(f"  API CPU per page: {cpu_per_page_ms:.1f} ms; load average now {_load()}")
    print(f"  API resident memory after the pages: {resident_mb:.0f} MB")
    # The bar holds for one process and "the same with --workers 2".
    passed = (
        pages.per_second >= BAR_REQUESTS_PER_SECOND
        and pages.percentile(99) <= BAR_P99_MS
        and pages.failures == 0
    )
    print(
        f"  bar: >= {BAR_REQUESTS_PER_SECOND:.0f} req/s and p99 <= {BAR_P99_MS:.0f} ms"
        f"  {'PASS' if passed else 'FAIL'}"
    )


def _load() -> str:
    return " ".join(f"{n:.1f}" for n in os.getloadavg())


async def main(args: argparse.Namespace, database_url: str, redis_url: str) -> None:
    print(f"machine: {os.cpu_count()} cores, load average {_load()}; server log: {args.log}")
    started = time.perf_counter()
    fixture = await prepare(database_url, redis_url)
    print(f"dataset of 10,000 cases ready in {time.perf_counter() - started:.1f} s")
    for workers in args.workers:
        await measure(fixture, workers, args.requests, args.clients, args.log)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", default="1,2", help="API processes per run, e.g. 1,2")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument(
        "--log", type=Path, default=Path(tempfile.gettempdir()) / "casebook-load.log"
    )
    args = parser.parse_args()
    args.workers = [int(n) for n in args.workers.split(",")]
    return args


if __name__ == "__main__":
    arguments = parse_args()
    with bench_database() as database_url, redis_for_bench() as redis_url:
        asyncio.run(main(arguments, database_url, redis_url))
