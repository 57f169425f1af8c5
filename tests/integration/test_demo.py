"""The demo `make run` seeds on an empty database, by doing the job through the API: the
sample agent's two versions evaluated and compared, the confirmed regression waiting in
review, conversations rated in Activity and the thumbs-down one kept as a case; then the
sample agent answers a run started afterwards, as "Run it again" in the console starts it."""

import asyncio
import stat
from pathlib import Path

import pytest

from casebook.config import Settings
from casebook.demo.answering import AnsweringKey, answer_forever
from casebook.demo.seeding import CONVERSATIONS, key_path, seed_demo_if_empty
from casebook.services.demo import SAMPLE_CASES
from tests.integration.evals.helpers import START, estimate, run_input
from tests.support.graphql_client import Api
from tests.support.live_server import live_server

RUNS = """{ evalRuns(first: 10) { edges { node { id status
  agents { agentName versionLabel agent { id } }
  progress { total passed failed notGraded }
  comparison { baseline { id } confirmedRegressions
    regressions { case { input } confirmed } improvements { case { input } confirmed } } } } } }"""
DATASET = """{ datasets { edges { node { id name caseCount latestVersion
  reviewQueue { edges { node { outcome case { input } } } } } } } }"""
KEPT = """query($d: ID!) { dataset(id: $d) { cases(source: "conversation") { edges { node {
  input counterExample checks { __typename } } } } } }"""
CONVERSATIONS_QUERY = """{ conversations { edges { node { endUser messageCount } } } }"""
OUTCOME = """query($id: ID!) { evalRun(id: $id) { status progress { total answered } } }"""


@pytest.fixture
def demo_settings(settings: Settings, tmp_path: Path) -> Settings:
    return settings.model_copy(update={"data_dir": str(tmp_path)})


async def test_an_empty_database_gets_the_demo_by_running_the_pipeline(
    sessionmaker, demo_settings: Settings, http
) -> None:
    seeded = await seed_demo_if_empty(sessionmaker, demo_settings)
    assert seeded is not None and len(seeded.credentials.password) >= 12
    assert await seed_demo_if_empty(sessionmaker, demo_settings) is None
    api = Api(http)
    viewer = await api.login(seeded.credentials.email, seeded.credentials.password)
    assert viewer["organization"]["name"] == "Demo organization" and viewer["role"] == "OWNER"

    runs = [e["node"] for e in (await api(RUNS))["evalRuns"]["edges"]]
    assert [(r["status"], r["agents"][0]["versionLabel"]) for r in runs] == [
        ("FINISHED", "v2"),
        ("FINISHED", "v1"),
    ]
    second, first = runs
    assert first["progress"] == {"total": 8, "passed": 6, "failed": 2, "notGraded": 0}
    assert second["progress"] == {"total": 8, "passed": 7, "failed": 1, "notGraded": 0}
    comparison = second["comparison"]
    assert comparison["baseline"]["id"] == first["id"] and comparison["confirmedRegressions"] == 1
    assert comparison["regressions"] == [
        {"case": {"input": "Please cancel order 12345."}, "confirmed": True}
    ]
    assert sorted(i["case"]["input"] for i in comparison["improvements"] if i["confirmed"]) == [
        "And can you change the delivery address instead?",
        "Can I return a kettle I already used?",
    ]

    dataset = (await api(DATASET))["datasets"]["edges"][0]["node"]
    assert dataset["caseCount"] == len(SAMPLE_CASES) + 1  # the reply kept from Activity
    assert [e["node"] for e in dataset["reviewQueue"]["edges"]] == [
        {"outcome": "FAIL", "case": {"input": "Please cancel order 12345."}}
    ]
    # The thumbs-down reply, kept as the counter-example its rating suggests, with its check.
    kept = (await api(KEPT, {"d": dataset["id"]}))["dataset"]["cases"]["edges"]
    assert [(k["node"]["input"], len(k["node"]["checks"])) for k in kept] == [
        ("My toaster stopped working after a month, what can I do?", 1)
    ]
    assert kept[0]["node"]["counterExample"].startswith("I can help with orders")
    listed = [e["node"] for e in (await api(CONVERSATIONS_QUERY))["conversations"]["edges"]]
    talked = [c for c in listed if c["endUser"] is not None]  # the others: eval runs' answers
    assert sorted(c["endUser"] for c in talked) == sorted(c.end_user for c in CONVERSATIONS)
    assert {c["messageCount"] for c in talked} == {2}

    key_file = key_path(demo_settings)
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert AnsweringKey.read(key_file) is not None
    assert seeded.seconds > 0


async def test_the_sample_agent_answers_a_run_started_later(
    sessionmaker, demo_settings: Settings, http
) -> None:
    seeded = await seed_demo_if_empty(sessionmaker, demo_settings)
    assert seeded is not None
    key = AnsweringKey.read(key_path(demo_settings))
    assert key is not None
    api = Api(http)
    await api.login(seeded.credentials.email, seeded.credentials.password)
    dataset_id = (await api(DATASET))["datasets"]["edges"][0]["node"]["id"]
    with live_server(demo_settings) as address:
        answering = asyncio.create_task(answer_forever(f"http://{address}", key))
        try:
            given = run_input(dataset_id, [key.agent_id])
            confirmation = (await estimate(api, given))["confirmation"]
            run_id = (await api(START, {"i": given, "c": confirmation}))["startEvalRun"]["id"]
            for _ in range(200):
                ended = (await api(OUTCOME, {"id": run_id}))["evalRun"]
                if ended["status"] == "FINISHED":
                    break
                await asyncio.sleep(0.05)
        finally:
            answering.cancel()
    assert ended == {"status": "FINISHED", "progress": {"total": 9, "answered": 9}}
