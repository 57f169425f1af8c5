"""The pytest plugin, run as a CI job runs it: pytest in a process of its own on a sample
test file, against the real API on a loopback port. Each case is its own test item graded
on the server (its failure message the scorers' reason, in pytest's own JUnit XML); the
session is one eval run, confirmation reruns answered by calling the last test again, the
gate applied at the end."""

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.integration.client.conftest import api_key
from tests.integration.evals.helpers import dataset_with_cases
from tests.integration.evals.local_helpers import local_agent, run_agents
from tests.support.graphql_client import Api

pytestmark = pytest.mark.waits_on_processes

SAMPLE = """
import os
from pathlib import Path

import pytest

WRONG = set(filter(None, os.environ["WRONG"].split(",")))


@pytest.mark.casebook(dataset=os.environ["DATASET"], agent=os.environ["AGENT"])
def test_support_bot(casebook_case, tmp_path_factory):
    with open(os.environ["CALLS"], "a") as calls:
        calls.write(f"{casebook_case.purpose} {casebook_case.input}\\n")
    if casebook_case.input in WRONG:
        return "no"
    return f"The answer to {casebook_case.input} is yes"
"""


def _pytest(tmp_path: Path, url: str, key: str, env: dict[str, str], *args: str) -> tuple[int, str]:
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist",
         "-p", "no:randomly", "--rootdir", str(tmp_path), "-c", str(tmp_path / "pytest.ini"),
         str(tmp_path / "test_sample.py"), *args],
        cwd=tmp_path,
        env={**os.environ, "CASEBOOK_URL": url, "CASEBOOK_API_KEY": key, **env},
        capture_output=True,
        text=True,
        timeout=180,
    )  # fmt: skip
    return done.returncode, done.stdout + done.stderr


async def test_each_case_is_a_test_graded_on_the_server_and_the_session_is_gated(
    owner: Api, live_url: str, ci_key: str, tmp_path: Path
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    agent = await local_agent(owner)
    calls = tmp_path / "calls.log"
    env = {"DATASET": dataset_id, "AGENT": agent, "CALLS": str(calls), "WRONG": "question 1"}

    junit = tmp_path / "first.xml"
    code, out = _pytest(tmp_path, live_url, ci_key, env, "--junitxml", str(junit),
                        "--casebook-version-label", "v1")  # fmt: skip
    assert code == 1, out  # question 1 fails
    assert "2 passed, 1 failed" in out
    assert "gate: passed" in out and ci_key not in out
    root = ET.fromstring(junit.read_bytes())  # pytest's own
    names = [case.get("name") for case in root.iter("testcase")]
    assert names == [f"test_support_bot[question {i}]" for i in range(3)]
    failures = [case.find("failure") for case in root.iter("testcase")]
    [failure] = [found for found in failures if found is not None]
    reason = 'failed - checks: failed: checks.0 contains - the answer does not contain "yes"'
    assert failure.get("message") == reason  # the scorers' reason, as it is

    # The next build fixes question 1 and breaks question 2, against the first as baseline:
    # both flipped, so both are rerun by calling the last test again; the regression is
    # confirmed and the gate fails.
    calls.unlink()
    env["WRONG"] = "question 2"
    code, out = _pytest(tmp_path, live_url, ci_key, env, "--casebook-baseline", "last",
                        "--casebook-version-label", "v2")  # fmt: skip
    assert code == 1, out
    assert "2 passed, 1 failed" in out
    assert "1 regression (1 confirmed), 1 improvement" in out, out
    assert "gate: 1 confirmed regression" in out and "gate: failed" in out
    called = calls.read_text().splitlines()
    assert sorted(called) == sorted(
        [f"answer question {i}" for i in range(3)] + ["confirm question 1", "confirm question 2"]
    )
    runs = await owner(
        "query($d: ID!) { evalRuns(datasetId: $d) { edges { node { id status } } } }",
        {"d": dataset_id},
    )
    statuses = [edge["node"]["status"] for edge in runs["evalRuns"]["edges"]]
    assert statuses == ["FINISHED", "FINISHED"]
    newest = await run_agents(owner, runs["evalRuns"]["edges"][0]["node"]["id"])
    assert newest["agents"][0]["versionLabel"] == "v2"


async def test_a_session_that_runs_some_cases_only_cancels_its_run_without_a_gate(
    owner: Api, live_url: str, tmp_path: Path
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    agent = await local_agent(owner)
    key = await api_key(owner)
    env = {"DATASET": dataset_id, "AGENT": agent, "CALLS": str(tmp_path / "c"), "WRONG": ""}
    deselected = [f"--deselect=test_sample.py::test_support_bot[question {i}]" for i in (1, 2)]
    code, out = _pytest(tmp_path, live_url, key, env, *deselected)
    assert code == 0, out
    assert "1 passed, 2 deselected" in out
    assert "cancelled: 2 of 3 cases were not answered" in out


async def test_without_a_key_the_session_says_so(owner: Api, live_url: str, tmp_path: Path) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    env = {"DATASET": dataset_id, "AGENT": "x", "CALLS": str(tmp_path / "c"), "WRONG": ""}
    code, out = _pytest(tmp_path, live_url, "", env)
    assert code != 0 and "CASEBOOK_API_KEY" in out
