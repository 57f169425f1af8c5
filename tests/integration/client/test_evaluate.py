"""``evaluate()`` against the real API: every case answered once and graded, exceptions and
unusable returns as that item's error, confirmation reruns answered against a baseline, the
gate's verdict."""

from typing import Any

from casebook_client import Answer, EvalCase, ToolCall, aevaluate
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
    reasons = {s.outcome_reason for s in result.answered.scores.values()}
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
