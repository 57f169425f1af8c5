"""Erasure: a person who asked 10,000 cases across 100 versions, erased, beside a raw UPDATE.

Two organizations get the same dataset, written straight into the tables before any
clock starts: 100 versions, each adding 100 cases the person asked (a question, two
earlier turns, a reference answer and a note, with authorship naming them), each case
at two revisions (the second made in a later version, so every version holds a case
whose text must change). Measured: ``erase_person`` - the service the erasure job runs:
chunked transactions that read each revision, replace its text by the domain rule,
write it back with the derived columns, mark the case, clear its eval-run records and
scores, and consume its authorship. The baseline, in the same run: one raw SQL UPDATE
of the same revisions in the other organization (``jsonb_set`` of the question and
the mark), with no rule, no chunks and nothing else.

Bounded means: the erasure's time grows with the cases, not with the versions that hold
them (a revision is rewritten once, whatever number of versions point at it).

Run: .venv/bin/python benchmarks/erasure_bench.py [--cases 10000] [--versions 100]
(DATABASE_URL optional; an embedded server otherwise)
"""

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

from sqlalchemy import text

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from _services import bench_database

from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.services.erasure.erasure import erase_person
from casebook.services.erasure.person import Person
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.context import ServiceContext

PERSON = "ana@example.com"

FIXTURE = [
    """INSERT INTO datasets (organization_id, name, visibility, latest_version, scoring)
       VALUES (:org, 'Bench', 'organization', CAST(:versions AS integer) + 1, '{}'::jsonb)""",
    """INSERT INTO dataset_cases (dataset_id, source)
       SELECT d.id, 'conversation' FROM datasets d, generate_series(1, CAST(:cases AS integer))
       WHERE d.organization_id = :org""",
    # Revision 1 of each case, added in version ceil(n / per), and revision 2 in the last.
    """INSERT INTO case_revisions (case_id, dataset_id, organization_id, revision, content,
         question_key, tags, search_text, reference_verified)
       SELECT c.id, c.dataset_id, :org, r.revision,
         jsonb_build_object(
           'input', 'Where is order ' || c.id || '? I am Ana, ana@example.com',
           'history', jsonb_build_array(
             jsonb_build_object('role', 'user', 'content', 'Hi, Ana here about ' || c.id),
             jsonb_build_object('role', 'assistant', 'content', 'Hello Ana!')),
           'reference_answer', 'Order ' || c.id || ' ships tomorrow to Ana.',
           'counter_example', NULL, 'expected_tool_calls', '[]'::jsonb,
           'order_mode', 'any', 'checks', '[{"type": "contains", "value": "ships"}]'::jsonb,
           'tags', '["shipping"]'::jsonb, 'note', 'Ana said it never came',
           'reference_verified', false),
         'where is order ' || c.id || '? i am ana, ana@example.com', '{shipping}',
         'where is order ' || c.id, false
       FROM dataset_cases c JOIN datasets d ON d.id = c.dataset_id,
            (VALUES (1), (2)) AS r(revision)
       WHERE d.organization_id = :org""",
    """INSERT INTO version_changes (dataset_id, case_id, version, revision_id)
       SELECT r.dataset_id, r.case_id,
         CASE WHEN r.revision = 1
              THEN (row_number() OVER (PARTITION BY r.revision ORDER BY r.case_id) - 1)
                   / (CAST(:cases AS integer) / CAST(:versions AS integer)) + 1
              ELSE CAST(:versions AS integer) + 1 END,
         r.id
       FROM case_revisions r WHERE r.organization_id = :org""",
    """INSERT INTO dataset_versions (dataset_id, version, action, summary, case_count)
       SELECT d.id, v, 'add', '{}'::jsonb,
         LEAST(v * (CAST(:cases AS integer) / CAST(:versions AS integer)), CAST(:cases AS integer))
       FROM datasets d, generate_series(1, CAST(:versions AS integer) + 1) v WHERE d.organization_id = :org""",
    """INSERT INTO case_authorship (case_id, organization_id, question_end_user,
         turn_user_ids, turn_end_users)
       SELECT c.id, :org, CAST(:person AS text), ARRAY[NULL, NULL]::bigint[],
              ARRAY[CAST(:person AS text), NULL]
       FROM dataset_cases c JOIN datasets d ON d.id = c.dataset_id
       WHERE d.organization_id = :org""",
]

BASELINE = [
    """UPDATE case_revisions r
       SET content = jsonb_set(r.content, '{input}', '"[erased]"'::jsonb),
           question_key = '[erased]', search_text = '[erased]'
       FROM case_authorship a
       WHERE a.case_id = r.case_id AND a.organization_id = :org
         AND a.question_end_user = :person""",
    """UPDATE dataset_cases c SET anonymised_at = now()
       FROM case_authorship a
       WHERE a.case_id = c.id AND a.organization_id = :org AND a.question_end_user = :person""",
]


async def organization(maker: Any, name: str, cases: int, versions: int) -> Actor:
    org, user = await create_organization_with_owner(
        maker,
        organization_name=name,
        email=f"{name.lower()}@bench.test",
        name=name,
        password="bench-password",
    )
    assert org.id is not None and user.id is not None
    async with maker() as session, session.begin():
        for statement in FIXTURE:
            await session.execute(
                text(statement),
                {"org": org.id, "cases": cases, "versions": versions, "person": PERSON},
            )
    return Actor(user.id, org.id, Role.OWNER)


async def measure(database_url: str, cases: int, versions: int) -> dict[str, float]:
    engine = create_engine(database_url, pool_size=2)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    settings = Settings(database_url=database_url)
    erased = await organization(maker, "Erased", cases, versions)
    raw = await organization(maker, "Raw", cases, versions)
    async with maker() as session:
        await session.execute(text("ANALYZE"))
    reports: list[dict[str, Any]] = []

    async def progress(report: dict[str, Any]) -> None:
        reports.append(dict(report))

    ctx = ServiceContext(maker, None, settings, erased)
    started = time.perf_counter()
    result = await erase_person(ctx, Person(end_user=PERSON), progress)
    erasure_s = time.perf_counter() - started
    assert result["cases_anonymised"] == cases, result
    started = time.perf_counter()
    async with maker() as session, session.begin():
        for statement in BASELINE:
            await session.execute(text(statement), {"org": raw.organization_id, "person": PERSON})
    baseline_s = time.perf_counter() - started
    async with maker() as session:
        left = (
            await session.execute(
                text(
                    "SELECT count(*) FROM case_revisions WHERE organization_id = :o"
                    " AND strpos(content::text, 'Ana') > 0"
                ),
                {"o": erased.organization_id},
            )
        ).scalar_one()
    assert left == 0, f"{left} revisions still name the person"
    await engine.dispose()
    return {
        "erasure_s": erasure_s,
        "baseline_s": baseline_s,
        "progress_reports": float(len(reports)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--versions", type=int, default=100)
    given = parser.parse_args()
    if given.cases % given.versions:
        parser.error("--cases must be a multiple of --versions")
    with bench_database() as url:
        found = asyncio.run(measure(url, given.cases, given.versions))
    revisions = given.cases * 2
    print(
        f"erasure: {given.cases:,} cases ({revisions:,} revisions) across "
        f"{given.versions + 1} versions in {found['erasure_s']:.2f} s "
        f"({given.cases / found['erasure_s']:,.0f} cases/s, "
        f"{found['progress_reports']:.0f} progress reports)"
    )
    print(
        f"baseline: one raw SQL UPDATE of the same revisions in {found['baseline_s']:.2f} s "
        f"({given.cases / found['baseline_s']:,.0f} cases/s)"
    )
    print(f"ratio: erasure takes {found['erasure_s'] / found['baseline_s']:.1f}x the raw UPDATE")


if __name__ == "__main__":
    main()
