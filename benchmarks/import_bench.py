"""Import speed and the read of a version, each beside its raw PostgreSQL baseline.

1. Import 10,000 cases (about 10 MB of JSONL) into one version through the
   service, and a raw asyncpg COPY of the same rows into the same tables.
   Bar: import <= 3x raw COPY.
   Beside it, the parse of the file alone with Python's garbage collector on and
   paused as the import pauses it (services/kernel/collector.py): what the
   collector cost the parse.
2. Read the first page of 50 cases of version N of a dataset with 10,000 cases
   and 1,000 versions through the service, and the same page with the raw SQL
   query. Bar: <= 3x raw SQL.

Run: .venv/bin/python benchmarks/import_bench.py   (DATABASE_URL optional)
"""

import asyncio
import gc
import json
import statistics
import sys
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from _services import bench_database
from sqlalchemy import text

from casebook.config import Settings
from casebook.db.case_content import content_to_json, search_text
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.db.queries.cases_at_version import CaseFilter
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.domain.cases.intake import intake_import
from casebook.domain.cases.twins import question_key
from casebook.services.datasets import case_files, cases, datasets
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.collector import collector_paused
from casebook.services.kernel.context import ServiceContext

CASES = 10_000
VERSIONS = 1_000


def make_file() -> bytes:
    rows = []
    for n in range(CASES):
        rows.append(
            {
                "input": f"Customer {n} asks: "
                + "how long does the return window last for an opened item? " * 5,
                "history": [
                    {"role": "user", "content": "Hello, I bought a kettle last week."},
                    {"role": "assistant", "content": "Thanks! How can I help with your kettle?"},
                ],
                "reference_answer": "Thirty days from delivery, unused and in its box. " * 5,
                "expected_tool_calls": [
                    {"tool": "lookup_policy", "args": {"topic": "returns", "item": n}}
                ],
                "checks": [
                    {"type": "contains", "value": "30 days"},
                    {"type": "length", "unit": "words", "max": 120},
                ],
                "tags": ["returns", f"batch-{n % 20}"],
                "note": "Asked often in the spring sale.",
            }
        )
    return "".join(json.dumps(r) + "\n" for r in rows).encode()


async def raw_copy(
    session_factory, dataset_id: int, org_id: int, user_id: int, data: bytes
) -> float:
    """The same rows the import stores, with a plain COPY into the same tables (no checks)."""
    contents, _ = intake_import(data, "cases.jsonl")  # prepared before the clock starts
    prepared = [
        (
            orjson.dumps(content_to_json(c)).decode(),
            question_key(c.input),
            list(c.tags),
            search_text(c),
        )
        for c in contents
    ]
    async with session_factory() as session, session.begin():
        connection = await (await session.connection()).get_raw_connection()
        raw = connection.driver_connection
        start = time.perf_counter()
        case_ids = [
            r[0]
            for r in await raw.fetch(
                "SELECT nextval(pg_get_serial_sequence('dataset_cases','id')) FROM generate_series(1,$1)",
                CASES,
            )
        ]
        rev_ids = [
            r[0]
            for r in await raw.fetch(
                "SELECT nextval(pg_get_serial_sequence('case_revisions','id')) FROM generate_series(1,$1)",
                CASES,
            )
        ]
        await raw.copy_records_to_table(
            "dataset_cases",
            columns=["id", "dataset_id", "source"],
            records=[(i, dataset_id, "import") for i in case_ids],
        )
        await raw.copy_records_to_table(
            "case_revisions",
            columns=[
                "id",
                "case_id",
                "dataset_id",
                "organization_id",
                "revision",
                "content",
                "question_key",
                "tags",
                "search_text",
            ],
            records=[
                (r, c, dataset_id, org_id, 1, *p)
                for r, c, p in zip(rev_ids, case_ids, prepared, strict=True)
            ],
        )
        await raw.copy_records_to_table(
            "version_changes",
            columns=["dataset_id", "case_id", "version", "revision_id"],
            records=[(dataset_id, c, 1, r) for c, r in zip(case_ids, rev_ids, strict=True)],
        )
        elapsed = time.perf_counter() - start
    return elapsed


RAW_PAGE = """
SELECT latest.case_id, r.id, r.revision, r.content, r.reference_verified, c.source
FROM (SELECT DISTINCT ON (vc.case_id) vc.case_id, vc.revision_id, vc.version
      FROM version_changes vc WHERE vc.dataset_id = :d AND vc.version <= :v
      ORDER BY vc.case_id, vc.version DESC) latest
JOIN case_revisions r ON r.id = latest.revision_id
JOIN dataset_cases c ON c.id = latest.case_id
WHERE latest.revision_id IS NOT NULL
ORDER BY latest.case_id LIMIT 50
"""


def best(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:.1f} ms, best {min(samples) * 1000:.1f} ms"


async def main(url: str) -> None:
    engine = create_engine(url, pool_size=4)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    org, user = await create_organization_with_owner(
        maker,
        organization_name="Bench",
        email="b@bench.test",
        name="Bench",
        password="bench-password",
    )
    assert org.id is not None and user.id is not None
    ctx = ServiceContext(
        maker, None, Settings(database_url=url), Actor(user.id, org.id, Role.OWNER)
    )
    data = make_file()
    print(f"file: {len(data) / 1_048_576:.1f} MB, {CASES:,} cases")

    parse_on, parse_paused = [], []
    for _ in range(5):
        gc.collect()
        start = time.perf_counter()
        intake_import(data, "cases.jsonl")
        parse_on.append(time.perf_counter() - start)
        gc.collect()
        start = time.perf_counter()
        with collector_paused():
            intake_import(data, "cases.jsonl")
        parse_paused.append(time.perf_counter() - start)
    on, paused = statistics.median(parse_on), statistics.median(parse_paused)
    print(f"parse with the collector on: {best(parse_on)}")
    print(f"parse with the collector paused (as the import runs it): {best(parse_paused)}")
    print(f"the collector's share of the parse: {(on - paused) / on:.0%}")

    import_times, copy_times = [], []
    for _ in range(3):
        imported = await datasets.create_dataset(ctx, name="imported")
        start = time.perf_counter()
        await case_files.import_cases(ctx, imported.id, data, "cases.jsonl")
        import_times.append(time.perf_counter() - start)
        copied = await datasets.create_dataset(ctx, name="copied")
        copy_times.append(await raw_copy(maker, copied.id, org.id, user.id, data))
    ratio = statistics.median(import_times) / statistics.median(copy_times)
    print(f"import through the service: {best(import_times)}")
    print(f"raw asyncpg COPY, same rows: {best(copy_times)}")
    print(f"import / raw COPY = {ratio:.2f}x  (bar <= 3x)  {'PASS' if ratio <= 3 else 'FAIL'}")

    # 1,000 versions: 999 edits after the import, each touching one case.
    dataset = imported
    views, after = [], None
    while len(views) < VERSIONS - 1:
        page, _ = await cases.list_cases(
            ctx, dataset.id, version=None, where=CaseFilter(), first=500, after=after
        )
        views += page.items
        after = page.end_cursor
    for n, view in enumerate(views[: VERSIONS - 1]):
        await cases.update_case(ctx, view.case_id, base_version=n + 1, patch={"note": f"edit {n}"})
    version = 500
    service_times, raw_times = [], []
    for _ in range(30):
        start = time.perf_counter()
        await cases.list_cases(
            ctx, dataset.id, version=version, where=CaseFilter(), first=50, after=None
        )
        service_times.append(time.perf_counter() - start)
        async with maker() as session:
            start = time.perf_counter()
            rows = (await session.execute(text(RAW_PAGE), {"d": dataset.id, "v": version})).all()
            raw_times.append(time.perf_counter() - start)
        assert len(rows) == 50
    ratio = statistics.median(service_times) / statistics.median(raw_times)
    print(
        f"first page of 50 at version {version} of {VERSIONS:,} ({CASES:,} cases), service: {best(service_times)}"
    )
    print(f"same page, raw SQL: {best(raw_times)}")
    print(f"service / raw SQL = {ratio:.2f}x  (bar <= 3x)  {'PASS' if ratio <= 3 else 'FAIL'}")
    await engine.dispose()


if __name__ == "__main__":
    with bench_database() as database_url:
        asyncio.run(main(database_url))
