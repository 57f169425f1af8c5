"""An eval run's folded results are kept between requests only while nothing they were
folded from has changed: a rescoring of one of its answers, a decision, an agent deleted
- each is seen by the next read."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import update
from sqlmodel import col

from casebook.db.models import EvalRunAgent, Score
from casebook.graphql.ids import decode_id
from tests.integration.evals.helpers import agent_at, dataset_with_cases, run_input
from tests.integration.evals.test_eval_results import Script, _run
from tests.integration.review.helpers import DECIDE
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp

TABLE = """query($id: ID!) { evalRun(id: $id) { summary { agents { agentId passed failed } }
  results { edges { node { agentId outcome medianScore { id } } } } } }"""


async def _table(api: Api, run_id: str) -> dict[str, Any]:
    found: dict[str, Any] = (await api(TABLE, {"id": run_id}))["evalRun"]
    return found


async def test_a_rescoring_a_decision_and_a_deleted_agent_are_each_read_at_once(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any, sessionmaker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 2)
    endpoint.answer_with(Script())
    agent = await agent_at(owner, endpoint)
    run = await _run(owner, run_worker, run_input(dataset_id, [agent]))
    first = await _table(owner, run["id"])
    assert first["summary"]["agents"][0]["passed"] == 2
    assert await _table(owner, run["id"]) == first  # kept, and the same

    score_id = first["results"]["edges"][0]["node"]["medianScore"]["id"]
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Score)
            .where(col(Score.id) == decode_id(score_id, "Score"))
            .values(outcome="fail", rescored_at=datetime.now(UTC))
        )
    rescored = await _table(owner, run["id"])
    assert rescored["summary"]["agents"][0]["failed"] == 1

    await owner(DECIDE, {"i": {"scoreId": score_id, "outcome": "PASS"}})
    decided = await _table(owner, run["id"])
    assert decided["summary"]["agents"][0]["failed"] == 0

    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(EvalRunAgent)
            .where(col(EvalRunAgent.run_id) == decode_id(run["id"], "EvalRun"))
            .values(agent_id=None)
        )
    gone = await _table(owner, run["id"])
    assert gone["summary"]["agents"][0]["agentId"] != first["summary"]["agents"][0]["agentId"]
