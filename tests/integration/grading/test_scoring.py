"""Scoring an answer against a case through GraphQL, the judge on the scripted model server."""

from sqlalchemy import func, select

from casebook.db.models import ModelUsage, Score
from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import create_dataset
from tests.integration.grading.helpers import (
    ANSWER,
    JUDGE_MODEL,
    SCORE_ANSWER,
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

KEY = "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0" * 2


async def test_a_pass_keeps_every_scorer_the_outcome_the_pins_and_the_answer(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id = await judged_dataset(owner, model_server)
    case_id = await new_case(owner, dataset_id, checks=[{"contains": {"value": "unused"}}])
    model_server.reply_with(text_reply(judge_reply(("polite", 2)), output_tokens=40))
    score = await score_answer(
        owner,
        case_id,
        toolCalls=[{"name": "lookup_policy", "args": {"topic": "returns"}}],
        costUsd=0.002,
        latencyMs=850,
        agentName="Support bot",
        agentVersion="v7",
        answeringModel="gpt-4.1",
    )
    assert score["outcome"] == "PASS"
    assert [(r["scorer"], r["status"], r["score"]) for r in score["results"]] == [
        ("checks", "PASS", 1.0),
        ("judge", "PASS", 1.0),
    ]
    assert score["results"][1]["reason"] == "1 criterion passed"
    (grade,) = score["judgeGrades"]
    assert (grade["criterionId"], grade["grade"], grade["verified"]) == ("polite", 2, True)
    assert grade["quotes"] == [{"text": "Sorry", "verified": True}]
    assert score["pins"]["model"] == JUDGE_MODEL
    assert score["pins"]["taskVersion"].startswith("judge-task.")
    assert score["pins"]["rubricHash"].startswith("sha256:")
    assert score["config"]["judge"]["criteria"] == [
        {"id": "polite", "text": "Is the answer polite?"}
    ]
    assert (score["answer"], score["answerChars"], score["answerCut"]) == (
        ANSWER,
        len(ANSWER),
        False,
    )
    assert score["toolCalls"] == [
        {"name": "lookup_policy", "args": {"topic": "returns"}, "blocked": False}
    ]
    assert (score["agentName"], score["agentVersion"], score["costUsd"]) == (
        "Support bot",
        "v7",
        0.002,
    )
    assert (score["datasetVersion"], score["caseRevision"]) == (1, 1)
    assert score["case"]["id"] == case_id
    assert score["warnings"] == []
    assert score["gradingCostUsd"] > 0
    (request,) = model_server.chat_requests
    assert request.model == JUDGE_MODEL
    assert request.body["temperature"] == 0
    assert "Can I return a used kettle?" in request.body["messages"][1]["content"]


async def test_a_fail_names_the_criterion_and_the_rule(
    owner: Api, model_server: ModelServer
) -> None:
    case_id = await new_case(owner, await judged_dataset(owner, model_server))
    model_server.reply_with(text_reply(judge_reply(("polite", 1), rule="It never apologises")))
    score = await score_answer(owner, case_id, "No.")
    assert score["outcome"] == "FAIL"
    assert score["outcomeReason"].startswith("failed - judge: failed: polite")
    assert "It never apologises" in score["outcomeReason"]
    assert score["mayScoreAgain"] is False


async def test_without_a_model_the_judge_reports_not_graded_and_calls_nothing(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id = await create_dataset(owner)
    await update_scoring(
        owner,
        dataset_id,
        {"judge": {"enabled": True, "criteria": [{"id": "polite", "text": "Polite?"}]}},
    )
    score = await score_answer(owner, await new_case(owner, dataset_id))
    assert score["outcome"] == "NOT_GRADED"
    assert score["notGradedBy"] == ["judge"]
    assert score["results"][0]["skipped"] is True
    assert "the judge has no model" in score["outcomeReason"]
    assert score["judgeVerdictReadable"] is False
    assert model_server.chat_requests == []


async def test_a_provider_that_is_down_leaves_the_answer_not_graded(
    owner: Api, model_server: ModelServer
) -> None:
    case_id = await new_case(owner, await judged_dataset(owner, model_server))
    model_server.reply_with(error_reply(503, "overloaded"), error_reply(503, "overloaded"))
    score = await score_answer(owner, case_id)
    assert score["outcome"] == "NOT_GRADED"
    assert score["results"][0]["skipped"] is False
    assert "the judge's run failed" in score["outcomeReason"]
    assert "HTTP 503 after 2 attempt(s)" in score["outcomeReason"]
    assert score["mayScoreAgain"] is True
    assert score["pins"]["model"] == JUDGE_MODEL
    assert len(model_server.chat_requests) == 2


async def test_an_unreadable_verdict_leaves_the_answer_not_graded(
    owner: Api, model_server: ModelServer
) -> None:
    case_id = await new_case(owner, await judged_dataset(owner, model_server))
    model_server.reply_with(text_reply("It looks polite enough to me."))
    score = await score_answer(owner, case_id)
    assert score["outcome"] == "NOT_GRADED"
    assert "the verdict could not be read: it is not JSON" in score["outcomeReason"]
    assert score["judgeVerdictReadable"] is False


async def test_a_spent_budget_stops_the_judge_before_it_is_called(
    owner: Api, model_server: ModelServer, sessionmaker
) -> None:
    case_id = await new_case(owner, await judged_dataset(owner, model_server))
    await owner(SET_BUDGET, {"h": "judge", "l": 0.0001})
    model_server.reply_with(text_reply(judge_reply(("polite", 2)), output_tokens=1_000))
    assert (await score_answer(owner, case_id))["outcome"] == "PASS"
    budgets = (await owner(SET_BUDGET, {"h": None, "l": 5}))["setModelBudget"]["budgets"]
    judge = next(b for b in budgets if b["helper"] == "judge")
    assert judge["spentThisMonthUsd"] > 0.0001
    spent = await score_answer(owner, case_id)
    assert spent["outcome"] == "NOT_GRADED"
    assert spent["results"][0]["skipped"] is True
    assert "the judge's model budget of $0.0001 for this month is spent" in spent["outcomeReason"]
    assert len(model_server.chat_requests) == 1
    async with sessionmaker() as session:
        calls = (await session.execute(select(ModelUsage.helper, ModelUsage.model))).all()
    assert calls == [("judge", JUDGE_MODEL)]


async def test_a_case_nothing_can_check_is_refused_and_the_judge_is_not_called(
    owner: Api, model_server: ModelServer, sessionmaker
) -> None:
    dataset_id = await create_dataset(owner)
    case_id = await new_case(owner, dataset_id)
    errors = await owner.errors(SCORE_ANSWER, {"i": {"caseId": case_id, "answer": ANSWER}})
    assert errors.codes == ["BAD_USER_INPUT"]
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == "caseId"
    assert model_server.chat_requests == []
    async with sessionmaker() as session:
        assert (await session.execute(select(func.count()).select_from(Score))).scalar_one() == 0


async def test_the_answer_copy_is_cut_at_8000_characters_and_credentials_are_redacted(
    owner: Api, model_server: ModelServer
) -> None:
    case_id = await new_case(owner, await judged_dataset(owner, model_server))
    model_server.reply_with(
        text_reply(judge_reply(("polite", 2), rule=f"It thanks and shows {KEY}"))
    )
    answer = f"Sorry, here is the key {KEY}. " + "x" * 9_000
    score = await score_answer(
        owner,
        case_id,
        answer,
        toolCalls=[{"name": "login", "args": {"token": KEY}, "blocked": True}],
    )
    assert KEY not in str(score)
    assert score["answer"].startswith("Sorry, here is the key [redacted:openai_key].")
    assert (len(score["answer"]), score["answerChars"], score["answerCut"]) == (
        8_000,
        len(answer),
        True,
    )
    assert score["toolCalls"] == [
        {"name": "login", "args": {"token": "[redacted:openai_key]"}, "blocked": True}
    ]
    assert "[redacted:openai_key]" in score["judgeGrades"][0]["rule"]
    # The judge read the answer as given.
    assert KEY in model_server.chat_requests[0].body["messages"][1]["content"]


async def test_a_judge_grading_on_the_answering_model_is_warned_about(
    owner: Api, model_server: ModelServer
) -> None:
    case_id = await new_case(owner, await judged_dataset(owner, model_server))
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    score = await score_answer(owner, case_id, answeringModel=f"openai/{JUDGE_MODEL}")
    assert score["warnings"] == [
        f"the judge graded on the model that answered (openai/{JUDGE_MODEL}); "
        "a judge may favour answers like its own"
    ]


async def test_scoring_needs_runs_view_and_datasets_run(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    case_id = await new_case(owner, await judged_dataset(owner, model_server))
    member = await member_as(Role.MEMBER)  # datasets:run on shared datasets, no runs:view
    refused = await member.errors(SCORE_ANSWER, {"i": {"caseId": case_id, "answer": ANSWER}})
    assert refused.codes == ["FORBIDDEN"]
    viewer = await member_as(Role.VIEWER)
    refused = await viewer.errors(SCORE_ANSWER, {"i": {"caseId": case_id, "answer": ANSWER}})
    assert refused.codes == ["FORBIDDEN"]
    operator = await member_as(Role.OPERATOR)
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    assert (await score_answer(operator, case_id))["outcome"] == "PASS"


async def test_a_model_that_takes_no_temperature_grades_without_one(
    owner: Api, model_server: ModelServer
) -> None:
    reasoning = await judged_dataset(owner, model_server, model="o3-mini")
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    assert (await score_answer(owner, await new_case(owner, reasoning)))["outcome"] == "PASS"
    assert "temperature" not in model_server.chat_requests[0].body
    # A model not known to refuse one is asked again without it when it does.
    dataset_id = await judged_dataset(owner, model_server, name="Other")
    model_server.reply_with(
        error_reply(400, "Unsupported value: 'temperature' does not support 0 with this model"),
        text_reply(judge_reply(("polite", 2))),
    )
    assert (await score_answer(owner, await new_case(owner, dataset_id)))["outcome"] == "PASS"
    refused, answered = model_server.chat_requests[1:]
    assert (refused.body["temperature"], "temperature" in answered.body) == (0, False)


async def test_an_anthropic_judge_grades_through_the_messages_api(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id = await create_dataset(owner)
    connection = await add_connection(
        owner,
        model_server,
        name="Claude",
        provider="ANTHROPIC",
        baseUrl=model_server.url,
        models=["claude-3-5-haiku-latest"],
    )
    judge = {
        "enabled": True,
        "connectionId": connection,
        "model": "claude-3-5-haiku-latest",
        "criteria": [{"id": "polite", "text": "Is the answer polite?"}],
    }
    await update_scoring(owner, dataset_id, {"judge": judge})
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    score = await score_answer(owner, await new_case(owner, dataset_id))
    assert score["outcome"] == "PASS"
    assert [r.path for r in model_server.chat_requests] == ["/v1/messages"]
