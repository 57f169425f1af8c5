"""Reading Activity: runs keyset-paged and filtered, at a constant cost per page."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event

from tests.integration.activity.helpers import RUNS, conversation, record, runs_of, turn_pair
from tests.integration.agents.helpers import webhook_agent
from tests.support.graphql_client import Api


@contextmanager
def counting_statements(app: Any) -> Iterator[list[str]]:
    engine = app.state.casebook.sessionmaker.kw["bind"].sync_engine
    seen: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


async def _agents(owner: Api) -> tuple[str, str]:
    first = await webhook_agent(owner, "https://a.example.com", name="Alpha")
    second = await webhook_agent(owner, "https://b.example.com", name="Beta")
    return first["agent"]["id"], second["agent"]["id"]


async def test_runs_are_filtered_by_agent_rating_date_and_flags(
    owner: Api, sessionmaker: Any
) -> None:
    alpha, beta = await _agents(owner)
    recorded = await record(
        owner,
        conversation("a1", alpha, turn_pair(1, "plain question")),
        conversation("a2", alpha, turn_pair(1, "isolated eval", isolated=True, eval=True)),
        conversation("b1", beta, turn_pair(1, "beta question", startedAt="2020-01-02T00:00:00Z")),
    )
    run_ids = [c["turns"][1]["runId"] for c in recorded]
    ratings = [
        {"runId": run_ids[0], "value": "DOWN", "comment": "Wrong", "endUser": "ana"},
        {"runId": run_ids[1], "value": "UP", "endUser": "ana"},
    ]
    await owner(
        "mutation($i: RecordRatingsInput!) { recordRatings(input: $i) { recorded } }",
        {"i": {"ratings": ratings}},
    )

    async def questions(**filter: Any) -> list[str]:
        return [r["question"] for r in await runs_of(owner, **filter)]

    assert await questions() == ["beta question", "isolated eval", "plain question"]
    assert await questions(agentId=alpha) == ["isolated eval", "plain question"]
    assert await questions(rating="DOWN") == ["plain question"]
    assert await questions(rating="UP") == ["isolated eval"]
    assert await questions(rating="RATED") == ["isolated eval", "plain question"]
    assert await questions(rating="UNRATED") == ["beta question"]
    assert await questions(isolated=True) == ["isolated eval"]
    assert await questions(eval=False) == ["beta question", "plain question"]
    assert await questions(until="2021-01-01T00:00:00Z") == ["beta question"]
    assert await questions(since="2021-01-01T00:00:00Z", agentId=beta) == []
    refused = await owner.errors(
        RUNS, {"f": {"since": "2022-01-01T00:00:00Z", "until": "2021-01-01T00:00:00Z"}}
    )
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "filter.until"


async def test_pages_follow_the_keyset_and_each_costs_the_same_statements(
    app: Any, owner: Api
) -> None:
    alpha, _ = await _agents(owner)
    calls = [{"name": "lookup_order", "args": {"order_id": "1"}}]
    await record(
        owner,
        *[
            conversation(f"c{i}", alpha, turn_pair(1, f"question {i}", calls=calls))
            for i in range(12)
        ],
    )
    seen: list[str] = []
    after = None
    costs = []
    while True:
        with counting_statements(app) as statements:
            data = await owner(RUNS, {"first": 5, "after": after})
        costs.append(len(statements))
        page = data["runs"]
        seen += [e["node"]["question"] for e in page["edges"]]
        assert all(len(e["node"]["steps"]) == 2 for e in page["edges"])
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
    assert seen == [f"question {i}" for i in reversed(range(12))]
    # A page of five and a page of two read the same number of statements.
    assert len(set(costs)) == 1, costs
    bad = await owner.errors(RUNS, {"first": 5, "after": "bm90LWEtY3Vyc29y"})
    assert bad.codes == ["BAD_USER_INPUT"]
    huge = await owner.errors(RUNS, {"first": 5, "after": "azo5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk"})
    assert huge.codes == ["BAD_USER_INPUT"]


async def test_a_run_with_only_an_error_has_no_transcript(owner: Api) -> None:
    alpha, _ = await _agents(owner)
    turns = [
        {"externalId": "q", "role": "USER", "content": "Hello?"},
        {"externalId": "a", "role": "AGENT", "run": {"error": "the agent timed out"}},
    ]
    await record(owner, conversation("e", alpha, turns))
    run = (await runs_of(owner))[0]
    assert (run["status"], run["error"], run["hasTranscript"], run["answer"]) == (
        "FAILED",
        "the agent timed out",
        False,
        "",
    )


async def test_huge_ids_and_page_sizes_are_refused_naming_the_argument(owner: Api) -> None:
    huge_agent = "QWdlbnQ6OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5"  # Agent:999999999999999999999999
    errors = await owner.errors(RUNS, {"f": {"agentId": huge_agent}})
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == "filter.agentId"
    assert (await owner.errors(RUNS, {"first": 100000})).codes == ["BAD_USER_INPUT"]
    assert (await owner.errors(RUNS, {"first": -1})).codes == ["BAD_USER_INPUT"]
