"""An eval run sends what it should when it finishes, through the same replacement; with
the low-confidence routing on, also a case whose repetitions disagree (issue 13, items 4
and 8)."""

import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from tests.integration.evals.helpers import agent_at, dataset_with_cases, eval_run, run_input, start
from tests.integration.review.helpers import SETTINGS
from tests.support.graphql_client import Api
from tests.support.loopback_http import Answer, LoopbackHttp, Received

WAITING = """query($d: ID!) { dataset(id: $d) { reviewQueue { edges { node { id outcome
  review { sentBy } case { input } } } } } }"""


@pytest.fixture
def endpoint() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as server:
        yield server


class Flaky:
    """Answers "yes" (a pass), except the first ask of each question in ``once``."""

    def __init__(self, once: set[str]) -> None:
        self.lock = threading.Lock()
        self.asked: Counter[str] = Counter()
        self.once = once

    def __call__(self, request: Received) -> Answer:
        question = request.json["question"]
        with self.lock:
            self.asked[question] += 1
            wrong = question in self.once and self.asked[question] == 1
        return Answer(200, {"answer": f"{question}: " + ("no" if wrong else "yes")})


async def _finished(api: Api, run_worker: Any, given: dict[str, Any]) -> None:
    run = await start(api, given)
    await run_worker()
    assert (await eval_run(api, run["id"]))["status"] == "FINISHED"


async def _waiting(api: Api, dataset: str) -> list[dict[str, Any]]:
    edges = (await api(WAITING, {"d": dataset}))["dataset"]["reviewQueue"]["edges"]
    return [edge["node"] for edge in edges]


async def test_repetitions_that_disagree_are_sent_when_routed(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset, _ = await dataset_with_cases(owner, 2)
    endpoint.answer_with(Flaky({"question 0"}))
    agent = await agent_at(owner, endpoint)
    given = run_input(dataset, [agent], repetitions=2, concurrency=1)
    # Routing off: a flaky case alone sends nothing.
    await _finished(owner, run_worker, given)
    assert await _waiting(owner, dataset) == []
    await owner(SETTINGS, {"i": {"datasetId": dataset, "routeLowConfidence": True}})
    endpoint.answer_with(Flaky({"question 1"}))
    await _finished(owner, run_worker, given)
    (sent,) = await _waiting(owner, dataset)
    assert sent["case"]["input"] == "question 1"
    assert (sent["outcome"], sent["review"]["sentBy"]) == ("FAIL", "LOW_CONFIDENCE")
