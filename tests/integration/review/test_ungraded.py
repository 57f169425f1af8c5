"""Score again on the Review answers view: every ungraded answer of the view, ten a job,
the decision a person made kept (spec: "The judge", "Review")."""

from typing import Any

from sqlalchemy import text

from tests.integration.grading.helpers import (
    JOB,
    judge_reply,
    judged_dataset,
    new_case,
    score_answer,
)
from tests.integration.review.helpers import DECIDE, db_id, state_of
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer, error_reply, text_reply

AGAIN = """mutation($i: ScoreUngradedAgainInput!) { scoreUngradedAgain(input: $i) {
  scoreCount jobs { id kind status } } }"""
DOWN = (error_reply(503, "overloaded"), error_reply(503, "overloaded"))


async def test_every_ungraded_answer_of_the_view_is_graded_again_ten_a_job(
    owner: Api,
    model_server: ModelServer,
    run_worker: Any,
) -> None:
    dataset = await judged_dataset(owner, model_server)
    case = await new_case(owner, dataset, checks=[{"contains": {"value": "unused"}}])
    ungraded = []
    for _ in range(11):
        model_server.reply_with(*DOWN)
        found = await score_answer(owner, case)
        assert found["outcome"] == "NOT_GRADED"
        ungraded.append(found["id"])
    await owner(DECIDE, {"i": {"scoreId": ungraded[0], "outcome": "FAIL", "note": "kept"}})
    model_server.reply_with(*[text_reply(judge_reply(("polite", 2)))] * 11)
    data = (await owner(AGAIN, {"i": {"datasetId": dataset}}))["scoreUngradedAgain"]
    assert data["scoreCount"] == 11
    assert [(j["kind"], j["status"]) for j in data["jobs"]] == [("rescore", "queued")] * 2
    await run_worker()
    for job in data["jobs"]:
        assert (await owner(JOB, {"id": job["id"]}))["node"]["status"] == "succeeded"
    kept = await state_of(owner, ungraded[0])
    assert kept["outcome"] == "PASS" and kept["finalOutcome"] == "FAIL"
    assert kept["review"]["decision"]["note"] == "kept"
    nothing = (await owner(AGAIN, {"i": {"datasetId": dataset}}))["scoreUngradedAgain"]
    assert nothing == {"scoreCount": 0, "jobs": []}


async def test_a_refusal_names_its_score_and_queues_nothing(
    owner: Api,
    model_server: ModelServer,
    sessionmaker: Any,
) -> None:
    dataset = await judged_dataset(owner, model_server)
    case = await new_case(owner, dataset)
    ids = []
    for _ in range(2):
        model_server.reply_with(*DOWN)
        ids.append((await score_answer(owner, case))["id"])
    # One answer's copy was cut at 8,000 characters: it cannot be graded the same.
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text("UPDATE scores SET answer_cut = true WHERE id = :s"), {"s": db_id(ids[0])}
        )
    refused = await owner.errors(AGAIN, {"i": {"datasetId": dataset}})
    assert refused.codes == ["CONFLICT"]
    async with sessionmaker() as session:
        queued = await session.execute(text("SELECT count(*) FROM jobs WHERE kind = 'rescore'"))
        assert queued.scalar_one() == 0
