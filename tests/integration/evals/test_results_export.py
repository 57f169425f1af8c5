"""An eval run's per-case results as CSV and JSONL downloads: streamed page by page as
dataset exports are, one line per (case, agent) with the outcome it counts as beside the
scorers', who decided and when, the answer and each scorer's finding, latency and cost;
formula-safe; evidence hidden from a key that may not open the agent; audited."""

import csv
import io
import json
from typing import Any

import httpx
import pytest

from casebook.services.evals import results_export
from tests.integration.evals.helpers import agent_at, dataset_with_cases, run_input
from tests.integration.evals.test_eval_results import Script, _run
from tests.integration.review.helpers import DECIDE
from tests.support.graphql_client import Api
from tests.support.loopback_http import Answer, LoopbackHttp, Received

KEY = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }"""
SHOWN = """query($id: ID!) { evalRun(id: $id) { results { edges { node {
  case { id input } medianScore { id } } } } } }"""


async def _download(http: httpx.AsyncClient, api: Api, run_id: str, fmt: str) -> httpx.Response:
    return await http.get(
        f"/downloads/eval-runs/{run_id}/results", params={"format": fmt}, headers=api.headers
    )


def _formula(request: Received) -> Answer:
    question = request.json["question"]
    return Answer(
        200, {"answer": f"=HYPERLINK({question}) yes" if question.endswith("0") else "yes"}
    )


async def test_results_download_as_csv_and_jsonl_decided_formula_safe_and_streamed(
    owner: Api,
    http: httpx.AsyncClient,
    endpoint: LoopbackHttp,
    run_worker: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 5)
    endpoint.answer_with(_formula)
    agent = await agent_at(owner, endpoint)
    run = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    shown = (await owner(SHOWN, {"id": run["id"]}))["evalRun"]["results"]["edges"]
    decided = shown[1]["node"]
    await owner(DECIDE, {"i": {"scoreId": decided["medianScore"]["id"], "outcome": "FAIL"}})

    pages: list[int] = []
    lines_of = results_export._lines

    async def counting(*args: Any, **kwargs: Any) -> Any:
        found = await lines_of(*args, **kwargs)
        pages.append(len(found))
        return found

    monkeypatch.setattr(results_export, "EXPORT_PAGE_RESULTS", 2)
    monkeypatch.setattr(results_export, "_lines", counting)
    response = await _download(http, owner, run["id"], "jsonl")
    assert response.status_code == 200 and "content-length" not in response.headers
    assert "attachment" in response.headers["content-disposition"]
    assert pages == [2, 2, 1]
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert [line["question"] for line in lines] == [f"question {n}" for n in range(5)]
    by_question = {line["question"]: line for line in lines}
    one = by_question["question 1"]
    assert (one["outcome"], one["scorers_outcome"]) == ("FAIL", "PASS")
    assert one["decided_by"] and one["decided_at"] and not one["evidence_masked"]
    assert one["scorer_results"]["checks"]["status"] == "pass"
    zero = by_question["question 0"]
    assert zero["answer"].startswith("=HYPERLINK") and zero["decided_by"] is None
    assert zero["repetitions"] == 1 and zero["latency_ms"] is not None

    response = await _download(http, owner, run["id"], "csv")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert len(rows) == 5
    assert rows[0]["answer"].startswith("'=HYPERLINK"), "a formula is quoted"
    assert (rows[1]["outcome"], rows[1]["scorers_outcome"]) == ("FAIL", "PASS")

    refused = await _download(http, owner, run["id"], "xlsx")
    assert refused.status_code == 400 and "format" in refused.text


async def test_a_key_without_the_agent_reads_no_evidence_and_one_without_runs_nothing(
    owner: Api, http: httpx.AsyncClient, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 2)
    endpoint.answer_with(Script())
    agent = await agent_at(owner, endpoint)
    run = await _run(owner, run_worker, run_input(dataset_id, [agent]))

    async def key(scopes: list[str]) -> Api:
        secret = (await owner(KEY, {"i": {"name": "+".join(scopes), "scopes": scopes}}))[
            "createApiKey"
        ]["secret"]
        return owner.with_key(secret)

    no_agents = await key(["runs:view", "datasets:view"])
    response = await _download(http, no_agents, run["id"], "jsonl")
    assert response.status_code == 200
    for line in map(json.loads, response.text.splitlines()):
        assert line["evidence_masked"] is True
        assert line["answer"] is None and line["scorer_results"] == {}
        assert line["outcome"] == "PASS"
    no_runs = await key(["datasets:view"])
    assert (await _download(http, no_runs, run["id"], "jsonl")).status_code in (403, 404)
    # The answers over the API are hidden the same way.
    diff = (
        await no_agents(
            """query($id: ID!) { evalRun(id: $id) { results { edges { node {
              answerPreview failingReason outcome } } }
              diff(with: $id) { edges { node { answerDiff { text } toolCalls { same } } } } } }""",
            {"id": run["id"]},
        )
    )["evalRun"]
    assert all(e["node"]["answerPreview"] is None for e in diff["results"]["edges"])
    assert all(e["node"]["answerDiff"] is None for e in diff["diff"]["edges"])
