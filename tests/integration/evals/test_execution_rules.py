"""How a run executes: at most its concurrency in flight, a budget that stops it cleanly, a
cancel, progress published in order with the run's sequence, and an answer stored but not
scored scored again without asking the agent again."""

import asyncio
import gc
from typing import Any

import orjson
import pytest
from sqlalchemy import func, select

from casebook.db.models import EvalItem
from casebook.graphql.ids import decode_id
from casebook.services.evals import execution, resume
from casebook.services.kernel.pubsub import database_of, on_the_wire
from tests.integration.evals.helpers import (
    CANCEL,
    InFlightCounter,
    agent_at,
    answering_agent,
    dataset_with_cases,
    eval_run,
    questions,
    run_input,
    start,
)
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp


async def test_no_more_answers_are_in_flight_than_the_run_allows(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 12)
    counter = InFlightCounter(answering_agent(), hold_s=0.3)
    endpoint.answer_with(counter)
    agent = await agent_at(owner, endpoint)
    run = await start(owner, run_input(dataset_id, [agent], concurrency=3))
    await run_worker()
    assert (await eval_run(owner, run["id"]))["progress"]["scored"] == 12
    assert counter.peak == 3  # never more, and the bound is used


async def test_a_spent_budget_stops_the_run_cleanly_with_the_reason(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any, sessionmaker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 10)
    endpoint.answer_with(answering_agent(cost_usd=0.01))
    agent = await agent_at(owner, endpoint)
    run = await start(owner, run_input(dataset_id, [agent], concurrency=1, budgetUsd=0.025))
    await run_worker()
    done = await eval_run(owner, run["id"])
    assert done["status"] == "FAILED"
    assert "budget of $0.03" in done["statusReason"] or "budget of $0.02" in done["statusReason"]
    assert "budget" in done["progress"]["statusReason"]
    answered = done["progress"]["answered"]
    assert 3 <= answered < 10 and done["progress"]["scored"] == answered
    assert len(endpoint.received) == answered  # nothing asked past the stop
    async with sessionmaker() as session:
        left = (
            await session.execute(select(EvalItem.status, func.count()).group_by(EvalItem.status))
        ).all()
    assert dict(left) == {"scored": answered, "dropped": 10 - answered}


async def test_a_cancelled_run_asks_nothing_more(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    endpoint.answer_with(answering_agent())
    agent = await agent_at(owner, endpoint)
    run = await start(owner, run_input(dataset_id, [agent]))
    cancelled = (await owner(CANCEL, {"id": run["id"]}))["cancelEvalRun"]
    assert cancelled["status"] == "CANCELLED"
    assert cancelled["statusReason"] == "cancelled by Olive Owner"
    await run_worker()
    assert endpoint.received == []
    again = await owner.errors(CANCEL, {"id": run["id"]})
    assert again.codes == ["CONFLICT"]


def _wire(app: Any, channel: str) -> str:
    return on_the_wire(database_of(app.state.casebook.redis), channel)


async def _listen(app: Any, *logical: str) -> tuple[Any, list[tuple[str, dict[str, Any]]]]:
    """A raw subscriber of the channels named as the code names them; what it hears is
    recorded under those names."""
    redis = app.state.casebook.redis
    pubsub = redis.pubsub()
    await pubsub.subscribe(*(_wire(app, channel) for channel in logical))
    heard: list[tuple[str, dict[str, Any]]] = []

    async def collect() -> None:
        async for message in pubsub.listen():
            if message["type"] == "message":
                channel = message["channel"]
                name = channel.decode() if isinstance(channel, bytes) else channel
                heard.append((name.split(":", 1)[1], orjson.loads(message["data"])))

    return (pubsub, asyncio.create_task(collect())), heard


async def test_progress_goes_out_in_order_with_the_runs_sequence(
    app: Any, owner: Api, endpoint: LoopbackHttp, run_worker: Any, org: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 6)
    endpoint.answer_with(answering_agent(wrong=frozenset({"question 2"})))
    agent = await agent_at(owner, endpoint)
    (pubsub, task), heard = await _listen(app, f"org-eval-runs:{org.id}")
    run = await start(owner, run_input(dataset_id, [agent], concurrency=2))
    run_id = decode_id(run["id"], "EvalRun")
    await pubsub.subscribe(_wire(app, f"eval-run:{run_id}"))
    await run_worker()
    await asyncio.sleep(0.2)
    task.cancel()
    await pubsub.aclose()
    progress = [body for channel, body in heard if channel == f"eval-run:{run_id}"]
    sequences = [p["sequence"] for p in progress]
    assert sequences == list(range(sequences[0], sequences[0] + len(sequences)))
    assert [p["scored"] for p in progress] == sorted(p["scored"] for p in progress)
    last = progress[-1]
    assert last["status"] == "finished" and (last["passed"], last["failed"]) == (5, 1)
    assert set(last) == {
        "run_id",
        "organization_id",
        "status",
        "status_reason",
        "total",
        "answered",
        "scored",
        "passed",
        "failed",
        "not_graded",
        "cost_usd",
        "eta_seconds",
        "sequence",
    }
    assert last["organization_id"] == org.id and last["run_id"] == run_id
    assert (await eval_run(owner, run["id"]))["progress"]["sequence"] == last["sequence"]
    events = [body for channel, body in heard if channel.startswith("org-eval-runs:")]
    assert events == [{"kind": "started", "run_id": run_id}, {"kind": "finished", "run_id": run_id}]


async def test_an_answer_stored_but_not_scored_is_scored_again_never_asked_again(
    owner: Api,
    endpoint: LoopbackHttp,
    run_worker: Any,
    app: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    endpoint.answer_with(answering_agent())
    agent = await agent_at(owner, endpoint)
    run = await start(owner, run_input(dataset_id, [agent], concurrency=1))
    grade = execution.grade_answer
    calls = {"n": 0}

    async def crash_once(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("the worker stopped between storing and scoring")
        return await grade(*args, **kwargs)

    monkeypatch.setattr(execution, "grade_answer", crash_once)
    # Graded as if by the judge: the answer is stored first, then graded, then its score.
    monkeypatch.setattr(execution, "graded_offline", lambda config, case: False)
    await run_worker()  # the job fails after the second answer was stored
    stopped = await eval_run(owner, run["id"])
    assert stopped["status"] == "RUNNING"
    answered, scored = stopped["progress"]["answered"], stopped["progress"]["scored"]
    assert answered >= 2 and scored < answered  # answers stored, not all scored
    state = app.state.casebook
    assert await resume.resume_stalled_runs(state.sessionmaker, state.redis) == [
        decode_id(run["id"], "EvalRun")
    ]
    await run_worker()
    done = await eval_run(owner, run["id"])
    assert done["status"] == "FINISHED" and done["progress"]["scored"] == 3
    assert questions(endpoint) == {"question 0": 1, "question 1": 1, "question 2": 1}


async def test_answers_that_fail_to_be_stored_together_leave_no_exception_unretrieved(
    owner: Api,
    endpoint: LoopbackHttp,
    run_worker: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 4)
    endpoint.answer_with(InFlightCounter(answering_agent(), hold_s=0.2))
    agent = await agent_at(owner, endpoint)
    await start(owner, run_input(dataset_id, [agent], concurrency=4))
    stored: list[int] = []

    async def store_fails(session: Any, actor: Any, holder: Any, answers: Any) -> Any:
        stored.append(len(answers))
        await asyncio.sleep(0.1)  # the other replies arrive meanwhile: they fail together
        raise RuntimeError("PostgreSQL refused the batch")

    monkeypatch.setattr(execution, "store_answers", store_fails)
    loop = asyncio.get_running_loop()
    reported: list[str] = []
    previous = loop.get_exception_handler()
    loop.set_exception_handler(lambda _, context: reported.append(context["message"]))
    try:
        await run_worker()  # the job fails: its answers could not be stored
        gc.collect()  # a task's unretrieved exception is reported when it is collected
        await asyncio.sleep(0)
    finally:
        loop.set_exception_handler(previous)
    assert sum(stored) == 4 and max(stored) > 1  # answers failed together, in one batch
    assert [m for m in reported if "never retrieved" in m] == []
