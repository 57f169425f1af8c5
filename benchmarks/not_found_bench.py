"""How long "not found" takes: a case one may not see against an id that never existed.

A case of another organization, or of a private dataset not shared with the reader, must
answer "not found" in the time an absent id does, or the time of the answer tells an
outsider that the id exists. The server is ``casebook serve`` (uvicorn, one process) on a
loopback port; this process is an httpx client with a Member's API key (datasets:view),
so every request authenticates and checks access through the real ASGI app.

For ``case(id:)`` and ``node(id:)``, the median of ``--requests`` requests each, one at a
time and interleaved (each round asks every target once, in a shuffled order, so load
drift on a shared machine falls on every target alike):

- an id that never existed (the baseline),
- a removed case of a dataset the reader sees,
- a case of another organization,
- a case of a private dataset of the reader's organization, not shared with the reader,
- a case the reader may read, for reference (it reads and shows the case).

The figure to read is hidden / absent: the median of each hidden target over the
baseline's, measured in the same run. Bar: within 10% (0.90x to 1.10x). The statement
count behind it is held by a test (tests/integration/access/test_not_found_is_one_answer).

Run: .venv/bin/python benchmarks/not_found_bench.py [--requests 500]
(DATABASE_URL / REDIS_URL optional; embedded servers otherwise)
"""

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from _services import bench_database
from load_bench import Fixture, _load, api_server, redis_for_bench, wait_ready

from casebook.config import Settings
from casebook.db.engine import create_engine, create_sessionmaker
from casebook.db.migrate import upgrade
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.graphql.ids import encode_id
from casebook.services.datasets import cases, datasets
from casebook.services.identity.api_keys import create_key
from casebook.services.identity.members import add_member, create_organization_with_owner
from casebook.services.kernel.context import ServiceContext

BAR_RATIO = 0.10
NEVER = 10**12  # an id no row has
PASSWORD = "a bench password of some length"

QUERIES = {
    "case(id:)": "query($id: ID!) { case(id: $id) { id input } }",
    "node(id:)": "query($id: ID!) { node(id: $id) { id ... on Case { input } } }",
}
ABSENT = "an id that never existed"
REMOVED = "a removed case"
OTHER_ORGANIZATION = "another organization's case"
PRIVATE = "a private case, not shared"
VISIBLE = "a visible case (reference)"
HIDDEN = (REMOVED, OTHER_ORGANIZATION, PRIVATE)


@dataclass(frozen=True)
class Prepared:
    fixture: Fixture
    targets: dict[str, str]  # what the case is -> its global id


async def _dataset_with_case(ctx: ServiceContext, name: str, *, private: bool) -> tuple[int, int]:
    dataset = await datasets.create_dataset(ctx, name=name, private=private)
    assert dataset.id is not None
    raw = {"input": f"What does {name} say about returns?", "reference_answer": "30 days."}
    written = await cases.add_case(ctx, dataset.id, raw)
    assert written.case is not None
    return dataset.id, written.case.case_id


async def prepare(database_url: str, redis_url: str) -> Prepared:
    engine = create_engine(database_url, pool_size=2)
    await upgrade(engine)
    maker = create_sessionmaker(engine)
    settings = Settings(database_url=database_url, redis_url=redis_url)

    async def owner_of(organization: str, email: str) -> ServiceContext:
        org, user = await create_organization_with_owner(
            maker, organization_name=organization, email=email, name="Owner", password=PASSWORD
        )
        assert org.id is not None and user.id is not None
        return ServiceContext(maker, None, settings, Actor(user.id, org.id, Role.OWNER))

    here = await owner_of("Here", "owner@here.bench")
    elsewhere = await owner_of("Elsewhere", "owner@elsewhere.bench")
    visible_dataset, visible = await _dataset_with_case(here, "the handbook", private=False)
    spare = await cases.add_case(
        here, visible_dataset, {"input": "Is this case removed?", "reference_answer": "Yes."}
    )
    assert spare.case is not None
    await cases.remove_case(here, spare.case.case_id, base_version=None)
    _, private = await _dataset_with_case(here, "the owner's notes", private=True)
    _, other = await _dataset_with_case(elsewhere, "their handbook", private=False)
    member = await add_member(
        here, email="member@here.bench", name="Member", role=Role.MEMBER, password=PASSWORD
    )
    assert member.user.id is not None
    reader = ServiceContext(
        maker,
        None,
        settings,
        Actor(member.user.id, here.require_actor().organization_id, Role.MEMBER),
    )
    issued = await create_key(reader, name="reader", scopes=["datasets:view"], expires_at=None)
    await engine.dispose()

    def gid(case_id: int) -> str:
        return str(encode_id("Case", case_id))

    targets = {
        ABSENT: gid(NEVER),
        REMOVED: gid(spare.case.case_id),
        OTHER_ORGANIZATION: gid(other),
        PRIVATE: gid(private),
        VISIBLE: gid(visible),
    }
    return Prepared(Fixture(database_url, redis_url, "", issued.plaintext), targets)


def _found(body: dict[str, Any]) -> bool:
    data = body.get("data") or {}
    return not body.get("errors") and any(value is not None for value in data.values())


async def measure(base: str, prepared: Prepared, requests: int) -> None:
    headers = {"authorization": f"Bearer {prepared.fixture.api_key}"}
    rng = random.Random(20261204)
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as client:
        for label, query in QUERIES.items():

            async def ask(case_id: str, query: str = query) -> dict[str, Any]:
                response = await client.post(
                    "/graphql", json={"query": query, "variables": {"id": case_id}}
                )
                assert response.status_code == 200, response.text
                body: dict[str, Any] = response.json()
                return body

            answers = {what: await ask(case_id) for what, case_id in prepared.targets.items()}
            for what, body in answers.items():
                assert _found(body) == (what == VISIBLE), (label, what, body)
            for what in (OTHER_ORGANIZATION, PRIVATE):
                assert answers[what] == answers[ABSENT], (label, what, answers[what])
            for _ in range(20):  # warm up: connections, caches, the parsed documents
                for case_id in prepared.targets.values():
                    await ask(case_id)
            samples: dict[str, list[float]] = {what: [] for what in prepared.targets}
            order = list(prepared.targets)
            for _ in range(requests):
                rng.shuffle(order)
                for what in order:
                    started = time.perf_counter()
                    await ask(prepared.targets[what])
                    samples[what].append(time.perf_counter() - started)
            report(label, requests, samples)


def report(label: str, requests: int, samples: dict[str, list[float]]) -> None:
    medians = {what: statistics.median(times) * 1000 for what, times in samples.items()}
    print(f"\n{label} as a Member's API key, median of {requests} requests each")
    for what, median in medians.items():
        print(f"  {what:<32} median {median:6.2f} ms, best {min(samples[what]) * 1000:6.2f} ms")
    absent = medians[ABSENT]
    for what in HIDDEN:
        ratio = medians[what] / absent
        passed = abs(ratio - 1) <= BAR_RATIO
        print(
            f"  hidden / absent, {what}: {ratio:.3f}x "
            f"(bar {1 - BAR_RATIO:.2f}x to {1 + BAR_RATIO:.2f}x)  {'PASS' if passed else 'FAIL'}"
        )


async def main(args: argparse.Namespace, database_url: str, redis_url: str) -> None:
    print(f"machine load average {_load()}; server log: {args.log}")
    prepared = await prepare(database_url, redis_url)
    with api_server(prepared.fixture, 1, args.log) as (base, _pid):
        await wait_ready(base)
        await measure(base, prepared, args.requests)
    print(f"\nmachine load average {_load()}")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument(
        "--log", type=Path, default=Path(tempfile.gettempdir()) / "casebook-not-found-bench.log"
    )
    return parser.parse_args()


if __name__ == "__main__":
    arguments = parse_args()
    with bench_database() as database_url, redis_for_bench() as redis_url:
        asyncio.run(main(arguments, database_url, redis_url))
