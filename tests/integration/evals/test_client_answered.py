"""A local agent's eval run is answered by its clients: they claim its work items under
leases and submit the answers; grading, storage, progress, confirmation and comparison
are the same as for an agent the server calls (DESIGN: "Agents that run elsewhere")."""

import asyncio
from typing import Any

from sqlalchemy import func, select

from casebook.db.models import EvalItem, Run, Score
from tests.integration.agents.helpers import LOOKUP_TOOL, REFUND_TOOL
from tests.integration.evals.helpers import (
    CANCEL,
    agent_at,
    answering_agent,
    dataset_with_cases,
    estimate,
    eval_run,
    questions,
    run_input,
)
from tests.integration.evals.local_helpers import (
    RELEASE,
    RENEW,
    SUBMIT,
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
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp


async def _count(sessionmaker: Any, query: Any) -> int:
    async with sessionmaker() as session:
        return int((await session.execute(query)).scalar_one())


async def test_its_clients_answer_every_item_and_each_answer_is_graded_and_stored(
    owner: Api, sessionmaker: Any, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3, tags={0: ["billing"]})
    agent = await local_agent(owner, tools=[LOOKUP_TOOL])
    run = await start_local(owner, dataset_id, [agent], repetitions=2, versionLabel="abc123")
    assert run["status"] == "QUEUED" and run["progress"]["total"] == 6
    # Handed out at once: nothing waits for a worker to pick the run up.
    first = await claim(owner, run["id"], 4)
    assert len(first["items"]) == 4 and first["status"] == "RUNNING"
    item = first["items"][0]
    assert item["input"] == "question 0" and item["tags"] == ["billing"]
    assert (item["purpose"], item["repetition"], item["history"]) == ("ANSWER", 1, [])
    assert item["versionLabel"] == "abc123" and item["agentVersion"] == 1
    assert item["tools"] == [{"name": "lookup_order", "readOnly": True}]
    assert {i["leaseToken"] for i in first["items"]} == {first["leaseToken"]}
    answers = answers_to(first["items"], yes_unless("question 1"))
    answers[0]["toolCalls"] = [{"name": "lookup_order", "arguments": {"order_id": "A1"}}]
    answers[0].update(costUsd=0.002, latencyMs=120.0, model="local-llm")
    done = await submit(owner, run["id"], answers)
    assert sorted(done["accepted"]) == sorted(i["id"] for i in first["items"])
    assert done["refused"] == [] and done["progress"]["scored"] == 4
    rest = await answer_all(owner, run["id"], yes_unless("question 1"))
    assert len(rest) == 2
    # The last answer settled the run: finished, without waiting for a worker.
    finished = await run_agents(owner, run["id"])
    assert finished["status"] == "FINISHED"
    progress = finished["progress"]
    assert (progress["answered"], progress["scored"]) == (6, 6)
    assert (progress["passed"], progress["failed"], progress["notGraded"]) == (4, 2, 0)
    assert progress["costUsd"] == 0.002
    [pinned] = finished["agents"]
    assert (pinned["kind"], pinned["versionLabel"], pinned["agentVersion"]) == (
        "LOCAL",
        "abc123",
        1,
    )
    runs = await _count(sessionmaker, select(func.count()).where(Run.eval, Run.isolated))
    assert runs == 6
    async with sessionmaker() as session:
        scores = (await session.execute(select(Score))).scalars().all()
    assert len(scores) == 6 and all(s.source_run_id is not None for s in scores)
    assert sum(1 for s in scores if s.tool_calls) == 1
    # The run's worker, when it comes, finds nothing left to do.
    await run_worker()
    assert (await eval_run(owner, run["id"]))["status"] == "FINISHED"


async def test_a_label_not_seen_before_is_a_new_version_and_one_seen_is_the_same(
    owner: Api,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    agent = await local_agent(owner)
    given = run_input(dataset_id, [agent], versionLabel="main@1")
    estimated = (await estimate(owner, given))["agents"][0]
    # Nothing has answered with the version the agent was registered with: the first
    # label names it.
    assert (estimated["agentVersion"], estimated["newVersion"], estimated["costText"]) == (
        1,
        False,
        "unknown until your code reports its cost",
    )
    one = await start_local(owner, dataset_id, [agent], versionLabel="main@1")
    again = await start_local(owner, dataset_id, [agent], versionLabel="main@1")
    other = await start_local(owner, dataset_id, [agent], versionLabel="feature@2")
    unlabelled = await start_local(owner, dataset_id, [agent])
    versions = [r["agents"][0]["agentVersion"] for r in (one, again, other, unlabelled)]
    assert versions == [1, 1, 2, 2]
    listed = await owner(
        "query($id: ID!) { agent(id: $id) { latestVersion versions { number label } } }",
        {"id": agent},
    )
    assert listed["agent"]["versions"] == [
        {"number": 2, "label": "feature@2"},
        {"number": 1, "label": "main@1"},
    ]


async def test_two_runs_starting_with_one_new_label_record_one_version(owner: Api) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    agent = await local_agent(owner)
    given = run_input(dataset_id, [agent], versionLabel="ci-42")
    first, second = [(await estimate(owner, given))["confirmation"] for _ in range(2)]
    from tests.integration.evals.helpers import START

    started = await asyncio.gather(
        owner(START, {"i": given, "c": first}), owner(START, {"i": given, "c": second})
    )
    assert {s["startEvalRun"]["agents"][0]["agentVersion"] for s in started} == {1}


async def test_a_version_label_needs_a_local_agent(owner: Api, endpoint: LoopbackHttp) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    webhook = await agent_at(owner, endpoint)
    refused = await owner.errors(
        "mutation($i: EvalRunInput!) { estimateEvalRun(input: $i) { answers } }",
        {"i": run_input(dataset_id, [webhook], versionLabel="abc")},
    )
    assert refused.codes == ["BAD_USER_INPUT"]
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "input.versionLabel"
    for label in ("", "  ", "a\nb", "x" * 201, "nul\x00"):
        bad = await owner.errors(
            "mutation($i: EvalRunInput!) { estimateEvalRun(input: $i) { answers } }",
            {"i": run_input(dataset_id, [webhook], versionLabel=label)},
        )
        assert bad.errors[0]["extensions"]["fields"][0]["path"] == "input.versionLabel", label


async def test_a_run_of_agents_the_server_calls_hands_nothing_to_clients(
    owner: Api, endpoint: LoopbackHttp
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    webhook = await agent_at(owner, endpoint)
    run = await start_local(owner, dataset_id, [webhook])
    refused = await owner.errors(
        "mutation($r: ID!) { claimEvalWork(runId: $r) { status } }", {"r": run["id"]}
    )
    assert refused.codes == ["BAD_USER_INPUT"]
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "runId"


async def test_a_worker_answers_the_webhook_agent_and_clients_the_local_one_side_by_side(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 2)
    endpoint.answer_with(answering_agent())
    webhook = await agent_at(owner, endpoint, name="Webhook")
    local = await local_agent(owner, name="Local")
    run = await start_local(owner, dataset_id, [webhook, local], versionLabel="v1")
    answered = await answer_all(owner, run["id"], said("no"))
    assert {i["agentName"] for i in answered} == {"Local"} and len(answered) == 2
    await run_worker()
    done = await run_agents(owner, run["id"])
    assert done["status"] == "FINISHED"
    assert (done["progress"]["passed"], done["progress"]["failed"]) == (2, 2)
    assert questions(endpoint) == {"question 0": 1, "question 1": 1}


async def test_two_claims_at_once_never_hold_the_same_item_and_the_bound_counts_both(
    owner: Api,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 10)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent], concurrency=6)
    claims = await asyncio.gather(*(claim(owner, run["id"], 4) for _ in range(4)))
    ids = [item["id"] for c in claims for item in c["items"]]
    assert len(ids) == len(set(ids)) == 6  # the run's concurrency, over every claim
    more = await claim(owner, run["id"], 4)
    assert more["items"] == []
    # Answering frees the room for the next claim.
    holder = next(c for c in claims if c["items"])
    await submit(owner, run["id"], answers_to(holder["items"], said("yes")))
    after = await claim(owner, run["id"], 10)
    assert len(after["items"]) == len(holder["items"])
    assert not {i["id"] for i in after["items"]} & set(ids)


async def test_an_answer_after_its_lease_passed_to_another_claim_is_refused_and_changes_nothing(
    owner: Api, sessionmaker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent])
    late = await claim(owner, run["id"], 1, lease=1.0)
    await asyncio.sleep(1.2)
    taken = await claim(owner, run["id"], 1)
    assert [i["id"] for i in taken["items"]] == [i["id"] for i in late["items"]]
    refused = await submit(owner, run["id"], answers_to(late["items"], said("yes")))
    assert refused["accepted"] == []
    assert refused["refused"] == [
        {
            "itemId": late["items"][0]["id"],
            "reason": "its lease ran out and passed to another claim; that claim answers it",
        }
    ]
    assert refused["progress"]["answered"] == 0
    assert await _count(sessionmaker, select(func.count()).select_from(Run)) == 0
    stored = await submit(owner, run["id"], answers_to(taken["items"], said("yes")))
    assert stored["accepted"] == [taken["items"][0]["id"]]
    # Sent again (its reply lost on the way): stored once.
    again = await submit(owner, run["id"], answers_to(taken["items"], said("yes")))
    assert again["accepted"] == [taken["items"][0]["id"]]
    assert await _count(sessionmaker, select(func.count()).select_from(Score)) == 1
    # A stored answer is never handed out again: the run has ended.
    assert (await eval_run(owner, run["id"]))["status"] == "FINISHED"
    ended = await owner.errors(
        "mutation($r: ID!) { claimEvalWork(runId: $r) { status } }", {"r": run["id"]}
    )
    assert ended.errors[0]["message"] == (
        "this eval run has ended (FINISHED); it hands out no more work"
    )


async def test_a_dead_clients_items_go_to_the_next_claim_when_its_lease_runs_out(
    owner: Api,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent], concurrency=3)
    await claim(owner, run["id"], 3, lease=1.0)  # then the client dies
    assert (await claim(owner, run["id"], 3))["items"] == []
    waited = await claim(owner, run["id"], 3, wait=5.0)
    assert len(waited["items"]) == 3


async def test_renewing_keeps_a_lease_and_releasing_gives_the_items_back(owner: Api) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 2)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent])
    held = await claim(owner, run["id"], 1, lease=1.0)
    for _ in range(3):
        await asyncio.sleep(0.5)
        renewed = await owner(RENEW, {"r": run["id"], "t": [held["leaseToken"]], "s": 1.0})
        assert renewed["renewEvalWork"]["leaseExpiresAt"] is not None
    other = await claim(owner, run["id"], 2)
    assert [i["id"] for i in other["items"]] != [i["id"] for i in held["items"]]
    assert len(other["items"]) == 1
    released = await owner(RELEASE, {"r": run["id"], "t": [held["leaseToken"]]})
    assert released["releaseEvalWork"]["released"] == 1
    again = await claim(owner, run["id"], 2)
    assert [i["id"] for i in again["items"]] == [i["id"] for i in held["items"]]
    stale = await owner(RENEW, {"r": run["id"], "t": [held["leaseToken"]]})
    assert stale["renewEvalWork"]["leaseExpiresAt"] is None


async def test_a_cancelled_run_refuses_claims_and_keeps_the_answers_in_flight(
    owner: Api,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent])
    in_flight = await claim(owner, run["id"], 1)
    await owner(CANCEL, {"id": run["id"]})
    refused = await owner.errors(
        "mutation($r: ID!) { claimEvalWork(runId: $r) { status } }", {"r": run["id"]}
    )
    assert refused.codes == ["CONFLICT"]
    assert "has ended (CANCELLED: cancelled by Olive Owner)" in refused.errors[0]["message"]
    kept = await submit(owner, run["id"], answers_to(in_flight["items"], said("yes")))
    assert len(kept["accepted"]) == 1
    assert (kept["progress"]["status"], kept["progress"]["answered"]) == ("CANCELLED", 1)


async def test_a_malformed_batch_is_refused_whole_naming_each_field(
    owner: Api, sessionmaker: Any
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 2)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent])
    claimed = await claim(owner, run["id"], 2)
    answers = answers_to(claimed["items"], said("yes"))
    answers[1].update(costUsd=1e308, toolCalls=[{"name": "x", "arguments": [1]}])
    refused = await owner.errors(SUBMIT, {"r": run["id"], "a": answers})
    paths = [f["path"] for f in refused.errors[0]["extensions"]["fields"]]
    assert paths == ["answers.1.toolCalls.0.arguments", "answers.1.costUsd"]
    empty = await owner.errors(
        SUBMIT, {"r": run["id"], "a": [{"itemId": claimed["items"][0]["id"], "leaseToken": "t"}]}
    )
    assert empty.errors[0]["extensions"]["fields"][0]["path"] == "answers.0"
    async with sessionmaker() as session:
        statuses = (await session.execute(select(EvalItem.status))).scalars().all()
    assert sorted(statuses) == ["answering", "answering"]


async def test_an_error_or_a_refused_call_is_that_items_answer_not_graded(owner: Api) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 3)
    agent = await local_agent(owner, tools=[REFUND_TOOL, LOOKUP_TOOL])
    run = await start_local(owner, dataset_id, [agent])
    items = (await claim(owner, run["id"], 3))["items"]
    first, second, third = answers_to(items, said("The answer is yes"))
    first = {**first, "answer": None, "error": "TimeoutError: the model took too long"}
    second["toolCalls"] = [{"name": "refund_order", "arguments": {"order_id": "A1"}}]
    third["toolCalls"] = [
        {"name": "refund_order", "arguments": {"order_id": "A1"}, "status": "BLOCKED"}
    ]
    done = await submit(owner, run["id"], [first, second, third])
    assert len(done["accepted"]) == 3
    results = await owner(
        """query($id: ID!) { evalRun(id: $id) { results { edges { node { outcome
             scores { outcome outcomeReason } } } } } }""",
        {"id": run["id"]},
    )
    nodes = [e["node"] for e in results["evalRun"]["results"]["edges"]]
    reasons = [n["scores"][0]["outcomeReason"] for n in nodes]
    assert [n["outcome"] for n in nodes] == ["NOT_GRADED", "NOT_GRADED", "PASS"]
    assert reasons[0] == (
        "not graded: the agent did not answer (TimeoutError: the model took too long)"
    )
    assert "refund_order is not declared read-only and this run is isolated" in reasons[1]


CREATE_KEY = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }"""
CI_SCOPES = ["runs:view", "datasets:view", "datasets:run", "agents:view", "agents:run"]


async def test_a_key_claims_and_submits_with_what_starting_needs_and_a_read_only_key_cannot(
    owner: Api,
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 2)
    agent = await local_agent(owner)
    ci = (await owner(CREATE_KEY, {"i": {"name": "ci", "scopes": CI_SCOPES}}))["createApiKey"]
    keyed = owner.with_key(ci["secret"])
    run = await start_local(keyed, dataset_id, [agent], versionLabel="ci-1")
    readonly_scopes = ["runs:view", "datasets:view", "agents:view"]
    readonly = owner.with_key(
        (await owner(CREATE_KEY, {"i": {"name": "ro", "scopes": readonly_scopes}}))["createApiKey"][
            "secret"
        ]
    )
    refused = await readonly.errors(
        "mutation($r: ID!) { claimEvalWork(runId: $r) { status } }", {"r": run["id"]}
    )
    assert refused.codes == ["FORBIDDEN"]
    items = (await claim(keyed, run["id"], 2))["items"]
    answers = answers_to(items, said("yes"))
    refused = await readonly.errors(SUBMIT, {"r": run["id"], "a": answers})
    assert refused.codes == ["FORBIDDEN"]
    without_agents = owner.with_key(
        (await owner(CREATE_KEY, {"i": {"name": "no agents", "scopes": CI_SCOPES[:3]}}))[
            "createApiKey"
        ]["secret"]
    )
    assert (await without_agents.errors(SUBMIT, {"r": run["id"], "a": answers})).codes == [
        "NOT_FOUND"
    ]
    assert len((await submit(keyed, run["id"], answers))["accepted"]) == 2


async def test_nobody_chats_with_a_local_agent_casebook_cannot_call(owner: Api) -> None:
    agent = await local_agent(owner)
    refused = await owner.errors(
        "mutation($i: SendMessageInput!) { sendMessage(input: $i) { createdConversation } }",
        {"i": {"agentId": agent, "content": "Hello?"}},
    )
    assert refused.codes == ["BAD_USER_INPUT"]
    assert "a local agent is answered by its own code" in refused.errors[0]["message"]


async def test_a_claim_of_named_cases_and_what_the_answers_scored(owner: Api) -> None:
    dataset_id, case_ids = await dataset_with_cases(owner, 3)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent], repetitions=2)
    one = await owner(
        """mutation($r: ID!, $c: [ID!]) { claimEvalWork(runId: $r, max: 8, caseIds: $c) {
             items { id leaseToken input caseId repetition } } }""",
        {"r": run["id"], "c": [case_ids[1]]},
    )
    items = one["claimEvalWork"]["items"]
    assert {(i["caseId"], i["repetition"]) for i in items} == {(case_ids[1], 1), (case_ids[1], 2)}
    answers = answers_to(items, yes_unless())
    answers[1]["answer"] = "no"
    scored = await owner(
        """mutation($r: ID!, $a: [EvalAnswerInput!]!) { submitEvalAnswers(runId: $r,
             answers: $a) { scores { itemId score { outcome } } } }""",
        {"r": run["id"], "a": answers},
    )
    outcomes = {s["itemId"]: s["score"]["outcome"] for s in scored["submitEvalAnswers"]["scores"]}
    assert outcomes == {items[0]["id"]: "PASS", items[1]["id"]: "FAIL"}
    later = await owner(
        """query($id: ID!, $i: [ID!]!) { evalRun(id: $id) { workScores(itemIds: $i) {
             itemId score { outcome } } } }""",
        {"id": run["id"], "i": [items[1]["id"], items[0]["id"]]},
    )
    assert [s["score"]["outcome"] for s in later["evalRun"]["workScores"]] == ["FAIL", "PASS"]


async def test_clients_claiming_and_submitting_at_once_with_a_cancel_meet_no_deadlock(
    owner: Api,
) -> None:
    """Claims, submissions, a start and a cancel all at once: each answers as it should
    (a claim of the ended run CONFLICT, nothing INTERNAL), whatever order they lock in."""
    dataset_id, _ = await dataset_with_cases(owner, 30)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent], repetitions=2, concurrency=16)
    codes: list[str] = []

    async def client() -> None:
        for _ in range(12):
            body = await owner.raw(
                "mutation($r: ID!) { claimEvalWork(runId: $r, max: 4) { items { id leaseToken } } }",
                {"r": run["id"]},
            )
            if body.get("errors"):
                codes.extend(e["extensions"]["code"] for e in body["errors"])
                return
            items = body["data"]["claimEvalWork"]["items"]
            if items:
                sent = await owner.raw(
                    SUBMIT, {"r": run["id"], "a": answers_to(items, said("yes"))}
                )
                codes.extend(e["extensions"]["code"] for e in sent.get("errors") or [])

    async def cancel_soon() -> None:
        await asyncio.sleep(0.3)
        await owner(CANCEL, {"id": run["id"]})

    await asyncio.gather(*(client() for _ in range(6)), cancel_soon())
    assert set(codes) <= {"CONFLICT"}, codes
    assert (await eval_run(owner, run["id"]))["status"] == "CANCELLED"


async def test_a_client_claims_under_its_own_token_and_gives_all_back_with_it(owner: Api) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 4)
    agent = await local_agent(owner)
    run = await start_local(owner, dataset_id, [agent])
    mine = "a-random-token-of-this-client-0123"
    claim_mine = """mutation($r: ID!, $t: String) { claimEvalWork(runId: $r, max: 2, leaseToken: $t)
      { leaseToken items { id leaseToken } } }"""
    first = (await owner(claim_mine, {"r": run["id"], "t": mine}))["claimEvalWork"]
    second = (await owner(claim_mine, {"r": run["id"], "t": mine}))["claimEvalWork"]
    assert first["leaseToken"] == second["leaseToken"] == mine
    assert {i["leaseToken"] for i in first["items"] + second["items"]} == {mine}
    released = await owner(RELEASE, {"r": run["id"], "t": [mine]})
    assert released["releaseEvalWork"]["released"] == 4
    for bad in ("short", "has:colon-and-is-long-enough-0123", "x" * 65):
        refused = await owner.errors(claim_mine, {"r": run["id"], "t": bad})
        assert refused.errors[0]["extensions"]["fields"][0]["path"] == "leaseToken", bad


async def test_a_label_after_an_unlabelled_run_is_the_next_version(owner: Api) -> None:
    """The version a run answered with unnamed keeps its answers' meaning: a label given
    afterwards is a version of its own."""
    dataset_id, _ = await dataset_with_cases(owner, 1)
    agent = await local_agent(owner)
    unlabelled = await start_local(owner, dataset_id, [agent])
    labelled = await start_local(owner, dataset_id, [agent], versionLabel="main@1")
    versions = [
        (a["agentVersion"], a["versionLabel"])
        for r in (unlabelled, labelled)
        for a in (await run_agents(owner, r["id"]))["agents"]
    ]
    assert versions == [(1, None), (2, "main@1")]
