"""``casebook eval --task`` and ``--exec`` against the real API, as a CI job runs them: the
command in a process of its own, the agent a Python function or a small script speaking the
line protocol. A client killed mid-run (SIGKILL) leaves its items to the next one, which
resumes the run: every case is answered and graded once (only those in flight at the kill
are asked again); then a baseline, a regression the rerun confirms, and the gate's exit
codes."""

import asyncio
import os
import signal
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from tests.integration.client.conftest import api_key, dataset_of
from tests.integration.evals.local_helpers import local_agent, run_agents
from tests.support.graphql_client import Api
from tests.support.junit import validate_junit

pytestmark = pytest.mark.waits_on_processes

EXEC_AGENT = """
import json, os, sys, time
wrong = set(filter(None, os.environ.get("WRONG", "").split(",")))
with open(os.environ["AGENT_LOG"], "a") as log:
    for line in sys.stdin:
        case = json.loads(line)
        log.write(f"{case['input']}|{case['purpose']}|{case['versionLabel']}\\n")
        log.flush()
        time.sleep(float(os.environ.get("AGENT_DELAY", "0")))
        answer = "no" if case["input"] in wrong else f"The answer to {case['input']} is yes"
        print(json.dumps({"answer": answer, "latencyMs": 12.5}), flush=True)
"""

TASK_AGENT = """
import os

WRONG = set(filter(None, os.environ.get("WRONG", "").split(",")))


def answer(case):
    if case.input == "question 3":
        raise ValueError("the order service is down")
    return "no" if case.input in WRONG else f"The answer to {case.input} is yes"
"""
RUN_LINE = "started eval run "


async def _eval(
    key: str, url: str, cwd: Path, env: dict[str, str], *args: str
) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "casebook_client", "eval", "--url", url, *args,
        cwd=cwd,
        env={**os.environ, "CASEBOOK_API_KEY": key, "PYTHONUNBUFFERED": "1", **env},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip


async def _finished(process: asyncio.subprocess.Process) -> tuple[int, str]:
    out, _ = await asyncio.wait_for(process.communicate(), 180)
    assert process.returncode is not None
    return process.returncode, out.decode()


def _logged(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


async def test_a_client_killed_mid_run_is_resumed_by_another_and_each_case_is_answered_once(
    owner: Api, live_url: str, tmp_path: Path
) -> None:
    cases = 30
    dataset_id = await dataset_of(owner, cases)
    agent = await local_agent(owner)
    key = await api_key(owner)
    (tmp_path / "agent.py").write_text(EXEC_AGENT)
    log = tmp_path / "agent.log"
    env = {"AGENT_LOG": str(log), "AGENT_DELAY": "0.15"}
    command = ["--exec", f"{sys.executable} agent.py", "--concurrency", "2", "--lease-seconds", "2"]

    first = await _eval(key, live_url, tmp_path, env, "--dataset", dataset_id, "--agent", agent,
                        "--version-label", "build-1", *command)  # fmt: skip
    assert first.stdout is not None
    run_id = None
    while run_id is None:
        line = (await asyncio.wait_for(first.stdout.readline(), 60)).decode()
        assert line, "the command ended before starting the run"
        if line.startswith(RUN_LINE):
            run_id = line[len(RUN_LINE) :].split()[0]
    deadline = time.monotonic() + 60
    while len(_logged(log)) < 8:
        assert time.monotonic() < deadline and first.returncode is None
        await asyncio.sleep(0.05)
    first.send_signal(signal.SIGKILL)  # no chance to give anything back
    await first.wait()
    answered_before = len(_logged(log))
    assert answered_before < cases

    junit = tmp_path / "report.xml"
    second = await _eval(key, live_url, tmp_path, {**env, "AGENT_DELAY": "0"}, "--resume", run_id,
                         "--junit", str(junit), *command)  # fmt: skip
    code, out = await _finished(second)
    assert code == 0, out
    assert f"joining eval run {run_id}" in out and "gate: passed" in out and key not in out

    asked = Counter(line.split("|")[0] for line in _logged(log))
    assert set(asked) == {f"question {i}" for i in range(cases)}
    twice = [question for question, times in asked.items() if times > 1]
    # Asked twice: those the killed client was answering (logged as it began each), at most
    # what it held.
    assert all(asked[q] == 2 for q in twice) and 1 <= len(twice) <= 4, asked
    done = await run_agents(owner, run_id)
    assert done["status"] == "FINISHED"
    progress = done["progress"]
    assert (progress["total"], progress["answered"], progress["scored"]) == (cases, cases, cases)
    assert progress["passed"] == cases
    assert done["agents"][0]["versionLabel"] == "build-1"
    root = validate_junit(junit.read_bytes())
    assert root.get("tests") == str(cases) and root.get("failures") == "0"
    assert {case.get("name") for case in root.iter("testcase")} == set(asked)


async def test_a_task_and_a_script_against_a_baseline_with_a_confirmed_regression(
    owner: Api, live_url: str, tmp_path: Path
) -> None:
    dataset_id = await dataset_of(owner, 6)
    agent = await local_agent(owner)
    key = await api_key(owner)
    (tmp_path / "support_agent.py").write_text(TASK_AGENT)
    (tmp_path / "agent.py").write_text(EXEC_AGENT)
    log = tmp_path / "agent.log"
    common = ["--dataset", dataset_id, "--agent", agent, "--baseline", "last"]

    # Build 1, the Python function: question 3 raises, which is that item's error.
    junit = tmp_path / "task.xml"
    process = await _eval(key, live_url, tmp_path, {}, *common, "--task", "support_agent:answer",
                          "--version-label", "main", "--junit", str(junit))  # fmt: skip
    code, out = await _finished(process)
    assert code == 0, out
    assert "baseline: no earlier finished run" in out
    assert "answered 6 (1 errors, 0 confirmation reruns)" in out
    root = ET.fromstring(junit.read_bytes())
    skipped = [c for c in root.iter("testcase") if c.find("skipped") is not None]
    assert [c.get("name") for c in skipped] == ["question 3"]
    message = skipped[0].find("skipped")
    assert message is not None and "ValueError: the order service is down" in (
        message.get("message") or ""
    )

    # Build 2, the script: question 1 is now wrong, question 3 answered - both flipped and
    # rerun by the same script; the regression is confirmed and fails the gate.
    process = await _eval(key, live_url, tmp_path, {"AGENT_LOG": str(log), "WRONG": "question 1"},
                          *common, "--exec", f"{sys.executable} agent.py",
                          "--version-label", "feature")  # fmt: skip
    code, out = await _finished(process)
    assert code == 1, out
    assert "1 regression (1 confirmed), 0 improvements" in out, out
    assert "gate: 1 confirmed regression" in out and "gate: failed" in out
    logged = _logged(log)
    assert sorted(line for line in logged if "|confirm|" in line) == ["question 1|confirm|feature"]
    assert len([line for line in logged if "|answer|" in line]) == 6

    # A bar the agent does not reach fails the gate too; one it reaches passes.
    process = await _eval(key, live_url, tmp_path, {"AGENT_LOG": str(log)}, "--dataset", dataset_id,
                          "--agent", agent, "--exec", f"{sys.executable} agent.py",
                          "--min-pass-rate", "100%")  # fmt: skip
    code, out = await _finished(process)
    assert code == 0, out


async def test_usage_errors_exit_2_and_never_show_the_key(
    owner: Api, live_url: str, tmp_path: Path
) -> None:
    dataset_id = await dataset_of(owner, 1)
    agent = await local_agent(owner)
    key = await api_key(owner)
    base = ["--dataset", dataset_id, "--agent", agent]
    for args, said in [
        ([*base, "--task", "nowhere:answer"], "cannot import nowhere"),
        ([*base, "--exec", "/no/such/agent"], "cannot start '/no/such/agent'"),
        ([*base, "--exec", ""], "--exec: the command is empty"),
        (["--resume", dataset_id], "--resume answers a local agent's run"),
        ([*base, "--task", "x:y", "--exec", "z"], "not allowed with argument"),
        (base, "Local bot is a local agent, answered by your code: give --task"),
    ]:
        code, out = await _finished(await _eval(key, live_url, tmp_path, {}, *args))
        assert code == 2 and said in out, (args, out)
        assert key not in out
    # The scopes a CI key needs (docs/test-from-ci.md): each of the five, and without any
    # one of them the run is refused before it starts, never with the key in the message.
    (tmp_path / "support_agent.py").write_text(TASK_AGENT)
    task = [*base, "--task", "support_agent:answer"]
    scopes = ["runs:view", "datasets:view", "datasets:run", "agents:view", "agents:run"]
    refusals = {
        "runs:view": "this needs the runs:view permission (FORBIDDEN)",
        "datasets:view": "dataset not found (NOT_FOUND)",
        "datasets:run": "do not allow estimateEvalRun: it needs datasets:run (FORBIDDEN)",
        "agents:view": "agent not found (NOT_FOUND)",  # what the three scopes alone got
        "agents:run": "this needs agents:run on it (FORBIDDEN)",
    }
    for left_out, refusal in refusals.items():
        fewer = await api_key(owner, [s for s in scopes if s != left_out])
        code, out = await _finished(await _eval(fewer, live_url, tmp_path, {}, *task))
        assert code == 2 and "the API refused: " in out and refusal in out, (left_out, out)
        assert fewer not in out
    code, out = await _finished(await _eval(key, live_url, tmp_path, {}, *task))
    assert code == 0 and "gate: passed" in out, out
    runs = await owner(
        "query($d: ID!) { evalRuns(datasetId: $d) { edges { node { status } } } }",
        {"d": dataset_id},
    )
    # Only the last started a run: no usage error left one behind.
    assert [e["node"]["status"] for e in runs["evalRuns"]["edges"]] == ["FINISHED"]
