"""An eval run's case table and a dataset's version diff over GraphQL, each figure beside
a baseline measured in the same run.

Requests go through the whole ASGI app in this process (authentication with an API
key, access, the GraphQL layer, the services, PostgreSQL), over httpx's ASGI transport:
what a deployment adds on top is the network. Statements are counted on the app's
engine.

(a) The case table of a run of ``--cases`` cases (10,000), page of 50 with the answers'
    first lines and the failing scorer's reason, under each filter: none, an outcome,
    a search, decided, and all of them together. A third of the answers fail; 100 are
    decided by a person. Median of ``--requests`` requests per filter, one at a time.
    Baseline: the GraphQL floor - ``evalRun(id) { id status }`` - in the same run.
    Bar: median <= 25 ms; and the same number of statements for a page of 5 as of 50.
(b) The first page (50) of the version diff of two versions of a dataset whose second
    changed 100 cases: at 1,000 cases and at ``--cases`` cases, and at ``--cases`` cases
    with 10 changes, so that the figure is seen to follow the changes, not the size.
    Baseline: the raw diff statement over asyncpg, and the GraphQL floor.
    Bar: median <= 50 ms.

The run itself is executed by the real worker against a webhook agent on loopback
(``eval_bench``). Figures on a shared, loaded machine are noisy: read the ratio to the
baseline measured in the same run; the load average is printed beside them.

Run: .venv/bin/python benchmarks/results_bench.py [--cases 10000] [--requests 30]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import asyncpg
import httpx
from asgi_lifespan import LifespanManager
from sqlalchemy import event, select
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import col

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

import eval_bench
from _services import bench_database
from eval_bench import SECRET_KEY, AgentProcess
from load_bench import redis_for_bench

from casebook.app import create_app
from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.models import Score
from casebook.db.queries.cases_at_version import CaseFilter
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.graphql.ids import encode_id
from casebook.services.datasets import case_files, cases, datasets
from casebook.services.datasets.version_diff import _DIFF
from casebook.services.identity.api_keys import create_key
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.context import ServiceContext
from casebook.services.review import decisions

BAR_TABLE_MS = 25.0
BAR_DIFF_MS = 50.0
DECIDED = 100
FAIL_EVERY = 3

TABLE = """query($id: ID!, $first: Int!, $outcome: ScoreOutcome, $search: String,
  $decided: Boolean) { evalRun(id: $id) { results(first: $first, outcome: $outcome,
  search: $search, decided: $decided) { totalCount pageInfo { hasNextPage endCursor }
  edges { node { outcome scorersOutcome decided answerPreview failingScorer failingReason
    agentName case { id input tags } medianScore { id latencyMs } } } } } }"""
FLOOR = """query($id: ID!) { evalRun(id: $id) { id status } }"""
DIFF = """query($d: ID!, $from: Int!, $to: Int!) { dataset(id: $d) {
  versionDiff(from: $from, to: $to) { added removed changed
    changes(first: 50) { totalCount edges { node { kind changedFields
      before { input referenceAnswer } after { input referenceAnswer } } } } } } }"""
DATASET_FLOOR = """query($d: ID!) { dataset(id: $d) { id latestVersion } }"""


def _cases_file(count: int) -> bytes:
    """Cases whose answer "yes: question n" fails one case in ``FAIL_EVERY``."""
    rows = [
        {
            "input": f"question {n}",
            "reference_answer": "yes",
            "checks": [{"type": "contains", "value": "maybe" if n % FAIL_EVERY == 0 else "yes"}],
            "tags": [f"t{n % 4}"],
        }
        for n in range(count)
    ]
    return "\n".join(json.dumps(row) for row in rows).encode()


@contextmanager
def counted(engine: AsyncEngine) -> Iterator[list[str]]:
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", count)


async def _post(client: httpx.AsyncClient, query: str, variables: dict[str, Any]) -> float:
    began = time.perf_counter()
    response = await client.post("/graphql", json={"query": query, "variables": variables})
    elapsed = (time.perf_counter() - began) * 1000
    body = response.json()
    assert response.status_code == 200 and not body.get("errors"), body
    return elapsed


async def _median(
    client: httpx.AsyncClient, query: str, variables: dict[str, Any], requests: int
) -> float:
    await _post(client, query, variables)  # warm: parser cache, loaders' imports
    return statistics.median([await _post(client, query, variables) for _ in range(requests)])


def _verdict(ms: float, bar: float) -> str:
    return "PASS" if ms <= bar else "FAIL"


async def _decide_some(ctx: ServiceContext, run_id: int) -> None:
    async with ctx.sessionmaker() as session:
        rows = await session.execute(
            select(col(Score.id))
            .where(col(Score.eval_run_id) == run_id)
            .order_by(col(Score.id))
            .limit(DECIDED)
        )
        score_ids = [score_id for (score_id,) in rows]
    for n, score_id in enumerate(score_ids):
        await decisions.decide(ctx, score_id, "pass" if n % 2 else "fail", "bench")


async def _run_id(ctx: ServiceContext) -> int:
    async with ctx.sessionmaker() as session:
        found = await session.execute(
            select(col(Score.eval_run_id)).where(col(Score.eval_run_id).is_not(None))
        )
        run_id = found.scalars().first()
    assert run_id is not None
    return int(run_id)


async def table(settings: Settings, client_for: Any, size: int, requests: int) -> None:
    eval_bench._cases_file = _cases_file  # the run's cases: a third fail
    with AgentProcess(0.0) as agent:
        ctx, dataset_id, agent_id, engine = await eval_bench._prepare(settings, agent.url, size)
        await eval_bench._run(ctx, settings, dataset_id, agent_id)
        await engine.dispose()
    run_id = await _run_id(ctx)
    await _decide_some(ctx, run_id)
    run = str(encode_id("EvalRun", run_id))
    async with client_for(ctx) as (client, app_engine):
        floor = await _median(client, FLOOR, {"id": run}, requests)
        print(f"(a) case table of a {size:,}-case run, page of 50 (floor {floor:.1f} ms):")
        filters: list[tuple[str, dict[str, Any]]] = [
            ("no filter", {}),
            ("outcome FAIL", {"outcome": "FAIL"}),
            ("search", {"search": "question 12"}),
            ("decided", {"decided": True}),
            ("all together", {"outcome": "PASS", "search": "question", "decided": True}),
        ]
        for name, given in filters:
            ms = await _median(client, TABLE, {"id": run, "first": 50, **given}, requests)
            print(
                f"    {name:13} median {ms:6.1f} ms ({ms / floor:.1f}x the floor) "
                f"bar <= {BAR_TABLE_MS:.0f} ms: {_verdict(ms, BAR_TABLE_MS)}"
            )
        statements = []
        for first in (5, 50):
            with counted(app_engine) as seen:
                await _post(client, TABLE, {"id": run, "first": first})
            statements.append(len(seen))
        print(
            f"    statements for a page of 5 and of 50: {statements[0]} and {statements[1]}: "
            f"{'PASS' if statements[0] == statements[1] else 'FAIL'} (constant)"
        )


async def _edited_dataset(ctx: ServiceContext, size: int, changes: int) -> tuple[int, int]:
    dataset = await datasets.create_dataset(
        ctx, name=f"Diff {size} {changes} {time.monotonic_ns()}"
    )
    assert dataset.id is not None
    await case_files.import_cases(ctx, dataset.id, _cases_file(size), "cases.jsonl")
    page, _ = await cases.list_cases(
        ctx, dataset.id, version=1, where=CaseFilter(), first=100, after=None
    )
    version = 1
    for n, case in enumerate(page.items[:changes]):
        written = await cases.update_case(
            ctx, case.case_id, base_version=version, patch={"reference_answer": f"edited {n}"}
        )
        version = written.version
    return dataset.id, version


async def _raw_diff(database_url: str, dataset_id: int, to: int, requests: int) -> float:
    plain = database_url.replace("postgresql+asyncpg://", "postgresql://", 1)
    connection = await asyncpg.connect(plain)
    sql, names = str(_DIFF), ("dataset", "low", "high", "before", "after", "after_case", "limit")
    # Longest names first: ":after" is the start of ":after_case".
    for number, name in sorted(enumerate(names, 1), key=lambda pair: -len(pair[1])):
        sql = sql.replace(f":{name}", f"${number}")
    values = (dataset_id, 1, to, 1, to, 0, 52)
    try:
        await connection.fetch(sql, *values)
        timings = []
        for _ in range(requests):
            began = time.perf_counter()
            await connection.fetch(sql, *values)
            timings.append((time.perf_counter() - began) * 1000)
        return statistics.median(timings)
    finally:
        await connection.close()


async def version_diff(
    settings: Settings, ctx: ServiceContext, client_for: Any, size: int, requests: int
) -> None:
    print(f"(b) version diff, first page of 50, {requests} requests each:")
    async with client_for(ctx) as (client, _):
        shapes = [(min(1000, size), 100), (size, 100), (size, 10)]
        for cases_count, changes in shapes:
            changes = min(changes, cases_count)
            dataset_id, latest = await _edited_dataset(ctx, cases_count, changes)
            dataset = str(encode_id("Dataset", dataset_id))
            floor = await _median(client, DATASET_FLOOR, {"d": dataset}, requests)
            ms = await _median(client, DIFF, {"d": dataset, "from": 1, "to": latest}, requests)
            raw = await _raw_diff(settings.database_url, dataset_id, latest, requests)
            print(
                f"    {cases_count:6,} cases, {changes:3} changed: median {ms:6.1f} ms "
                f"(raw diff SQL {raw:5.1f} ms, floor {floor:.1f} ms; {ms / floor:.1f}x the "
                f"floor) bar <= {BAR_DIFF_MS:.0f} ms: {_verdict(ms, BAR_DIFF_MS)}"
            )


async def bench(settings: Settings, size: int, requests: int) -> None:
    print(f"load average: {os.getloadavg()}")

    @asynccontextmanager
    async def client_for(ctx: ServiceContext) -> Any:
        issued = await create_key(
            ctx,
            name=f"bench {time.monotonic_ns()}",
            scopes=["datasets:view", "runs:view", "agents:view"],
            expires_at=None,
        )
        application = create_app(settings)
        async with LifespanManager(application):
            transport = httpx.ASGITransport(app=application)
            async with httpx.AsyncClient(
                transport=transport,
                base_url="http://api.bench",
                headers={"authorization": f"Bearer {issued.plaintext}"},
            ) as client:
                yield client, application.state.casebook.sessionmaker.kw["bind"]

    await table(settings, client_for, size, requests)
    print(f"load average: {os.getloadavg()}")
    ctx = await _owner_context(settings)
    await version_diff(settings, ctx, client_for, size, requests)
    print(f"load average: {os.getloadavg()}")


async def _owner_context(settings: Settings) -> ServiceContext:
    engine = create_engine(settings.database_url, pool_size=4)
    maker = create_sessionmaker(engine)
    org, user = await create_organization_with_owner(
        maker,
        organization_name=f"Diff {time.monotonic_ns()}",
        email=f"diff{time.monotonic_ns()}@bench.test",
        name="Diff Owner",
        password="a bench password",
    )
    assert org.id is not None and user.id is not None
    return ServiceContext(maker, None, settings, Actor(user.id, org.id, Role.OWNER))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=30)
    args = parser.parse_args()
    with bench_database() as database_url, redis_for_bench() as redis_url:
        settings = Settings(
            database_url=database_url,
            redis_url=redis_url,
            secret_key=SECRET_KEY,
            log_level="WARNING",
            worker_metrics_port=0,
        )
        os.environ["SECRET_KEY"] = SECRET_KEY
        asyncio.run(bench(settings, args.cases, args.requests))


if __name__ == "__main__":
    main()
