"""Score against a case through GraphQL: the datasets asking the run's own question first, the
closest cases by shared words, the judge named, every scorer grading, and who may."""

from typing import Any

from casebook.domain.access.catalog import Role
from casebook.graphql.ids import encode_id
from tests.integration.activity.helpers import conversation, record, turn_pair
from tests.integration.agents.helpers import user_id, webhook_agent
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import add_case, create_dataset
from tests.integration.grading.helpers import update_scoring
from tests.support.graphql_client import Api

TARGETS = """query($r: ID!, $d: ID) { scoreTargets(runId: $r, datasetId: $d) {
  question hasAnswer
  matching { dataset { id name } case { id input } }
  closest { dataset { id name } case { id input } }
  judges { dataset { id } enabled connectionId name model } } }"""
SCORE_RUN = """mutation($i: ScoreRunInput!) { scoreRun(input: $i) { score {
  id outcome agentName agentVersion answeringModel sourceRunId costUsd answer
  toolCalls { name blocked } case { id }
  results { scorer status } } } }"""
QUESTION = "Where is my order 1234?"
CHECKS = [{"contains": {"value": "tomorrow"}}]


async def _run(owner: Api, *, steps: bool = True, member_id: str | None = None) -> str:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    turns = turn_pair(
        1,
        QUESTION,
        "It ships tomorrow.",
        calls=[{"name": "lookup_order", "args": {"order_id": "1234"}}],
        model="gpt-test",
        costUsd=0.002,
    )
    if not steps:
        turns[1]["run"]["steps"] = []
        turns[1]["run"]["error"] = "the agent timed out"
    recorded = await record(owner, conversation("c", agent_id, turns, member_id=member_id))
    return str(recorded[0]["turns"][1]["runId"])


async def _dataset_with(owner: Api, name: str, *questions: str) -> tuple[str, list[str]]:
    dataset_id = await create_dataset(owner, name)
    ids = []
    for question in questions:
        added = await add_case(owner, dataset_id, {"input": question, "checks": CHECKS}, twin=True)
        ids.append(added["case"]["id"])
    return dataset_id, ids


async def test_datasets_asking_the_runs_question_come_first_then_the_closest_cases(
    owner: Api,
) -> None:
    run_id = await _run(owner)
    first, (twin_a, near_a) = await _dataset_with(
        owner, "Orders", "  where is MY order 1234? ", "Where is order 99?"
    )
    second, (twin_b,) = await _dataset_with(owner, "Shipping", "where is my order 1234?")
    third, (near_b, unrelated) = await _dataset_with(
        owner, "Returns", "My order is late, where is it?", "Can I pay by card?"
    )
    found = (await owner(TARGETS, {"r": run_id}))["scoreTargets"]
    assert found["question"] == QUESTION and found["hasAnswer"] is True
    assert {(t["dataset"]["name"], t["case"]["id"]) for t in found["matching"]} == {
        ("Orders", twin_a),
        ("Shipping", twin_b),
    }
    closest = [t["case"]["id"] for t in found["closest"]]
    assert closest == [near_b, near_a]  # 4 shared words, then 3
    assert unrelated not in closest and twin_a not in closest
    assert {j["dataset"]["id"] for j in found["judges"]} == {first, second, third}
    narrowed = (await owner(TARGETS, {"r": run_id, "d": third}))["scoreTargets"]
    assert narrowed["matching"] == [] and [t["case"]["id"] for t in narrowed["closest"]] == [near_b]


async def test_the_judge_and_its_model_are_named(owner: Api, model_server: Any) -> None:
    from tests.integration.grading.helpers import judged_dataset

    run_id = await _run(owner)
    dataset_id = await judged_dataset(owner, model_server, "Judged")
    await add_case(owner, dataset_id, {"input": QUESTION, "checks": CHECKS})
    found = (await owner(TARGETS, {"r": run_id}))["scoreTargets"]
    (judge,) = found["judges"]
    assert judge["enabled"] is True and judge["name"] == "Judged judge"
    assert judge["model"] == "gpt-4o-mini" and judge["connectionId"] is not None


async def test_a_run_is_graded_with_every_scorer_and_the_score_names_the_run(owner: Api) -> None:
    run_id = await _run(owner)
    dataset_id, (case_id,) = await _dataset_with(owner, "Orders", QUESTION)
    await update_scoring(owner, dataset_id, {"toolCalls": {"enabled": True}})
    score = (await owner(SCORE_RUN, {"i": {"runId": run_id, "datasetId": dataset_id}}))["scoreRun"][
        "score"
    ]
    assert score["case"]["id"] == case_id  # the case asking the run's own question
    assert score["outcome"] == "PASS"
    assert score["answer"] == "It ships tomorrow."
    assert score["toolCalls"] == [{"name": "lookup_order", "blocked": False}]
    assert score["sourceRunId"] == run_id
    assert score["agentName"] == "Webhook bot" and score["agentVersion"] == "1"
    assert score["answeringModel"] == "gpt-test" and score["costUsd"] == 0.002
    assert any(r["scorer"] == "checks" and r["status"] == "PASS" for r in score["results"])


async def test_a_named_case_of_another_dataset_or_none_asking_is_refused(owner: Api) -> None:
    run_id = await _run(owner)
    dataset_id, _ = await _dataset_with(owner, "Unrelated", "Can I pay by card?")
    _, (elsewhere,) = await _dataset_with(owner, "Other", QUESTION)
    refused = await owner.errors(SCORE_RUN, {"i": {"runId": run_id, "datasetId": dataset_id}})
    assert refused.codes == ["BAD_USER_INPUT"]
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "input.caseId"
    wrong = await owner.errors(
        SCORE_RUN, {"i": {"runId": run_id, "datasetId": dataset_id, "caseId": elsewhere}}
    )
    assert wrong.codes == ["NOT_FOUND"]


async def test_a_run_with_no_transcript_has_no_answer_to_grade(owner: Api) -> None:
    run_id = await _run(owner, steps=False)
    dataset_id, _ = await _dataset_with(owner, "Orders", QUESTION)
    assert (await owner(TARGETS, {"r": run_id}))["scoreTargets"]["hasAnswer"] is False
    refused = await owner.errors(SCORE_RUN, {"i": {"runId": run_id, "datasetId": dataset_id}})
    assert refused.codes == ["BAD_USER_INPUT"]
    assert "no answer to grade" in refused.errors[0]["message"]


async def test_scoring_a_run_needs_runs_view_and_datasets_run(
    owner: Api, member_as: MemberFactory, other_curator: Api
) -> None:
    dataset_id, _ = await _dataset_with(owner, "Orders", QUESTION)
    outcomes: dict[Role, str] = {}
    for role in (Role.ADMIN, Role.BUILDER, Role.OPERATOR, Role.MEMBER, Role.VIEWER):
        actor = await member_as(role)
        # Each role's own conversation, so reading the run is never what stops a Member.
        agent_id = (await webhook_agent(owner, f"https://{role.value}.example.com"))["agent"]["id"]
        turns = turn_pair(1, QUESTION, "It ships tomorrow.")
        run_id = (
            await record(
                owner,
                conversation(f"c-{role.value}", agent_id, turns, member_id=await user_id(actor)),
            )
        )[0]["turns"][1]["runId"]
        body = await actor.raw(SCORE_RUN, {"i": {"runId": run_id, "datasetId": dataset_id}})
        outcomes[role] = body["errors"][0]["extensions"]["code"] if body.get("errors") else "scored"
        targets = await actor.raw(TARGETS, {"r": run_id})
        assert bool(targets.get("errors")) == (role in (Role.MEMBER, Role.VIEWER)), role
    assert outcomes == {
        Role.ADMIN: "scored",
        Role.BUILDER: "scored",
        Role.OPERATOR: "scored",
        Role.MEMBER: "FORBIDDEN",  # holds datasets:run on shared datasets, but no runs:view
        Role.VIEWER: "FORBIDDEN",
    }
    # Another organization: the run and the dataset are not found, as ids never given out.
    run_id = await _run(owner)
    theirs, _ = await _dataset_with(other_curator, "Theirs", QUESTION)
    foreign = await other_curator.errors(SCORE_RUN, {"i": {"runId": run_id, "datasetId": theirs}})
    never = await other_curator.errors(
        SCORE_RUN, {"i": {"runId": str(encode_id("Run", 987654)), "datasetId": theirs}}
    )
    assert foreign.codes == never.codes == ["NOT_FOUND"]
    assert foreign.errors[0]["message"] == never.errors[0]["message"]
    ours = await other_curator.errors(TARGETS, {"r": run_id})
    assert ours.codes == ["NOT_FOUND"]
