"""Issue 12, "Results", "Comparison", "Confirmation": an eval run's summary and per-case
table, its comparison with an earlier run, the rerun of what flipped, and what it sends
to review - through GraphQL, against the real worker and a webhook agent on loopback."""

import json
import threading
from collections import Counter
from typing import Any

import pytest

from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import UPDATE, add_case, create_dataset
from tests.integration.evals.helpers import (
    agent_at,
    dataset_with_cases,
    eval_run,
    questions,
    run_input,
    start,
)
from tests.integration.grading.helpers import judge_reply, judged_dataset, update_scoring
from tests.integration.structured.helpers import film_case, structured_dataset
from tests.integration.structured.test_repetitions import HALF, REFERENCE_FOUR, RIGHT
from tests.support.fixtures import model_server, model_server_session  # noqa: F401
from tests.support.graphql_client import Api
from tests.support.loopback_http import Answer, LoopbackHttp, Received
from tests.support.model_server import ModelServer, error_reply, text_reply
from tests.support.statements import app_engine, counted_statements

ROW = """case { id input tags } agentId agentName outcome baselineOutcome flip confirmed
  qualityMean qualityMin qualityMax scores { id outcome repetition quality }
  medianScore { id outcome quality }"""
RESULTS = f"""query($id: ID!, $agent: ID, $outcome: ScoreOutcome, $tag: String,
  $flipped: Boolean, $first: Int! = 50, $after: String) {{ evalRun(id: $id) {{
  results(agentId: $agent, outcome: $outcome, tag: $tag, flipped: $flipped, first: $first,
    after: $after) {{ totalCount pageInfo {{ hasNextPage endCursor }}
    edges {{ cursor node {{ {ROW} }} }} }} }} }}"""
SUMMARY = """query($id: ID!) { evalRun(id: $id) { summary {
  agents { agentId agentName agentVersion passed failed notGraded passRate costUsd
    latencyP50Ms latencyP95Ms qualityMean qualityMin qualityMax }
  scorers { agentId scorer passed failed notGraded passRate }
  tags { agentId tag passed failed notGraded passRate } } } }"""
COMPARISON = f"""query($id: ID!, $with: ID) {{ evalRun(id: $id) {{ comparison(with: $with) {{
  baseline {{ id }} sameVersion note comparedCases confirmedRegressions passRateBefore
  passRateAfter regressions {{ {ROW} }} improvements {{ {ROW} }} }} }} }}"""
YES = [{"contains": {"value": "yes"}}]
CANDIDATES = """query($id: ID!) { evalRunReviewCandidates(id: $id) { id outcome repetition
  case { input } } }"""
WAITING = """query($d: ID!) { dataset(id: $d) { reviewQueue { edges { node { id
  review { state sentBy } } } } } }"""


async def _waiting(api: Api, dataset_id: str) -> list[dict[str, Any]]:
    """What waits in the dataset's review queue: what finished runs sent it."""
    found = (await api(WAITING, {"d": dataset_id}))["dataset"]["reviewQueue"]["edges"]
    return [edge["node"] for edge in found]


class Script:
    """A webhook agent answering "yes" (which passes) unless told otherwise: ``always`` the
    questions it gets wrong every time, ``next`` how many of the next asks of a question it
    gets wrong. Changed between runs, like an agent changed between builds."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.always: set[str] = set()
        self.next: Counter[str] = Counter()

    def __call__(self, request: Received) -> Answer:
        question = request.json["question"]
        with self.lock:
            wrong = question in self.always or self.next[question] > 0
            if self.next[question] > 0:
                self.next[question] -= 1
        return Answer(200, {"answer": f"{question}: " + ("no" if wrong else "yes")})


async def _results(api: Api, run_id: str, **filters: Any) -> dict[str, Any]:
    return (await api(RESULTS, {"id": run_id, **filters}))["evalRun"]["results"]


async def _comparison(api: Api, run_id: str, other: str | None = None) -> dict[str, Any] | None:
    return (await api(COMPARISON, {"id": run_id, "with": other}))["evalRun"]["comparison"]


def _inputs(rows: list[dict[str, Any]]) -> list[str]:
    return [row["case"]["input"] for row in rows]


async def _run(api: Api, run_worker: Any, given: dict[str, Any]) -> dict[str, Any]:
    run = await start(api, given)
    await run_worker()
    done = await eval_run(api, run["id"])
    assert done["status"] == "FINISHED", done
    return done


async def test_repetitions_fold_into_one_result_summarized_per_agent_scorer_and_tag(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    tags = {0: ["billing"], 1: ["billing", "refunds"]}
    dataset_id, _ = await dataset_with_cases(owner, 3, tags=tags)
    script = Script()
    script.always = {"question 1"}
    script.next["question 2"] = 1  # one repetition of two fails: a tie never passes
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    run = await _run(owner, run_worker, run_input(dataset_id, [agent], repetitions=2))

    table = await _results(owner, run["id"])
    assert table["totalCount"] == 3
    rows = [edge["node"] for edge in table["edges"]]
    assert _inputs(rows) == ["question 0", "question 1", "question 2"]
    assert [row["outcome"] for row in rows] == ["PASS", "FAIL", "FAIL"]
    assert [[s["outcome"] for s in row["scores"]] for row in rows][1] == ["FAIL", "FAIL"]
    assert sorted(s["outcome"] for s in rows[2]["scores"]) == ["FAIL", "PASS"]
    for row in rows:
        assert [s["repetition"] for s in row["scores"]] == [1, 2]
        # Without a structured scorer the answer shown is the first repetition.
        assert row["medianScore"]["id"] == row["scores"][0]["id"]
        assert row["agentId"] == agent and row["agentName"] == "Webhook bot"
        assert row["flip"] is row["baselineOutcome"] is row["qualityMean"] is None

    (summary,) = (await owner(SUMMARY, {"id": run["id"]}))["evalRun"]["summary"]["agents"]
    assert (summary["passed"], summary["failed"], summary["notGraded"]) == (1, 2, 0)
    assert summary["passRate"] == pytest.approx(1 / 3)
    assert summary["agentId"] == agent and summary["agentVersion"] == 1
    assert summary["latencyP50Ms"] is not None
    assert summary["latencyP50Ms"] <= summary["latencyP95Ms"]
    assert summary["qualityMean"] is None
    found = (await owner(SUMMARY, {"id": run["id"]}))["evalRun"]["summary"]
    by_scorer = {s["scorer"]: (s["passed"], s["failed"], s["notGraded"]) for s in found["scorers"]}
    assert by_scorer == {"checks": (1, 2, 0), "checks:contains": (1, 2, 0)}
    by_tag = {t["tag"]: (t["passed"], t["failed"], t["passRate"]) for t in found["tags"]}
    assert by_tag == {"billing": (1, 1, 0.5), "refunds": (0, 1, 0.0)}

    # The table filters by outcome, tag and agent, and pages with a cursor.
    failed = await _results(owner, run["id"], outcome="FAIL")
    assert failed["totalCount"] == 2
    assert _inputs([e["node"] for e in failed["edges"]]) == ["question 1", "question 2"]
    refunds = await _results(owner, run["id"], tag="refunds")
    assert _inputs([e["node"] for e in refunds["edges"]]) == ["question 1"]
    assert (await _results(owner, run["id"], agent=agent))["totalCount"] == 3
    seen, after = [], None
    while True:
        page = await _results(owner, run["id"], first=1, after=after)
        seen += _inputs([e["node"] for e in page["edges"]])
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
    assert seen == ["question 0", "question 1", "question 2"]
    after_first = await _results(
        owner, run["id"], outcome="FAIL", after=table["edges"][1]["cursor"]
    )
    assert _inputs([e["node"] for e in after_first["edges"]]) == ["question 2"]
    # No baseline: nothing compared, nothing flipped.
    assert await _comparison(owner, run["id"]) is None
    assert (await _results(owner, run["id"], flipped=True))["totalCount"] == 0


async def test_a_regression_is_confirmed_only_when_its_rerun_fails_again(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    script = Script()
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    baseline = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    script.always = {"question 0"}  # a real regression: its rerun fails again
    script.next["question 1"] = 1  # a flaky one: its rerun passes
    run = await _run(
        owner, run_worker, run_input(dataset_id, [agent], baselineRunId=baseline["id"])
    )

    # Each flip was answered once more; nothing else was.
    assert questions(endpoint) == {"question 0": 3, "question 1": 3, "question 2": 2}
    # The progress counts the run's answers, not the reruns: it agrees with the summary.
    progress = run["progress"]
    assert (progress["total"], progress["answered"], progress["scored"]) == (3, 3, 3)
    (summary,) = (await owner(SUMMARY, {"id": run["id"]}))["evalRun"]["summary"]["agents"]
    assert (progress["passed"], progress["failed"], progress["notGraded"]) == (
        summary["passed"],
        summary["failed"],
        summary["notGraded"],
    )
    assert (summary["passed"], summary["failed"]) == (1, 2)
    compared = await _comparison(owner, run["id"])
    assert compared is not None
    assert compared["baseline"]["id"] == baseline["id"]
    assert (compared["sameVersion"], compared["note"], compared["comparedCases"]) == (True, None, 3)
    assert _inputs(compared["regressions"]) == ["question 0", "question 1"]
    assert [r["confirmed"] for r in compared["regressions"]] == [True, False]
    assert [r["baselineOutcome"] for r in compared["regressions"]] == ["PASS", "PASS"]
    assert compared["improvements"] == [] and compared["confirmedRegressions"] == 1
    assert compared["passRateBefore"] == 1.0
    assert compared["passRateAfter"] == pytest.approx(1 / 3)
    flipped = await _results(owner, run["id"], flipped=True)
    assert [e["node"]["flip"] for e in flipped["edges"]] == ["REGRESSION", "REGRESSION"]
    steady = await _results(owner, run["id"], flipped=False)
    assert _inputs([e["node"] for e in steady["edges"]]) == ["question 2"]

    # To review: the confirmed regression's failing answer only - one score.
    (candidate,) = (await owner(CANDIDATES, {"id": run["id"]}))["evalRunReviewCandidates"]
    assert candidate["case"]["input"] == "question 0" and candidate["outcome"] == "FAIL"
    assert (await owner(CANDIDATES, {"id": baseline["id"]}))["evalRunReviewCandidates"] == []
    # The run sent it when it finished: it waits for review, and nothing else does.
    assert await _waiting(owner, dataset_id) == [
        {"id": candidate["id"], "review": {"state": "WAITING", "sentBy": "EVAL_RUN"}}
    ]


async def test_regressions_are_rerun_first_up_to_the_count(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    script = Script()
    script.always = {"question 0"}
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    baseline = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    script.always = {"question 1", "question 2"}
    run = await _run(
        owner,
        run_worker,
        run_input(dataset_id, [agent], baselineRunId=baseline["id"], confirmFlips=1),
    )
    # One flip rerun, and it is the first regression - not the improvement before it.
    assert questions(endpoint) == {"question 0": 2, "question 1": 3, "question 2": 2}
    compared = await _comparison(owner, run["id"])
    assert compared is not None
    assert [(r["case"]["input"], r["confirmed"]) for r in compared["regressions"]] == [
        ("question 1", True),
        ("question 2", None),
    ]
    assert [(r["case"]["input"], r["confirmed"]) for r in compared["improvements"]] == [
        ("question 0", None)
    ]
    assert compared["confirmedRegressions"] == 1
    # The same two runs compared the other way round: the flips swap kinds.
    reverse = await _comparison(owner, baseline["id"], run["id"])
    assert reverse is not None
    assert _inputs(reverse["regressions"]) == ["question 0"]
    assert _inputs(reverse["improvements"]) == ["question 1", "question 2"]


async def test_across_versions_only_the_cases_both_hold_are_compared(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, case_ids = await dataset_with_cases(owner, 3)
    script = Script()
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    baseline = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    assert baseline["datasetVersion"] == 3
    edited = {
        "input": "question 2, asked another way",
        "referenceAnswer": "yes",
        "checks": [{"contains": {"value": "yes"}}],
    }
    await owner(UPDATE, {"id": case_ids[2], "base": 3, "c": edited})
    await add_case(
        owner, dataset_id, {"input": "question 3", "checks": [{"contains": {"value": "yes"}}]}
    )
    script.always = {"question 0", "question 2, asked another way"}
    run = await _run(
        owner, run_worker, run_input(dataset_id, [agent], baselineRunId=baseline["id"])
    )
    assert run["datasetVersion"] == 5
    compared = await _comparison(owner, run["id"])
    assert compared is not None and compared["sameVersion"] is False
    assert compared["note"] == (
        "the runs answered different versions (3 and 5), so the questions differ: "
        "only the 2 cases both hold are compared"
    )
    assert compared["comparedCases"] == 2
    # The edited case fails now, but it is another question: no regression.
    assert _inputs(compared["regressions"]) == ["question 0"]
    assert compared["passRateBefore"] == 1.0 and compared["passRateAfter"] == 0.5


async def test_reading_results_needs_runs_view_and_compares_only_within_the_dataset(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any, member_as: MemberFactory
) -> None:
    script = Script()
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    first, _ = await dataset_with_cases(owner, 1, name="First")
    second, _ = await dataset_with_cases(owner, 1, name="Second")
    one = await _run(owner, run_worker, run_input(first, [agent]))
    other = await _run(owner, run_worker, run_input(second, [agent]))
    refused = await owner.errors(COMPARISON, {"id": one["id"], "with": other["id"]})
    assert "with" in str(refused) and "another dataset" in str(refused)
    wrong_kind = await owner.errors(COMPARISON, {"id": one["id"], "with": agent})
    assert "with" in str(wrong_kind)
    # runs:view before anything: a member without it is refused, whatever the run.
    member = await member_as(Role.MEMBER)
    for query, variables in [
        (CANDIDATES, {"id": one["id"]}),
        (SUMMARY, {"id": one["id"]}),
        (RESULTS, {"id": one["id"]}),
    ]:
        assert (await member.errors(query, variables)).codes == ["FORBIDDEN"]
    malformed = await owner.errors(CANDIDATES, {"id": "not-an-id"})
    assert malformed.codes == ["BAD_USER_INPUT"] and "id" in str(malformed)
    bad_agent = await owner.errors(RESULTS, {"id": one["id"], "agent": one["id"]})
    assert "agentId" in str(bad_agent)


# 18: each ended run read (this one and its baseline) also reads the review decisions
# its answers held, for its record at its end - one statement per run, never per row.
MAX_FULL_PAGE_STATEMENTS = 18
FULL_PAGE = f"""query($id: ID!, $first: Int!) {{ evalRun(id: $id) {{
  summary {{ agents {{ passed passRate latencyP95Ms }} scorers {{ scorer }} tags {{ tag }} }}
  comparison {{ regressions {{ {ROW} }} improvements {{ {ROW} }} }}
  results(first: $first) {{ totalCount edges {{ node {{ {ROW} }} }} }} }} }}"""


async def test_a_page_of_results_costs_the_same_statements_however_many_rows(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any, app: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 12, tags={i: [f"t{i % 3}"] for i in range(12)})
    script = Script()
    endpoint.answer_with(script)
    first = await agent_at(owner, endpoint, name="First")
    second = await agent_at(owner, endpoint, name="Second")
    baseline = await _run(owner, run_worker, run_input(dataset_id, [first, second]))
    script.always = {f"question {i}" for i in range(0, 12, 2)}
    run = await _run(
        owner,
        run_worker,
        run_input(dataset_id, [first, second], repetitions=2, baselineRunId=baseline["id"]),
    )
    engine = app_engine(app)
    # Once read, a run's folded results are kept while unchanged (results_cache): read
    # both runs once, so every count below is of a page over kept results.
    await owner(FULL_PAGE, {"id": run["id"], "first": 1})
    table_costs, full_costs = [], []
    for size in (2, 24):
        with counted_statements(engine) as seen:
            table = await _results(owner, run["id"], first=size)
        assert len(table["edges"]) == size
        table_costs.append(len(seen))
        with counted_statements(engine) as seen:
            page = (await owner(FULL_PAGE, {"id": run["id"], "first": size}))["evalRun"]
        assert len(page["results"]["edges"]) == size
        assert len(page["comparison"]["regressions"]) == 12
        full_costs.append(len(seen))
    # The table alone: the same statements for 2 rows as for 24. With the summary and the
    # comparison's rows beside it, a constant: the case loads of the two lists share one
    # batch or take two, as the resolvers' ticks fall.
    assert table_costs[0] == table_costs[1], table_costs
    assert max(full_costs) <= MAX_FULL_PAGE_STATEMENTS, full_costs


@pytest.mark.parametrize(
    ("variables", "field"),
    [
        ({"first": -1}, "first"),
        ({"first": 10**6}, "first"),
        ({"after": "not a cursor"}, "after"),
        ({"after": "azo5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk"}, "after"),
        ({"tag": "\x00" * 10_000}, "tag"),
        ({"agent": "QWdlbnQ6OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5"}, "agentId"),
    ],
)
async def test_hostile_arguments_name_their_field(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any, variables: dict[str, Any], field: str
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    endpoint.answer_with(Script())
    run = await _run(owner, run_worker, run_input(dataset_id, [await agent_at(owner, endpoint)]))
    refused = await owner.errors(RESULTS, {"id": run["id"], **variables})
    assert set(refused.codes) <= {"BAD_USER_INPUT", "GRAPHQL_VALIDATION"}, refused.errors
    assert field in str(refused.errors)
    unknown_tag = await _results(owner, run["id"], tag="x" * 10_000)
    assert unknown_tag["totalCount"] == 0
    # An id past any database id (EvalRun:999…) is refused naming `with`; one that does not
    # parse at all is refused as the schema refuses every unreadable id.
    huge = await owner.errors(
        COMPARISON, {"id": run["id"], "with": "RXZhbFJ1bjo5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5"}
    )
    assert huge.codes == ["BAD_USER_INPUT"] and "with" in str(huge.errors)
    unreadable = await owner.errors(COMPARISON, {"id": run["id"], "with": "not-an-id"})
    assert unreadable.codes == ["BAD_USER_INPUT"]


async def test_review_gets_the_judges_errors_but_not_what_it_skipped(
    owner: Api,
    endpoint: LoopbackHttp,
    run_worker: Any,
    model_server: ModelServer,  # noqa: F811
) -> None:
    script = Script()
    endpoint.answer_with(script)
    agent = await agent_at(owner, endpoint)
    judged = await judged_dataset(owner, model_server, name="Judged")
    for index in range(2):
        await add_case(owner, judged, {"input": f"question {index}", "checks": YES})
    # One answer at a time: the judge grades question 0, then fails twice on question 1.
    model_server.reply_with(
        text_reply(judge_reply(("polite", 2))),
        error_reply(503, "overloaded"),
        error_reply(503, "overloaded"),
    )
    run = await _run(owner, run_worker, run_input(judged, [agent], concurrency=1))
    rows = [e["node"] for e in (await _results(owner, run["id"]))["edges"]]
    assert [row["outcome"] for row in rows] == ["PASS", "NOT_GRADED"]
    (candidate,) = (await owner(CANDIDATES, {"id": run["id"]}))["evalRunReviewCandidates"]
    assert candidate["case"]["input"] == "question 1" and candidate["outcome"] == "NOT_GRADED"
    assert [node["id"] for node in await _waiting(owner, judged)] == [candidate["id"]]

    # A judge without a model skips every answer: those wait to be scored again, unsent.
    skipping = await create_dataset(owner, "Skipping")
    await update_scoring(
        owner, skipping, {"judge": {"enabled": True, "criteria": [{"id": "p", "text": "Polite?"}]}}
    )
    await add_case(owner, skipping, {"input": "question 0", "checks": YES})
    skipped = await _run(owner, run_worker, run_input(skipping, [agent]))
    (row,) = [e["node"] for e in (await _results(owner, skipped["id"]))["edges"]]
    assert row["outcome"] == "NOT_GRADED"
    assert (await owner(CANDIDATES, {"id": skipped["id"]}))["evalRunReviewCandidates"] == []
    assert await _waiting(owner, skipping) == []


async def test_structured_quality_mean_spread_and_the_median_answer_shown(
    owner: Api,
    endpoint: LoopbackHttp,
    run_worker: Any,
    model_server: ModelServer,  # noqa: F811
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False, embeddingModel=None)
    await film_case(owner, dataset_id, REFERENCE_FOUR)
    answers = [RIGHT, {**RIGHT, "title": "Thor", "director": "Kenneth Branagh"}, HALF]
    lock = threading.Lock()

    def one_after_another(_: Received) -> Answer:
        with lock:
            answer = answers.pop(0)
        return Answer(200, {"answer": json.dumps(answer)})

    endpoint.answer_with(one_after_another)
    agent = await agent_at(owner, endpoint)
    run = await _run(owner, run_worker, run_input(dataset_id, [agent], repetitions=3))
    (row,) = [e["node"] for e in (await _results(owner, run["id"]))["edges"]]
    qualities = sorted(s["quality"] for s in row["scores"])
    assert len(set(qualities)) == 3  # three different answers, three different qualities
    assert row["qualityMean"] == pytest.approx(sum(qualities) / 3)
    assert (row["qualityMin"], row["qualityMax"]) == (qualities[0], qualities[2])
    assert row["medianScore"]["quality"] == qualities[1]  # the answer shown
    (summary,) = (await owner(SUMMARY, {"id": run["id"]}))["evalRun"]["summary"]["agents"]
    assert summary["qualityMean"] == pytest.approx(sum(qualities) / 3)
    assert (summary["qualityMin"], summary["qualityMax"]) == (qualities[0], qualities[2])


RUN_AGENTS = """query($id: ID!) { evalRun(id: $id) { agents { agentId agentName agent { id } }
  summary { agents { agentId passed } } } }"""
DELETE_AGENT = "mutation($id: ID!) { deleteAgent(id: $id) { deletedId } }"


async def test_a_runs_agents_carry_the_id_its_results_filter_by_before_and_after_deletion(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 2)
    endpoint.answer_with(Script())
    agent = await agent_at(owner, endpoint)
    run = await _run(owner, run_worker, run_input(dataset_id, [agent]))

    before = (await owner(RUN_AGENTS, {"id": run["id"]}))["evalRun"]
    assert [a["agentId"] for a in before["agents"]] == [agent]
    assert before["agents"][0]["agent"] == {"id": agent}

    await owner(DELETE_AGENT, {"id": agent})
    after = (await owner(RUN_AGENTS, {"id": run["id"]}))["evalRun"]
    (kept,) = after["agents"]
    assert kept["agent"] is None and kept["agentName"] == "Webhook bot"
    assert kept["agentId"] != agent
    assert [s["agentId"] for s in after["summary"]["agents"]] == [kept["agentId"]]
    rows = (await _results(owner, run["id"], agent=kept["agentId"]))["edges"]
    assert _inputs([edge["node"] for edge in rows]) == ["question 0", "question 1"]
