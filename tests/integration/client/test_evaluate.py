"""``evaluate()`` against the real API: every case answered once and graded, exceptions and
unusable returns as that item's error, confirmation reruns answered against a baseline, the
gate's verdict."""

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from casebook_client import Answer, AsyncCasebook, EvalCase, ToolCall, aevaluate, evaluate
from casebook_client.api.input_types import EvalRunInput
from casebook_client.runs import start_run
from tests.integration.client.conftest import dataset_of
from tests.integration.evals.helpers import dataset_with_cases
from tests.integration.evals.local_helpers import local_agent
from tests.support.graphql_client import Api

LOOKUP = {"name": "lookup_order", "description": "reads an order", "readOnly": True}
REFUND = {"name": "refund", "description": "refunds an order", "readOnly": False}


def yes(case: EvalCase) -> str:
    return f"The answer to {case.input} is yes"


async def test_every_case_is_answered_once_and_graded(
    owner: Api, live_url: str, ci_key: str
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 5)
    agent = await local_agent(owner, tools=[LOOKUP, REFUND])
    seen: list[tuple[str, int]] = []

    async def answer(case: EvalCase) -> Any:
        seen.append((case.input, case.repetition))
        assert case.tools and case.may_execute("lookup_order") and not case.may_execute("refund")
        if case.input == "question 1":
            raise ValueError("no such order")
        if case.input == "question 2":
            return None
        if case.input == "question 3":
            return Answer(
                "yes, refunded",
                tool_calls=[
                    ToolCall("lookup_order", {"order": "A1"}),
                    ToolCall("refund", {"order": "A1"}, status="blocked"),
                ],
                cost_usd=0.01,
            )
        return yes(case)

    result = await aevaluate(
        dataset_id, agent, answer, version_label="v1", repetitions=2, concurrency=4,
        url=live_url, api_key=ci_key,
    )  # fmt: skip
    assert sorted(seen) == sorted((f"question {i}", r) for i in range(5) for r in (1, 2))
    assert result.status == "FINISHED" and result.answered.stored == 10
    assert result.answered.errors == 4 and result.answered.refused == []
    [summary] = result.run.summary.agents
    # Per case, repetitions folded.
    assert (summary.passed, summary.failed, summary.not_graded) == (3, 0, 2)
    assert result.run.agents[0].version_label == "v1"
    async with AsyncCasebook(live_url, ci_key) as api:
        results = await api.results(result.run_id)
    reasons = {r.median_score.outcome_reason for r in results if r.median_score is not None}
    assert any("ValueError: no such order" in (r or "") for r in reasons), reasons
    assert any("returned None" in (r or "") for r in reasons), reasons
    assert result.passed  # no bar, no baseline: nothing fails the gate

    async def worse(case: EvalCase) -> Any:
        return "no" if case.input == "question 4" else await answer(case)

    failed = await aevaluate(
        dataset_id, agent, worse, version_label="v1", min_pass_rate="90%",
        url=live_url, api_key=ci_key,
    )  # fmt: skip
    assert not failed.passed
    # Not graded answers take no part in the pass rate: 2 of 3.
    assert failed.verdict.reasons == ("Local bot: pass rate 66.7% is under the bar 90.0%",)


CLIENT_WORK = """query($id: ID!) { evalRun(id: $id) { status clientWork { waiting held } } }"""


async def test_clients_share_a_run_and_one_stopped_gives_back_what_it_held(
    owner: Api, live_url: str, ci_key: str
) -> None:
    cases = 24
    dataset_id = await dataset_of(owner, cases)
    agent = await local_agent(owner)
    async with AsyncCasebook(live_url, ci_key) as api:
        run_input = EvalRunInput(
            dataset_id=dataset_id, agent_ids=[agent], concurrency=16, version_label="shared"
        )
        run_id = (await start_run(api, run_input)).run_id
    answered: list[tuple[str, str]] = []
    begun = asyncio.Event()

    def answering(name: str, delay: float) -> Any:
        async def answer(case: EvalCase) -> str:
            begun.set()
            await asyncio.sleep(delay)
            answered.append((name, case.input))
            return yes(case)

        return answer

    # A client stopped mid-run (Ctrl-C cancels evaluate's task) holds nothing afterwards.
    stopped = asyncio.create_task(
        aevaluate(task=answering("stopped", 5.0), resume=run_id, concurrency=4,
                  url=live_url, api_key=ci_key)
    )  # fmt: skip
    await begun.wait()
    stopped.cancel()
    with pytest.raises(asyncio.CancelledError):
        await stopped
    work = (await owner(CLIENT_WORK, {"id": run_id}))["evalRun"]["clientWork"]
    assert work == {"waiting": cases, "held": 0}

    # Two clients at once on the same run: each case answered by one of them, once.
    one, two = await asyncio.gather(
        aevaluate(task=answering("one", 0.05), resume=run_id, concurrency=3,
                  url=live_url, api_key=ci_key),
        aevaluate(task=answering("two", 0.05), resume=run_id, concurrency=3,
                  url=live_url, api_key=ci_key),
    )  # fmt: skip
    assert sorted(q for _, q in answered) == sorted(f"question {i}" for i in range(cases))
    assert {name for name, _ in answered} == {"one", "two"}
    assert one.answered.stored + two.answered.stored == cases
    assert one.status == two.status == "FINISHED"


INTERRUPTED = """
import sys, time
from casebook_client import evaluate

def slow(case):
    print("answering", flush=True)
    time.sleep(0.5)
    return "yes"

try:
    evaluate(task=slow, resume=sys.argv[1], concurrency=2, lease_seconds=600)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(130)
"""


@pytest.mark.waits_on_processes
async def test_ctrl_c_gives_back_what_the_client_held_and_evaluate_also_runs_blocking(
    owner: Api, live_url: str, ci_key: str, tmp_path: Path
) -> None:
    dataset_id = await dataset_of(owner, 12)
    agent = await local_agent(owner)
    async with AsyncCasebook(live_url, ci_key) as api:
        run_input = EvalRunInput(dataset_id=dataset_id, agent_ids=[agent], version_label="v")
        run_id = (await start_run(api, run_input)).run_id
    (tmp_path / "interrupted.py").write_text(INTERRUPTED)
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(tmp_path / "interrupted.py"), run_id,
        env={**os.environ, "CASEBOOK_URL": live_url, "CASEBOOK_API_KEY": ci_key},
        stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None
    assert await asyncio.wait_for(process.stdout.readline(), 60) == b"answering\n"
    process.send_signal(signal.SIGINT)
    out, _ = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 130 and b"interrupted" in out
    # Its leases were for 10 minutes; given back, every unanswered item waits for a client.
    work = (await owner(CLIENT_WORK, {"id": run_id}))["evalRun"]
    assert work["clientWork"]["held"] == 0
    # The blocking evaluate(), called from a running event loop (this test's, as from a
    # notebook), runs on a loop of its own on a thread; the API serves on another thread.
    result = evaluate(task=yes, resume=run_id, url=live_url, api_key=ci_key)
    assert result.status == "FINISHED" and result.passed
