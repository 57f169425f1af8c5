"""What the eval run tests share: a dataset of cases with a check, a webhook agent on
loopback that answers each question (and counts what it was asked), and the operations."""

import asyncio
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from tests.integration.agents.helpers import webhook_agent
from tests.integration.datasets.helpers import add_case, create_dataset
from tests.support.graphql_client import Api
from tests.support.loopback_http import Answer, LoopbackHttp, Received

RUN_FIELDS = """id datasetVersion status statusReason repetitions tags concurrency budgetUsd
  confirmFlips cases anonymisedLeftOut startedBy createdAt startedAt finishedAt
  dataset { id } baseline { id } agents { agentName agentVersion agent { id } }
  progress { runId status statusReason total answered scored passed failed notGraded costUsd
    etaSeconds sequence }"""
ESTIMATE = """mutation($i: EvalRunInput!) { estimateEvalRun(input: $i) { datasetVersion cases
  anonymisedLeftOut answers judgeCostUsd judgeCostText totalCostText confirmation
  agents { agent { id name } agentVersion newVersion costUsd costText } } }"""
START = f"""mutation($i: EvalRunInput!, $c: String!) {{ startEvalRun(input: $i, confirmation: $c) {{
  {RUN_FIELDS} }} }}"""
CANCEL = f"mutation($id: ID!) {{ cancelEvalRun(id: $id) {{ {RUN_FIELDS} }} }}"
EVAL_RUN = f"query($id: ID!) {{ evalRun(id: $id) {{ {RUN_FIELDS} }} }}"
EVAL_RUNS = """query($d: ID, $first: Int! = 50, $after: String) { evalRuns(datasetId: $d,
  first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor }
  edges { node { id status } } } }"""
EVAL_ACCESS = "query($id: ID!) { dataset(id: $id) { evalAccess { canStart reason } } }"


def answering_agent(
    *, delay_s: float = 0.0, cost_usd: float | None = None, wrong: frozenset[str] = frozenset()
) -> Callable[[Received], Answer]:
    """Answers "The answer to <question> is yes", or "no" for the questions in ``wrong``."""

    def handle(request: Received) -> Answer:
        question = request.json["question"]
        body: dict[str, Any] = {
            "answer": f"The answer to {question} is " + ("no" if question in wrong else "yes")
        }
        if cost_usd is not None:
            body["costUsd"] = cost_usd
        return Answer(200, body, delay_s=delay_s)

    return handle


class InFlightCounter:
    """Answers each request after ``hold_s`` and notes when each arrived: with every answer
    taking the same time, the requests in flight when one arrives are those that arrived
    less than ``hold_s`` before it - ``peak`` is the most seen."""

    def __init__(self, inner: Callable[[Received], Answer], hold_s: float) -> None:
        self.inner, self.hold_s = inner, hold_s
        self.arrivals: list[float] = []
        self.lock = threading.Lock()

    def __call__(self, request: Received) -> Answer:
        with self.lock:
            self.arrivals.append(time.monotonic())
        answer = self.inner(request)
        return Answer(answer.status, answer.body, delay_s=self.hold_s)

    @property
    def peak(self) -> int:
        with self.lock:
            times = sorted(self.arrivals)
        # A little slack below hold_s: an answer's own round trip ends after hold_s.
        window = self.hold_s * 0.9
        return max((sum(1 for t in times if now - window < t <= now) for now in times), default=0)


def questions(endpoint: LoopbackHttp) -> Counter[str]:
    return Counter(r.json["question"] for r in endpoint.received)


async def dataset_with_cases(
    api: Api,
    count: int,
    *,
    tags: dict[int, list[str]] | None = None,
    private: bool = False,
    name: str = "Support bot",
) -> tuple[str, list[str]]:
    """A dataset whose cases pass when the answer says yes (a ``contains`` check)."""
    dataset_id = await create_dataset(api, name=name, private=private)
    case_ids = []
    for index in range(count):
        body = {
            "input": f"question {index}",
            "referenceAnswer": "yes",
            "checks": [{"contains": {"value": "yes"}}],
            "tags": (tags or {}).get(index, []),
        }
        case_ids.append((await add_case(api, dataset_id, body))["case"]["id"])
    return dataset_id, case_ids


async def agent_at(api: Api, endpoint: LoopbackHttp, name: str = "Webhook bot", **kw: Any) -> str:
    created = await webhook_agent(api, endpoint.url_for("/agent"), name=name, **kw)
    return str(created["agent"]["id"])


def run_input(dataset_id: str, agent_ids: list[str], **fields: Any) -> dict[str, Any]:
    return {"datasetId": dataset_id, "agentIds": agent_ids, **fields}


async def estimate(api: Api, given: dict[str, Any]) -> dict[str, Any]:
    return (await api(ESTIMATE, {"i": given}))["estimateEvalRun"]


async def start(api: Api, given: dict[str, Any]) -> dict[str, Any]:
    """Estimate first, then start with the estimate's confirmation."""
    confirmation = (await estimate(api, given))["confirmation"]
    return (await api(START, {"i": given, "c": confirmation}))["startEvalRun"]


async def eval_run(api: Api, run_id: str) -> dict[str, Any]:
    return (await api(EVAL_RUN, {"id": run_id}))["evalRun"]


async def until(check: Callable[[], Awaitable[Any]], within: float = 30.0) -> Any:
    deadline = time.monotonic() + within
    while True:
        found = await check()
        if found:
            return found
        assert time.monotonic() < deadline, f"not within {within}s: {check}"
        await asyncio.sleep(0.05)
