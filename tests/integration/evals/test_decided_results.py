"""The seed's rule (datasets.md "Review"): "A person's review decision is stored beside
the scorers' results and decides the outcome. It never changes what the judge said."
A decision changes an eval run's summary, its per-case table, its comparison, the gate
and the JUnit it writes; undoing or withdrawing it brings the scorers' outcome back; the
scorers' grades and reasons stay as they were throughout; an ended run keeps its record
at its end and counts what was decided since."""

from typing import Any

from casebook_client.gate import FAILED, PASSED, AgentRate, decide
from casebook_client.junit import junit_xml
from tests.integration.evals.helpers import agent_at, dataset_with_cases, run_input
from tests.integration.evals.test_eval_results import Script, _run
from tests.integration.review.helpers import DECIDE, UNDO, WITHDRAW_DECISION
from tests.support.graphql_client import Api
from tests.support.junit import validate_junit
from tests.support.loopback_http import LoopbackHttp

ROW = """case { id input } agentId agentName outcome scorersOutcome decided flip confirmed
  decision { outcome decidedBy decidedAt overrulesScorers }
  answerPreview failingScorer failingReason
  medianScore { id outcome finalOutcome outcomeReason latencyMs }
  scores { id outcome outcomeReason latencyMs }"""
TALLY = "passed failed notGraded passRate decided overruled"
STATE = f"""query($id: ID!, $decided: Boolean, $search: String) {{ evalRun(id: $id) {{
  status statusReason
  summary {{ decidedSinceEnd agents {{ agentName {TALLY} }} scorers {{ scorer {TALLY} }}
    tags {{ tag {TALLY} }} atEnd {{ decidedSinceEnd agents {{ {TALLY} }} }} }}
  comparison {{ confirmedRegressions passRateAfter regressions {{ case {{ input }} }} }}
  results(decided: $decided, search: $search) {{ totalCount edges {{ node {{ {ROW} }} }} }}
  resultCounts(decided: $decided, search: $search) {{ total decided notDecided flipped
    outcomes {{ outcome count }} }} }}
  evalRunReviewCandidates(id: $id) {{ id }} }}"""


async def _state(api: Api, run_id: str, **filters: Any) -> dict[str, Any]:
    data = await api(STATE, {"id": run_id, **filters})
    found: dict[str, Any] = data["evalRun"]
    found["evalRunReviewCandidates"] = data["evalRunReviewCandidates"]
    return found


def _rows(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [edge["node"] for edge in state["results"]["edges"]]


def _gate(state: dict[str, Any]) -> int:
    """The gate exactly as ``casebook eval`` decides it, on the fields it reads."""
    comparison = state["comparison"]
    return decide(
        status=state["status"],
        status_reason=state["statusReason"],
        confirmed_regressions=comparison["confirmedRegressions"] if comparison else 0,
        rates=[AgentRate(a["agentName"], a["passRate"]) for a in state["summary"]["agents"]],
        min_pass_rate=1.0,
    ).exit_code


def _junit_failures(state: dict[str, Any]) -> tuple[int, bytes]:
    written = junit_xml("casebook.Decided", _rows(state))
    root = validate_junit(written)
    return int(root.get("failures") or 0), written


def _graded(state: dict[str, Any]) -> list[tuple[str, str, str]]:
    """What the scorers found on every answer: never changed by a decision."""
    return [
        (score["id"], score["outcome"], score["outcomeReason"])
        for row in _rows(state)
        for score in row["scores"]
    ]


async def test_a_decision_decides_summary_table_comparison_gate_and_junit_and_undo_restores(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    script = Script()
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    baseline = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    script.always = {"question 1"}
    run = await _run(
        owner, run_worker, run_input(dataset_id, [agent], baselineRunId=baseline["id"])
    )

    before = await _state(owner, run["id"])
    rows = _rows(before)
    failing = rows[1]
    assert failing["outcome"] == failing["scorersOutcome"] == "FAIL" and not failing["decided"]
    assert failing["decision"] is None and failing["failingScorer"] == "checks"
    assert failing["failingReason"] and failing["answerPreview"] == "question 1: no"
    assert [a["passed"] for a in before["summary"]["agents"]] == [2]
    assert before["comparison"]["confirmedRegressions"] == 1
    assert _gate(before) == FAILED
    assert _junit_failures(before)[0] == 1
    assert before["summary"]["decidedSinceEnd"] == 0
    assert before["evalRunReviewCandidates"] == [{"id": failing["medianScore"]["id"]}]

    # A reviewer passes the answer the scorers failed.
    score_id = failing["medianScore"]["id"]
    await owner(DECIDE, {"i": {"scoreId": score_id, "outcome": "PASS", "note": "fine"}})
    passed = await _state(owner, run["id"])
    row = _rows(passed)[1]
    assert row["outcome"] == "PASS" and row["scorersOutcome"] == "FAIL" and row["decided"]
    assert row["decision"]["outcome"] == "PASS" and row["decision"]["overrulesScorers"]
    assert row["decision"]["decidedBy"] and row["decision"]["decidedAt"]
    assert row["medianScore"]["outcome"] == "FAIL" and row["medianScore"]["finalOutcome"] == "PASS"
    agent_row = passed["summary"]["agents"][0]
    assert (agent_row["passed"], agent_row["failed"], agent_row["passRate"]) == (3, 0, 1.0)
    assert (agent_row["decided"], agent_row["overruled"]) == (1, 1)
    # A scorer's row keeps what the scorer said, and says a person overruled it.
    checks = next(s for s in passed["summary"]["scorers"] if s["scorer"] == "checks")
    assert (checks["failed"], checks["decided"], checks["overruled"]) == (1, 1, 1)
    assert passed["comparison"]["regressions"] == []
    assert passed["comparison"]["confirmedRegressions"] == 0
    assert passed["comparison"]["passRateAfter"] == 1.0
    # A regression a person passed is no review candidate any more.
    assert passed["evalRunReviewCandidates"] == []
    assert _gate(passed) == PASSED
    failures, written = _junit_failures(passed)
    assert failures == 0 and b"decided PASS by" in written and b"the scorers said FAIL" in written
    # The run's record at its end stands; what changed since is counted as such.
    assert passed["summary"]["decidedSinceEnd"] == 1
    assert passed["summary"]["atEnd"]["agents"][0]["passed"] == 2
    assert passed["summary"]["atEnd"]["decidedSinceEnd"] is None
    assert _graded(passed) == _graded(before)
    # The filters and their counts see the decision.
    only = await _state(owner, run["id"], decided=True)
    assert [r["case"]["input"] for r in _rows(only)] == ["question 1"]
    assert only["results"]["totalCount"] == only["resultCounts"]["total"] == 1
    assert (passed["resultCounts"]["decided"], passed["resultCounts"]["notDecided"]) == (1, 2)
    assert {c["outcome"]: c["count"] for c in passed["resultCounts"]["outcomes"]}["PASS"] == 3

    # Undone: the scorers' outcome is back everywhere.
    await owner(UNDO, {"s": score_id})
    undone = await _state(owner, run["id"])
    assert undone["summary"] == before["summary"]
    assert undone["comparison"] == before["comparison"]
    assert _rows(undone) == _rows(before)
    assert _gate(undone) == FAILED and _junit_failures(undone)[0] == 1

    # A person failing an answer the scorers passed makes a regression of it: confirmed by
    # the decision, so the gate fails on it too; withdrawn, it is gone again.
    passing = _rows(before)[0]["medianScore"]["id"]
    script.always = set()
    await owner(DECIDE, {"i": {"scoreId": score_id, "outcome": "PASS"}})
    await owner(DECIDE, {"i": {"scoreId": passing, "outcome": "FAIL"}})
    failed = await _state(owner, run["id"])
    assert [r["case"]["input"] for r in failed["comparison"]["regressions"]] == ["question 0"]
    assert failed["comparison"]["confirmedRegressions"] == 1 and _gate(failed) == FAILED
    assert failed["summary"]["decidedSinceEnd"] == 2
    await owner(WITHDRAW_DECISION, {"s": passing})
    withdrawn = await _state(owner, run["id"])
    assert withdrawn["comparison"]["regressions"] == [] and _gate(withdrawn) == PASSED
    assert _graded(withdrawn) == _graded(before)


async def test_search_reads_questions_and_answers(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    script = Script()
    script.always = {"question 2"}
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    run = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    by_question = await _state(owner, run["id"], search="QUESTION 1")
    assert [r["case"]["input"] for r in _rows(by_question)] == ["question 1"]
    by_answer = await _state(owner, run["id"], search=": no")
    assert [r["case"]["input"] for r in _rows(by_answer)] == ["question 2"]
    assert by_answer["resultCounts"]["total"] == by_answer["results"]["totalCount"] == 1
    # LIKE's wildcards are words like any other.
    assert _rows(await _state(owner, run["id"], search="%")) == []
    refused = await owner.errors(STATE, {"id": run["id"], "search": "x" * 201})
    assert refused.codes == ["BAD_USER_INPUT"] and "search" in str(refused)


DIFF = """query($id: ID!, $with: ID, $flipped: Boolean, $first: Int! = 50, $after: String) {
  evalRun(id: $id) { diff(with: $with, flipped: $flipped, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { caseId flip outcomeBefore outcomeNow
      before { outcome medianScore { answer } } now { outcome medianScore { answer } }
      answerDiff { kind text } toolCalls { position same }
      scorers { scorer before now changed } } } } } }"""


async def test_two_runs_side_by_side(owner: Api, endpoint: LoopbackHttp, run_worker: Any) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    script = Script()
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    first = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    script.always = {"question 1"}
    second = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    # Any two runs of the dataset, not only a baseline; both ways.
    every = (await owner(DIFF, {"id": second["id"], "with": first["id"], "first": 2}))["evalRun"][
        "diff"
    ]
    assert every["totalCount"] == 3 and every["pageInfo"]["hasNextPage"]
    flips = (await owner(DIFF, {"id": second["id"], "with": first["id"], "flipped": True}))[
        "evalRun"
    ]["diff"]
    (node,) = [edge["node"] for edge in flips["edges"]]
    assert (node["flip"], node["outcomeBefore"], node["outcomeNow"]) == (
        "REGRESSION",
        "PASS",
        "FAIL",
    )
    before, now = node["before"]["medianScore"]["answer"], node["now"]["medianScore"]["answer"]
    assert "".join(s["text"] for s in node["answerDiff"] if s["kind"] != "ADDED") == before
    assert "".join(s["text"] for s in node["answerDiff"] if s["kind"] != "REMOVED") == now
    assert {"kind": "REMOVED", "text": "yes"} in node["answerDiff"]
    assert {"kind": "ADDED", "text": "no"} in node["answerDiff"]
    assert node["toolCalls"] == []
    checks = next(s for s in node["scorers"] if s["scorer"] == "checks")
    assert (checks["before"], checks["now"], checks["changed"]) == ("PASS", "FAIL", True)
    back = (await owner(DIFF, {"id": first["id"], "with": second["id"], "flipped": True}))[
        "evalRun"
    ]["diff"]
    assert [e["node"]["flip"] for e in back["edges"]] == ["IMPROVEMENT"]
    # No baseline and no `with`: nothing to compare.
    assert (await owner(DIFF, {"id": first["id"]}))["evalRun"]["diff"] is None


ANSWERS = """query($d: ID!, $f: ReviewAnswersFilter, $first: Int!) { dataset(id: $d) {
  reviewAnswers(filter: $f, first: $first) { totalCount edges { node { id case { input } } } } } }"""


async def test_review_answers_list_a_run_once_without_its_confirmation_reruns(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 4)
    script = Script()
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    baseline = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    script.always = {"question 1", "question 2"}
    run = await _run(
        owner, run_worker, run_input(dataset_id, [agent], baselineRunId=baseline["id"])
    )
    state = await _state(owner, run["id"])
    assert state["comparison"]["confirmedRegressions"] == 2  # two confirmation reruns made
    listed = (await owner(ANSWERS, {"d": dataset_id, "f": {"evalRunId": run["id"]}, "first": 100}))[
        "dataset"
    ]["reviewAnswers"]
    assert listed["totalCount"] == len(listed["edges"]) == 4
    assert sorted(e["node"]["case"]["input"] for e in listed["edges"]) == [
        f"question {n}" for n in range(4)
    ]
    every = (await owner(ANSWERS, {"d": dataset_id, "first": 100}))["dataset"]["reviewAnswers"]
    assert every["totalCount"] == len(every["edges"]) == 8


TREND = """query($d: ID!, $first: Int!) { evalTrend(datasetId: $d, first: $first) {
  runId status endedAt datasetVersion agents { agentName passed failed passRate decided } } }"""


async def test_the_trend_is_one_point_per_ended_run_for_every_agent_counting_decisions(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 2)
    script = Script()
    endpoint.answer_with(script)
    first_agent = await agent_at(owner, endpoint, name="First")
    second_agent = await agent_at(owner, endpoint, name="Second")
    one = await _run(owner, run_worker, run_input(dataset_id, [first_agent, second_agent]))
    script.always = {"question 0"}
    two = await _run(owner, run_worker, run_input(dataset_id, [first_agent]))
    points = (await owner(TREND, {"d": dataset_id, "first": 20}))["evalTrend"]
    assert [p["runId"] for p in points] == [one["id"], two["id"]]  # oldest first
    assert all(p["status"] == "FINISHED" and p["endedAt"] for p in points)
    assert [p["datasetVersion"] for p in points] == [one["datasetVersion"], two["datasetVersion"]]
    assert [[a["agentName"] for a in p["agents"]] for p in points] == [
        ["First", "Second"],
        ["First"],
    ]
    assert points[1]["agents"][0]["passRate"] == 0.5
    failing = _rows(await _state(owner, two["id"]))[0]["medianScore"]["id"]
    await owner(DECIDE, {"i": {"scoreId": failing, "outcome": "PASS"}})
    decided = (await owner(TREND, {"d": dataset_id, "first": 20}))["evalTrend"][1]["agents"][0]
    assert (decided["passRate"], decided["decided"]) == (1.0, 1)
    only_last = (await owner(TREND, {"d": dataset_id, "first": 1}))["evalTrend"]
    assert [p["runId"] for p in only_last] == [two["id"]]


CASE_ROWS = """query($id: ID!, $outcome: ScoreOutcome, $first: Int!, $after: String) {
  evalRun(id: $id) { caseRows(outcome: $outcome, first: $first, after: $after) { totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { case { input } results { agentName outcome } } } } } }"""


async def test_a_run_of_several_agents_shows_them_as_columns_side_by_side(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    script = Script()
    script.always = {"question 1"}
    endpoint.answer_with(script)
    first_agent = await agent_at(owner, endpoint, name="First")
    second_agent = await agent_at(owner, endpoint, name="Second")
    run = await _run(owner, run_worker, run_input(dataset_id, [first_agent, second_agent]))
    page = (await owner(CASE_ROWS, {"id": run["id"], "first": 2}))["evalRun"]["caseRows"]
    assert page["totalCount"] == 3 and page["pageInfo"]["hasNextPage"]
    rows = [edge["node"] for edge in page["edges"]]
    assert [r["case"]["input"] for r in rows] == ["question 0", "question 1"]
    assert [[a["agentName"] for a in r["results"]] for r in rows] == [["First", "Second"]] * 2
    rest = (
        await owner(
            CASE_ROWS, {"id": run["id"], "first": 2, "after": page["pageInfo"]["endCursor"]}
        )
    )["evalRun"]["caseRows"]
    assert [e["node"]["case"]["input"] for e in rest["edges"]] == ["question 2"]
    # A filter picks cases, and a case keeps every agent's column.
    failing = (await owner(CASE_ROWS, {"id": run["id"], "outcome": "FAIL", "first": 10}))[
        "evalRun"
    ]["caseRows"]
    assert failing["totalCount"] == 1
    (row,) = [e["node"] for e in failing["edges"]]
    assert [a["outcome"] for a in row["results"]] == ["FAIL", "FAIL"]
