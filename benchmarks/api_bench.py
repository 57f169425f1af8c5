"""The API end to end, each figure beside its raw PostgreSQL baseline in the same run.

The server is ``casebook serve`` (uvicorn, one process) on a loopback port, with
production defaults; this process is an httpx client authenticated with an API key,
so every request authenticates, checks access and reads through the real ASGI app.

1. The first page of 50 cases (the console's ``DatasetCases``: the page and its
   total) of a dataset of 10,000 cases: median of 50 requests, one at a time.
   Baseline: the raw SQL for the same page and total (one statement over asyncpg).
   Bar: <= 3x the raw SQL and <= 15 ms median.
2. A page of 50 scores with their case and dataset: median of 50 requests.
   Bar: <= 20 ms median.
3. ``importCases`` of 10,000 cases (about 10 MB of JSONL) over HTTP multipart,
   beside a raw asyncpg COPY of the same rows into the same tables.
   Bar: <= 1.5 s and <= 2x the COPY.

Figures on a shared, loaded machine are noisy: the ratio to the baseline measured in
the same run is the figure to read; the load average is printed beside it.

Run: .venv/bin/python benchmarks/api_bench.py [--requests 50] [--imports 3]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from _services import bench_database
from import_bench import CASES, make_file, raw_copy
from load_bench import Fixture, _load, api_server, redis_for_bench, wait_ready

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

BAR_CASES_RATIO = 3.0
BAR_CASES_MS = 15.0
BAR_SCORES_MS = 20.0
BAR_IMPORT_S = 1.5
BAR_IMPORT_RATIO = 2.0

# The same page and total the API reads: per case the newest change at or below the
# version, the page's 50 with their revision and case, and how many there are.
RAW_PAGE = """
WITH latest AS (
  SELECT DISTINCT ON (vc.case_id) vc.case_id, vc.revision_id
  FROM version_changes vc WHERE vc.dataset_id = $1 AND vc.version <= $2
  ORDER BY vc.case_id, vc.version DESC)
SELECT l.case_id, r.id, r.revision, r.content, r.reference_verified, c.source,
       c.created_at, r.created_at,
       (SELECT count(*) FROM latest WHERE revision_id IS NOT NULL) AS total
FROM latest l
JOIN case_revisions r ON r.id = l.revision_id
JOIN dataset_cases c ON c.id = l.case_id
ORDER BY l.case_id LIMIT 50
"""

# The console's own page read (DatasetCases): the first cases with their total.
PAGE_QUERY = """query DatasetCases($id: ID!, $first: Int!) { dataset(id: $id) { id
  cases(first: $first) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node {
    id revision changedInVersion source masked input history { role }
    referenceAnswer counterExample expectedToolCalls { tool }
    checks {
      contains { value path caseSensitive } notContains { value path caseSensitive }
      equals { value path caseSensitive } regex { value path caseSensitive }
      jsonSchema { schema path } maxCostUsd { value } maxLatencyMs { value }
      length { unit min max path } judge { criterion } }
    tags referenceVerified } } } } }"""

SCORES_PAGE = """query($d: ID!, $first: Int!) { dataset(id: $d) { scores(first: $first) {
  totalCount edges { node {
    id outcome quality stale mayScoreAgain datasetVersion
    case { id revision input referenceAnswer tags }
    dataset { id name latestVersion caseCount } } } } } }"""

IMPORT = """mutation($d: ID!, $f: Upload!) { importCases(datasetId: $d, file: $f) {
  version imported } }"""
CREATE = "mutation($n: String!) { createDataset(input: {name: $n}) { dataset { id } } }"


@dataclass(frozen=True)
class Prepared:
    fixture: Fixture
    dataset_pk: int
    organization_id: int
    user_id: int


async def prepare(database_url: str, redis_url: str) -> Prepared:
    engine = create_engine(database_url, pool_size=2)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    org, user = await create_organization_with_owner(
        maker, organization_name="Bench", email="api@bench.test", name="API", password="x" * 16
    )
    assert org.id is not None and user.id is not None
    settings = Settings(database_url=database_url, redis_url=redis_url)
    ctx = ServiceContext(maker, None, settings, Actor(user.id, org.id, Role.OWNER))
    dataset = await datasets.create_dataset(ctx, name="10,000 cases")
    assert dataset.id is not None
    await case_files.import_cases(ctx, dataset.id, make_file(), "cases.jsonl")
    scopes = ["datasets:view", "datasets:edit", "datasets:run", "runs:view"]
    issued = await create_key(ctx, name="api bench", scopes=scopes, expires_at=None)
    await engine.dispose()
    fixture = Fixture(
        database_url, redis_url, str(encode_id("Dataset", dataset.id)), issued.plaintext
    )
    return Prepared(fixture, dataset.id, org.id, user.id)


async def median_ms(timed: Callable[[], Awaitable[Any]], n: int) -> tuple[float, float]:
    """The median and the best of ``n`` runs, in ms, after three to warm up."""
    for _ in range(3):
        await timed()
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        await timed()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000, min(samples) * 1000


def verdict(passed: bool) -> str:
    return "PASS" if passed else "FAIL"


async def graphql(client: httpx.AsyncClient, query: str, variables: dict[str, Any]) -> Any:
    response = await client.post("/graphql", json={"query": query, "variables": variables})
    body = response.json()
    assert response.status_code == 200 and "errors" not in body, body
    return body["data"]


async def score_fifty(client: httpx.AsyncClient, dataset_id: str) -> None:
    """50 scores on the dataset's first 50 cases, through scoreAnswer."""
    data = await graphql(client, PAGE_QUERY, {"id": dataset_id, "first": 50})
    case_ids = [edge["node"]["id"] for edge in data["dataset"]["cases"]["edges"]]
    for start in range(0, len(case_ids), 25):  # the API allows 30 aliases per operation
        batch = case_ids[start : start + 25]
        declared = ", ".join(f"$i{n}: ScoreAnswerInput!" for n in range(len(batch)))
        body = " ".join(
            f"a{n}: scoreAnswer(input: $i{n}) {{ score {{ id }} }}" for n in range(len(batch))
        )
        answers = {
            f"i{n}": {"caseId": case_id, "answer": "Within 30 days of delivery, unused."}
            for n, case_id in enumerate(batch)
        }
        await graphql(client, f"mutation({declared}) {{ {body} }}", answers)


async def pages(base: str, prepared: Prepared, requests: int) -> None:
    fixture = prepared.fixture
    headers = {"authorization": f"Bearer {fixture.api_key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as client:
        first = await graphql(client, PAGE_QUERY, {"id": fixture.dataset_id, "first": 50})
        assert first["dataset"]["cases"]["totalCount"] == CASES
        assert len(first["dataset"]["cases"]["edges"]) == 50

        async def api_page() -> None:
            await graphql(client, PAGE_QUERY, {"id": fixture.dataset_id, "first": 50})

        raw = await asyncpg.connect(
            fixture.database_url.replace("postgresql+asyncpg://", "postgresql://", 1)
        )
        try:

            async def raw_page() -> None:
                rows = await raw.fetch(RAW_PAGE, prepared.dataset_pk, 1)
                assert len(rows) == 50 and rows[0]["total"] == CASES

            api_ms, api_best = await median_ms(api_page, requests)
            raw_ms, raw_best = await median_ms(raw_page, requests)
        finally:
            await raw.close()
        ratio = api_ms / raw_ms
        print(f"\nfirst page of 50 cases of {CASES:,}, median of {requests} requests")
        print(f"  through the API over HTTP: median {api_ms:.1f} ms, best {api_best:.1f} ms")
        print(f"  raw SQL, same page and total: median {raw_ms:.1f} ms, best {raw_best:.1f} ms")
        passed = ratio <= BAR_CASES_RATIO and api_ms <= BAR_CASES_MS
        print(
            f"  API / raw SQL = {ratio:.2f}x (bar <= {BAR_CASES_RATIO:.0f}x), median "
            f"{api_ms:.1f} ms (bar <= {BAR_CASES_MS:.0f} ms)  {verdict(passed)}"
        )

        await score_fifty(client, fixture.dataset_id)

        async def scores_page() -> None:
            data = await graphql(client, SCORES_PAGE, {"d": fixture.dataset_id, "first": 50})
            assert len(data["dataset"]["scores"]["edges"]) == 50

        scores_ms, scores_best = await median_ms(scores_page, requests)
        print(f"\na page of 50 scores with their case and dataset, median of {requests}")
        print(f"  through the API over HTTP: median {scores_ms:.1f} ms, best {scores_best:.1f} ms")
        print(f"  bar <= {BAR_SCORES_MS:.0f} ms  {verdict(scores_ms <= BAR_SCORES_MS)}")


async def imports(base: str, prepared: Prepared, runs: int) -> None:
    fixture = prepared.fixture
    data = make_file()
    engine = create_engine(fixture.database_url, pool_size=2)
    maker = create_sessionmaker(engine)
    headers = {"authorization": f"Bearer {fixture.api_key}"}
    api_times, copy_times = [], []
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=120) as client:
        for n in range(runs):
            created = await graphql(client, CREATE, {"n": f"imported {n}"})
            dataset_id = created["createDataset"]["dataset"]["id"]
            operations = {"query": IMPORT, "variables": {"d": dataset_id, "f": None}}
            started = time.perf_counter()
            response = await client.post(
                "/graphql",
                data={
                    "operations": json.dumps(operations),
                    "map": json.dumps({"0": ["variables.f"]}),
                },
                files={"0": ("cases.jsonl", data, "application/x-ndjson")},
            )
            api_times.append(time.perf_counter() - started)
            body = response.json()
            assert body.get("data", {}).get("importCases", {}).get("imported") == CASES, body
            settings = Settings(database_url=fixture.database_url, redis_url=fixture.redis_url)
            ctx = ServiceContext(
                maker,
                None,
                settings,
                Actor(prepared.user_id, prepared.organization_id, Role.OWNER),
            )
            copied = await datasets.create_dataset(ctx, name=f"copied {n}")
            copy_times.append(
                await raw_copy(maker, copied.id, prepared.organization_id, prepared.user_id, data)
            )
    await engine.dispose()
    api_s, copy_s = statistics.median(api_times), statistics.median(copy_times)
    ratio = api_s / copy_s
    print(f"\nimportCases of {CASES:,} cases ({len(data) / 1_048_576:.1f} MB JSONL), {runs} runs")
    print(f"  over HTTP multipart: median {api_s:.2f} s, best {min(api_times):.2f} s")
    print(f"  raw asyncpg COPY, same rows: median {copy_s:.2f} s, best {min(copy_times):.2f} s")
    passed = api_s <= BAR_IMPORT_S and ratio <= BAR_IMPORT_RATIO
    print(
        f"  import / COPY = {ratio:.2f}x (bar <= {BAR_IMPORT_RATIO:.0f}x), median {api_s:.2f} s "
        f"(bar <= {BAR_IMPORT_S} s)  {verdict(passed)}"
    )


async def main(args: argparse.Namespace, database_url: str, redis_url: str) -> None:
    print(f"machine load average {_load()}; server log: {args.log}")
    prepared = await prepare(database_url, redis_url)
    with api_server(prepared.fixture, 1, args.log) as (base, _pid):
        await wait_ready(base)
        await pages(base, prepared, args.requests)
        await imports(base, prepared, args.imports)
    print(f"\nmachine load average {_load()}")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--imports", type=int, default=3)
    parser.add_argument(
        "--log", type=Path, default=Path(tempfile.gettempdir()) / "casebook-api-bench.log"
    )
    return parser.parse_args()


if __name__ == "__main__":
    arguments = parse_args()
    with bench_database() as database_url, redis_for_bench() as redis_url:
        asyncio.run(main(arguments, database_url, redis_url))
