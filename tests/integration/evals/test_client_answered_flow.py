"""A local agent's run goes the whole way a run of a called agent goes: answers a model
grades are scored by the run's worker, and flipped cases against a baseline are rerun by
the clients that keep asking, then compared and confirmed."""

import asyncio
from typing import Any

from casebook.services.evals.resume import resume_stalled_runs
from tests.integration.datasets.helpers import add_case
from tests.integration.evals.helpers import dataset_with_cases
from tests.integration.evals.local_helpers import (
    answer_all,
    answers_to,
    claim,
    local_agent,
    run_agents,
    said,
    start_local,
    submit,
    yes_unless,
)
from tests.integration.grading.helpers import judge_reply, judged_dataset
from tests.support.fixtures import model_server, model_server_session  # noqa: F401
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer, text_reply


async def test_answers_the_judge_grades_are_scored_by_the_runs_worker(
    owner: Api,
    run_worker: Any,
    model_server: ModelServer,  # noqa: F811
) -> None:
    judged = await judged_dataset(owner, model_server, name="Judged")
    for index in range(2):
        await add_case(owner, judged, {"input": f"question {index}", "referenceAnswer": "yes"})
    model_server.reply_with(*[text_reply(judge_reply(("polite", 2)))] * 2)
    agent = await local_agent(owner)
    run = await start_local(owner, judged, [agent], versionLabel="v1")
    items = (await claim(owner, run["id"], 2))["items"]
    stored = await submit(owner, run["id"], answers_to(items, said("Sorry, yes.")))
    # Stored, not yet graded: a model grades them, and the run's worker calls it.
    assert (stored["progress"]["answered"], stored["progress"]["scored"]) == (2, 0)
    assert stored["progress"]["status"] == "RUNNING"
    await run_worker()
    done = await run_agents(owner, run["id"])
    assert done["status"] == "FINISHED"
    assert (done["progress"]["scored"], done["progress"]["passed"]) == (2, 2)


async def test_flips_against_a_baseline_are_rerun_by_the_client_and_confirmed(
    owner: Api,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    agent = await local_agent(owner)
    before = await start_local(owner, dataset_id, [agent], versionLabel="main@1")
    await answer_all(owner, before["id"], yes_unless("question 2"))
    assert (await run_agents(owner, before["id"]))["status"] == "FINISHED"

    after = await start_local(
        owner, dataset_id, [agent], versionLabel="feature@2", baselineRunId=before["id"]
    )
    answered = await claim(owner, after["id"], 8)
    stored = await submit(
        owner, after["id"], answers_to(answered["items"], yes_unless("question 1"))
    )
    # Every answer graded: question 1 regressed, question 2 improved; both are rerun.
    assert stored["progress"]["status"] == "CONFIRMING"
    reruns = await claim(owner, after["id"], 8, wait=5.0)
    assert sorted(i["input"] for i in reruns["items"]) == ["question 1", "question 2"]
    assert {i["purpose"] for i in reruns["items"]} == {"CONFIRM"}
    await submit(owner, after["id"], answers_to(reruns["items"], yes_unless("question 1")))
    done = await run_agents(owner, after["id"])
    assert done["status"] == "FINISHED"
    # The reruns are not counted as answers of the run.
    assert (done["progress"]["total"], done["progress"]["answered"]) == (3, 3)
    comparison = done["comparison"]
    assert comparison["comparedCases"] == 3 and comparison["confirmedRegressions"] == 1
    assert [r["confirmed"] for r in comparison["regressions"]] == [True]
    assert [r["confirmed"] for r in comparison["improvements"]] == [True]
    versions = [
        (r["agents"][0]["agentVersion"], r["agents"][0]["versionLabel"])
        for r in (await run_agents(owner, before["id"]), done)
    ]
    assert versions == [(1, "main@1"), (2, "feature@2")]


CLIENT_WORK = """query($id: ID!) { evalRun(id: $id) { status statusReason
  clientWork { waiting held lastSeenAt } } }"""


async def test_a_run_shows_the_work_waiting_for_its_clients(owner: Api) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent])
    before = (await owner(CLIENT_WORK, {"id": run["id"]}))["evalRun"]["clientWork"]
    assert before == {"waiting": 3, "held": 0, "lastSeenAt": None}
    await claim(owner, run["id"], 2)
    after = (await owner(CLIENT_WORK, {"id": run["id"]}))["evalRun"]["clientWork"]
    assert (after["waiting"], after["held"]) == (1, 2) and after["lastSeenAt"] is not None


async def test_a_run_left_to_its_clients_holds_no_worker_and_wakes_one_for_the_judge(
    owner: Api,
    run_worker: Any,
    app: Any,
    model_server: ModelServer,  # noqa: F811
) -> None:
    state = app.state.casebook
    judged = await judged_dataset(owner, model_server, name="Judged later")
    await add_case(owner, judged, {"input": "question 0", "referenceAnswer": "yes"})
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    agent = await local_agent(owner)
    run = await start_local(owner, judged, [agent])
    # Nothing for a worker yet: the run's job ends instead of holding a slot...
    await run_worker()
    assert (await run_agents(owner, run["id"]))["status"] == "RUNNING"
    # ...the reaper does not hand it another while only its clients have work...
    assert await resume_stalled_runs(state.sessionmaker, state.redis) == []
    # ...and an answer the judge grades hands it one.
    items = (await claim(owner, run["id"], 1))["items"]
    await submit(owner, run["id"], answers_to(items, said("Sorry, yes.")))
    await run_worker()
    done = await run_agents(owner, run["id"])
    assert (done["status"], done["progress"]["passed"]) == ("FINISHED", 1)


async def test_a_run_no_client_works_on_fails_as_abandoned_keeping_its_answers(
    owner: Api, run_worker: Any, app: Any
) -> None:
    state = app.state.casebook
    dataset_id, _ = await dataset_with_cases(owner, 2)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent])
    items = (await claim(owner, run["id"], 1))["items"]
    await submit(owner, run["id"], answers_to(items, said("yes")))
    await run_worker()
    assert await resume_stalled_runs(state.sessionmaker, state.redis, idle_seconds=60.0) == []
    assert (await owner(CLIENT_WORK, {"id": run["id"]}))["evalRun"]["status"] == "RUNNING"
    await asyncio.sleep(1.1)
    await resume_stalled_runs(state.sessionmaker, state.redis, idle_seconds=1.0)
    done = (await owner(CLIENT_WORK, {"id": run["id"]}))["evalRun"]
    assert done["status"] == "FAILED"
    assert done["statusReason"].startswith(
        "stopped: no client claimed or answered this run's work for 1 second (answers given so far are kept)"
    )
    progress = await run_agents(owner, run["id"])
    assert progress["progress"]["answered"] == 1
