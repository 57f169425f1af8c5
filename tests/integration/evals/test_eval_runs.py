"""An eval run answers every case of a version with each agent and repetition, records each
answer in Activity (isolated, eval), grades it with the configuration it started with, and
reports its progress; estimate first, then start with the estimate's confirmation."""

from typing import Any

from sqlalchemy import func, select, text

from casebook.db.models import EvalItem, EvalRun, Run, Score
from tests.integration.datasets.helpers import UPDATE
from tests.integration.evals.helpers import (
    EVAL_RUNS,
    START,
    agent_at,
    answering_agent,
    dataset_with_cases,
    estimate,
    eval_run,
    questions,
    run_input,
    start,
)
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp


async def _count(sessionmaker: Any, query: Any) -> int:
    async with sessionmaker() as session:
        return int((await session.execute(query)).scalar_one())


async def test_every_case_is_answered_by_each_agent_and_repetition_then_graded(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any, sessionmaker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    endpoint.answer_with(answering_agent(wrong=frozenset({"question 1"})))
    first = await agent_at(owner, endpoint, name="First")
    second = await agent_at(owner, endpoint, name="Second")
    run = await start(owner, run_input(dataset_id, [first, second], repetitions=2))
    assert (run["status"], run["cases"], run["progress"]["total"]) == ("QUEUED", 3, 12)
    assert [a["agentName"] for a in run["agents"]] == ["First", "Second"]
    assert run["startedBy"] == "Olive Owner" and run["datasetVersion"] == 3
    await run_worker()
    done = await eval_run(owner, run["id"])
    progress = done["progress"]
    assert done["status"] == "FINISHED" and done["finishedAt"] is not None
    assert (progress["answered"], progress["scored"]) == (12, 12)
    assert (progress["passed"], progress["failed"], progress["notGraded"]) == (8, 4, 0)
    assert progress["etaSeconds"] is None
    assert questions(endpoint) == {f"question {i}": 4 for i in range(3)}
    # Each answer is a run in Activity, isolated and flagged eval; each score names the run.
    runs = await _count(sessionmaker, select(func.count()).where(Run.eval, Run.isolated))
    assert runs == 12
    async with sessionmaker() as session:
        scores = (await session.execute(select(Score).order_by(Score.id))).scalars().all()
    assert len(scores) == 12 and {s.eval_run_id for s in scores} == {int_id(run["id"])}
    assert all(s.source_run_id is not None and s.eval_item_id is not None for s in scores)
    assert sorted({(s.agent_name, s.repetition) for s in scores}) == [
        ("First", 1),
        ("First", 2),
        ("Second", 1),
        ("Second", 2),
    ]
    listed = (await owner(EVAL_RUNS, {"d": dataset_id}))["evalRuns"]
    assert listed["totalCount"] == 1 and listed["edges"][0]["node"]["id"] == run["id"]


def int_id(global_id: str) -> int:
    from casebook.graphql.ids import decode_id

    return decode_id(global_id, "EvalRun")


async def test_the_estimate_counts_answers_and_says_what_a_webhook_costs(
    owner: Api, endpoint: LoopbackHttp
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 4)
    agent = await agent_at(owner, endpoint)
    found = await estimate(owner, run_input(dataset_id, [agent], repetitions=3))
    assert (found["datasetVersion"], found["cases"], found["answers"]) == (4, 4, 12)
    assert found["anonymisedLeftOut"] == 0
    (agent_estimate,) = found["agents"]
    assert agent_estimate["costUsd"] is None
    assert agent_estimate["costText"] == "unknown until the webhook reports its cost"
    assert (found["judgeCostUsd"], found["judgeCostText"]) == (0.0, "free (no judge)")
    assert (
        found["totalCostText"]
        == "$0.00 plus what is unknown (unknown until the webhook reports its cost)"
    )
    assert endpoint.received == []  # estimating asks no agent


async def test_a_start_needs_the_estimate_of_exactly_that_run(
    owner: Api, endpoint: LoopbackHttp, sessionmaker: Any
) -> None:
    dataset_id, case_ids = await dataset_with_cases(owner, 2)
    agent = await agent_at(owner, endpoint)
    given = run_input(dataset_id, [agent])
    refused = await owner.errors(START, {"i": given, "c": "made-up"})
    assert refused.codes == ["BAD_USER_INPUT"]
    assert "confirmation" in refused.errors[0]["message"]
    assert "estimate it first" in refused.errors[0]["message"]
    confirmation = (await estimate(owner, given))["confirmation"]
    other = await owner.errors(START, {"i": {**given, "repetitions": 2}, "c": confirmation})
    assert other.codes == ["BAD_USER_INPUT"]
    # The dataset moved on since the estimate: the estimate is out of date.
    await owner(
        UPDATE,
        {
            "id": case_ids[0],
            "base": 2,
            "c": {
                "input": "question 0, rephrased",
                "referenceAnswer": "yes",
                "checks": [{"contains": {"value": "yes"}}],
            },
        },
    )
    stale = await owner.errors(START, {"i": given, "c": confirmation})
    assert stale.codes == ["CONFLICT"]
    assert (
        "version 3" in stale.errors[0]["message"]
        and "Estimate the run again" in stale.errors[0]["message"]
    )
    assert await _count(sessionmaker, select(func.count()).select_from(EvalRun)) == 0
    started = await start(owner, given)
    assert started["datasetVersion"] == 3


async def test_the_run_answers_the_revisions_it_pinned_when_it_started(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, case_ids = await dataset_with_cases(owner, 2)
    endpoint.answer_with(answering_agent())
    agent = await agent_at(owner, endpoint)
    run = await start(owner, run_input(dataset_id, [agent]))
    await owner(
        UPDATE,
        {
            "id": case_ids[0],
            "base": 2,
            "c": {
                "input": "an edited question",
                "referenceAnswer": "yes",
                "checks": [{"contains": {"value": "no"}}],
            },
        },
    )
    await run_worker()
    done = await eval_run(owner, run["id"])
    assert done["datasetVersion"] == 2
    assert questions(endpoint) == {"question 0": 1, "question 1": 1}
    # Graded by the pinned revision's check ("yes"), not the edited one ("no").
    assert done["progress"]["passed"] == 2


async def test_anonymised_cases_are_left_out_and_counted(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any, sessionmaker: Any
) -> None:
    dataset_id, case_ids = await dataset_with_cases(owner, 3)
    from casebook.graphql.ids import decode_id

    erased = decode_id(case_ids[1], "Case")
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text("UPDATE dataset_cases SET anonymised_at = now() WHERE id = :id"), {"id": erased}
        )
    endpoint.answer_with(answering_agent())
    agent = await agent_at(owner, endpoint)
    found = await estimate(owner, run_input(dataset_id, [agent]))
    assert (found["cases"], found["anonymisedLeftOut"], found["answers"]) == (2, 1, 2)
    run = await start(owner, run_input(dataset_id, [agent]))
    assert (run["cases"], run["anonymisedLeftOut"]) == (2, 1)
    await run_worker()
    assert questions(endpoint) == {"question 0": 1, "question 2": 1}


async def test_a_tag_filter_keeps_cases_carrying_any_of_the_tags(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    tags = {0: ["billing"], 1: ["refunds", "billing"], 2: ["shipping"], 3: []}
    dataset_id, _ = await dataset_with_cases(owner, 4, tags=tags)
    endpoint.answer_with(answering_agent())
    agent = await agent_at(owner, endpoint)
    run = await start(owner, run_input(dataset_id, [agent], tags=["refunds", "shipping"]))
    assert (run["cases"], run["tags"]) == (2, ["refunds", "shipping"])
    await run_worker()
    assert questions(endpoint) == {"question 1": 1, "question 2": 1}
    none = await owner.errors(
        START.replace("startEvalRun", "startEvalRun"),
        {"i": run_input(dataset_id, [agent], tags=["nothing-here"]), "c": "x"},
    )
    assert none.codes == ["BAD_USER_INPUT"] and "input.tags" in none.errors[0]["message"]


async def test_items_in_eval_items_are_unique_per_case_agent_repetition(
    owner: Api, endpoint: LoopbackHttp, sessionmaker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 2)
    agent = await agent_at(owner, endpoint)
    await start(owner, run_input(dataset_id, [agent], repetitions=3))
    async with sessionmaker() as session:
        keys = (
            await session.execute(
                select(
                    EvalItem.case_id, EvalItem.run_agent_id, EvalItem.repetition, EvalItem.purpose
                )
            )
        ).all()
    assert len(keys) == 6 == len(set(keys))


async def test_each_answer_is_a_conversation_holding_the_earlier_turns_question_and_reply(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any, sessionmaker: Any
) -> None:
    from casebook.db.models import Conversation, Message
    from tests.integration.datasets.helpers import add_case, create_dataset

    dataset_id = await create_dataset(owner)
    await add_case(
        owner,
        dataset_id,
        {
            "input": "And the refund?",
            "history": [
                {"role": "user", "content": "My order is late."},
                {"role": "assistant", "content": "Sorry to hear that."},
            ],
            "referenceAnswer": "yes",
            "checks": [{"contains": {"value": "yes"}}],
        },
    )
    endpoint.answer_with(answering_agent())
    agent = await agent_at(owner, endpoint)
    await start(owner, run_input(dataset_id, [agent]))
    await run_worker()
    (sent,) = endpoint.received
    assert [t["role"] for t in sent.json["history"]] == ["user", "agent"]
    assert sent.json["run"] == {"isolated": True, "eval": True}
    async with sessionmaker() as session:
        (conversation,) = (await session.execute(select(Conversation))).scalars().all()
        messages = (
            (await session.execute(select(Message).order_by(Message.position))).scalars().all()
        )
        (run,) = (await session.execute(select(Run))).scalars().all()
    assert conversation.message_count == 4 and conversation.visibility == "private"
    assert [(m.position, m.role, m.content) for m in messages] == [
        (1, "user", "My order is late."),
        (2, "agent", "Sorry to hear that."),
        (3, "user", "And the refund?"),
        (4, "agent", "The answer to And the refund? is yes"),
    ]
    assert (run.message_id, run.question_message_id) == (messages[3].id, messages[2].id)
    assert (run.eval, run.isolated, run.status) == (True, True, "succeeded")
