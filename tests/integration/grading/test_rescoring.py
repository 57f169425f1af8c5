"""Score again: a job grades not-graded scores anew with the configuration they were graded
with, without running the agent; refusals are named and nothing is graded then."""

from sqlalchemy import text, update

from casebook.db.models import ApiKey
from casebook.domain.access.catalog import Role
from casebook.graphql.ids import encode_id
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import create_dataset
from tests.integration.grading.helpers import (
    JOB,
    JUDGE_MODEL,
    RESCORE,
    SCORE,
    SET_BUDGET,
    add_connection,
    judge_reply,
    judged_dataset,
    new_case,
    score_answer,
    update_scoring,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer, error_reply, text_reply

DOWN = (error_reply(503, "overloaded"), error_reply(503, "overloaded"))


async def not_graded_score(api: Api, server: ModelServer) -> tuple[str, str]:
    dataset_id = await judged_dataset(api, server)
    case_id = await new_case(api, dataset_id, checks=[{"contains": {"value": "unused"}}])
    server.reply_with(*DOWN)
    score = await score_answer(api, case_id)
    assert score["outcome"] == "NOT_GRADED"
    return dataset_id, score["id"]


async def rescore(api: Api, dataset_id: str, score_ids: list[str]) -> str:
    job = (await api(RESCORE, {"d": dataset_id, "s": score_ids}))["rescore"]["job"]
    assert (job["kind"], job["status"]) == ("rescore", "queued")
    return job["id"]


async def test_score_again_turns_a_not_graded_answer_into_a_verdict(
    owner: Api, model_server: ModelServer, run_worker
) -> None:
    dataset_id, score_id = await not_graded_score(owner, model_server)
    before = (await owner(SCORE, {"id": score_id}))["score"]
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    job_id = await rescore(owner, dataset_id, [score_id])
    await run_worker()
    job = (await owner(JOB, {"id": job_id}))["node"]
    assert job["status"] == "succeeded", job
    assert job["result"]["graded"] == 1
    assert [(e["status"], e["outcome"]) for e in job["result"]["scores"]] == [("graded", "pass")]
    after = (await owner(SCORE, {"id": score_id}))["score"]
    assert after["outcome"] == "PASS"
    assert (after["rescoreCount"], after["rescoredAt"] is not None) == (1, True)
    assert after["results"][0] == before["results"][0]  # the checks kept their verdict
    assert after["pins"] == before["pins"]
    assert after["config"] == before["config"]
    # The same answer was graded again: the agent did not run, the judge read the copy.
    (*_, again) = model_server.chat_requests
    assert before["answer"] in again.body["messages"][1]["content"]


async def test_a_score_every_scorer_reached_a_verdict_on_is_left_as_it_is(
    owner: Api, model_server: ModelServer, run_worker
) -> None:
    dataset_id = await judged_dataset(owner, model_server)
    model_server.reply_with(text_reply(judge_reply(("polite", 1))))
    failed = await score_answer(owner, await new_case(owner, dataset_id))
    job_id = await rescore(owner, dataset_id, [failed["id"]])
    await run_worker()
    result = (await owner(JOB, {"id": job_id}))["node"]["result"]
    assert (result["left"], result["graded"]) == (1, 0)
    assert (await owner(SCORE, {"id": failed["id"]}))["score"]["rescoreCount"] == 0
    assert len(model_server.chat_requests) == 1


async def test_a_judge_configured_anew_since_the_failure_is_refused_and_nothing_is_graded(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, score_id = await not_graded_score(owner, model_server)
    await update_scoring(owner, dataset_id, {"judge": {"instructions": "Be lenient."}})
    refused = await owner.errors(RESCORE, {"d": dataset_id, "s": [score_id]})
    assert refused.codes == ["CONFLICT"]
    message = refused.errors[0]["message"]
    assert message.startswith("nothing was graded again - score ")
    assert "judge configuration changed since this score failed (its instructions)" in message


async def test_a_score_pinned_to_an_earlier_judge_prompt_is_refused(
    owner: Api, model_server: ModelServer, sessionmaker
) -> None:
    dataset_id, score_id = await not_graded_score(owner, model_server)
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text("UPDATE scores SET pins = jsonb_set(pins, '{task_version}', '\"judge-task.0\"')")
        )
    refused = await owner.errors(RESCORE, {"d": dataset_id, "s": [score_id]})
    assert refused.codes == ["CONFLICT"]
    assert "pinned to an earlier judge prompt (judge-task.0" in refused.errors[0]["message"]


async def test_a_cause_still_there_is_refused_as_it_stands(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, score_id = await not_graded_score(owner, model_server)
    await owner(SET_BUDGET, {"h": None, "l": 0})
    refused = await owner.errors(RESCORE, {"d": dataset_id, "s": [score_id]})
    assert refused.codes == ["CONFLICT"]
    assert (
        "the organization's model budget of $0.00 for this month is spent"
        in (refused.errors[0]["message"])
    )


async def test_the_job_checks_again_when_it_runs(
    owner: Api, model_server: ModelServer, run_worker
) -> None:
    dataset_id, score_id = await not_graded_score(owner, model_server)
    job_id = await rescore(owner, dataset_id, [score_id])
    await update_scoring(
        owner, dataset_id, {"judge": {"criteria": [{"id": "kind", "text": "Kind?"}]}}
    )
    await run_worker()
    job = (await owner(JOB, {"id": job_id}))["node"]
    assert job["status"] == "failed"
    assert "its criteria, scale or pass mark" in job["error"]
    assert job["result"]["refused"][0]["reason"].startswith("the dataset's judge configuration")
    assert (await owner(SCORE, {"id": score_id}))["score"]["outcome"] == "NOT_GRADED"


async def test_at_most_ten_scores_a_request_and_only_with_runs_view_and_datasets_run(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    dataset_id, score_id = await not_graded_score(owner, model_server)
    eleven = [str(encode_id("Score", n)) for n in range(100, 111)]
    too_many = await owner.errors(RESCORE, {"d": dataset_id, "s": eleven})
    assert too_many.codes == ["BAD_USER_INPUT"]
    assert too_many.errors[0]["extensions"]["fields"][0]["path"] == "scoreIds"
    other = await owner.errors(RESCORE, {"d": dataset_id, "s": [eleven[0]]})
    assert other.codes == ["NOT_FOUND"]
    member = await member_as(Role.MEMBER)
    assert (await member.errors(RESCORE, {"d": dataset_id, "s": [score_id]})).codes == ["FORBIDDEN"]
    viewer = await member_as(Role.VIEWER)
    assert (await viewer.errors(RESCORE, {"d": dataset_id, "s": [score_id]})).codes == ["FORBIDDEN"]


async def test_the_job_acts_as_the_key_that_asked_and_stops_once_it_is_revoked(
    owner: Api, model_server: ModelServer, run_worker, sessionmaker
) -> None:
    dataset_id, score_id = await not_graded_score(owner, model_server)
    created = await owner(
        """mutation { createApiKey(input: {name: "ci", scopes: ["datasets:run", "datasets:view", "runs:view"]}) { secret } }"""
    )
    keyed = owner.with_key(created["createApiKey"]["secret"])
    job_id = await rescore(keyed, dataset_id, [score_id])
    async with sessionmaker() as session, session.begin():
        await session.execute(update(ApiKey).values(revoked_at=text("now()")))
    await run_worker()
    job = (await owner(JOB, {"id": job_id}))["node"]
    assert job == {
        "status": "failed",
        "result": None,
        "error": "the API key this job was started with was revoked",
    }


async def test_the_job_acts_with_the_access_its_asker_has_when_it_runs(
    owner: Api, member_as: MemberFactory, model_server: ModelServer, run_worker
) -> None:
    dataset_id, score_id = await not_graded_score(owner, model_server)
    operator = await member_as(Role.OPERATOR)
    job_id = await rescore(operator, dataset_id, [score_id])
    operator_id = (await operator("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    await owner(
        "mutation($u: ID!) { changeMemberRole(userId: $u, role: VIEWER) { member { role } } }",
        {"u": operator_id},
    )
    await run_worker()
    job = (await operator(JOB, {"id": job_id}))["node"]
    assert job["status"] == "failed"
    assert job["error"] == "this needs the runs:view permission"
    assert model_server.chat_requests[2:] == []


async def test_a_score_not_graded_for_want_of_a_judge_model_is_graded_once_one_is_chosen(
    owner: Api, model_server: ModelServer, run_worker
) -> None:
    dataset_id = await create_dataset(owner)
    criteria = [{"id": "polite", "text": "Is the answer polite?"}]
    await update_scoring(owner, dataset_id, {"judge": {"enabled": True, "criteria": criteria}})
    score = await score_answer(owner, await new_case(owner, dataset_id))
    assert score["outcome"] == "NOT_GRADED"
    # The cause still there: no model now either.
    refused = await owner.errors(RESCORE, {"d": dataset_id, "s": [score["id"]]})
    assert refused.codes == ["CONFLICT"]
    assert (
        "the judge has no model: choose one in the dataset's Settings"
        in (refused.errors[0]["message"])
    )
    connection_id = await add_connection(owner, model_server)
    await update_scoring(
        owner, dataset_id, {"judge": {"connectionId": connection_id, "model": JUDGE_MODEL}}
    )
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    job_id = await rescore(owner, dataset_id, [score["id"]])
    await run_worker()
    assert (await owner(JOB, {"id": job_id}))["node"]["status"] == "succeeded"
    after = (await owner(SCORE, {"id": score["id"]}))["score"]
    assert after["outcome"] == "PASS"
    assert after["pins"]["model"] == JUDGE_MODEL
    assert after["config"]["judge"]["criteria"] == criteria


async def test_a_score_whose_judge_connection_was_deleted_is_graded_by_the_one_chosen_since(
    owner: Api, model_server: ModelServer, run_worker
) -> None:
    dataset_id = await judged_dataset(owner, model_server)
    scoring = (
        await owner(
            "query($d: ID!) { dataset(id: $d) { scoring { judge { connectionId } } } }",
            {"d": dataset_id},
        )
    )["dataset"]["scoring"]
    await owner(
        "mutation($c: ID!) { deleteModelConnection(id: $c) { deletedId } }",
        {"c": scoring["judge"]["connectionId"]},
    )
    score = await score_answer(owner, await new_case(owner, dataset_id))
    assert score["outcome"] == "NOT_GRADED"
    replacement = await add_connection(owner, model_server, name="Replacement")
    await update_scoring(owner, dataset_id, {"judge": {"connectionId": replacement}})
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    job_id = await rescore(owner, dataset_id, [score["id"]])
    await run_worker()
    assert (await owner(JOB, {"id": job_id}))["node"]["status"] == "succeeded"
    assert (await owner(SCORE, {"id": score["id"]}))["score"]["outcome"] == "PASS"
