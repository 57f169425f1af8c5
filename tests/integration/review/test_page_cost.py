"""A page of Review answers - each with its decision, its evidence mask, its answer and its
case's tags - costs the same statements however many rows it shows."""

from typing import Any

from sqlalchemy import text

from tests.integration.agents.helpers import webhook_agent
from tests.integration.review.helpers import (
    DECIDE,
    checked_case,
    checked_dataset,
    db_id,
    score,
    send,
)
from tests.integration.test_page_costs import MAX_STATEMENTS
from tests.support.graphql_client import Api
from tests.support.statements import app_engine, counted_statements

PAGE = """query($d: ID!, $first: Int!) { dataset(id: $d) { reviewAnswers(first: $first) {
  totalCount edges { node { id outcome finalOutcome source agentName answer evidenceMasked
    caseTags answeringAgentId evalRun { id } judgeGrades { reason }
    results { reason parts { reason } }
    review { state rank sentBy decision { outcome note decidedBy overrulesScorers } } } } } } }"""


async def test_a_page_of_review_answers_reads_nothing_once_per_row(
    app: Any, owner: Api, sessionmaker: Any
) -> None:
    dataset = await checked_dataset(owner)
    agents = [
        (await webhook_agent(owner, f"https://a{n}.example.com", name=f"Bot {n}"))["agent"]["id"]
        for n in range(3)
    ]
    made: list[str] = []
    for n in range(30):
        case = await checked_case(owner, dataset, f"Question {n}?")
        made.append(await score(owner, case, agent=f"Bot {n % 3}"))
    async with sessionmaker() as session, session.begin():
        for n, found in enumerate(made):
            await session.execute(
                text("UPDATE scores SET agent_id = :a WHERE id = :s"),
                {"a": db_id(agents[n % 3]), "s": db_id(found)},
            )
    await send(owner, dataset, made[10:])
    for found in made[-10:]:
        await owner(DECIDE, {"i": {"scoreId": found, "outcome": "PASS", "note": "fine"}})

    with counted_statements(app_engine(app)) as thirty:
        data = await owner(PAGE, {"d": dataset, "first": 30})
    with counted_statements(app_engine(app)) as three:
        await owner(PAGE, {"d": dataset, "first": 3})
    nodes = [edge["node"] for edge in data["dataset"]["reviewAnswers"]["edges"]]
    assert len(nodes) == 30
    assert sum(node["review"]["state"] == "DECIDED" for node in nodes) == 10
    assert all(node["caseTags"] == ["returns"] and not node["evidenceMasked"] for node in nodes)
    assert len(thirty) == len(three), "a page of review answers reads something once per row"
    assert len(thirty) <= MAX_STATEMENTS + 3
