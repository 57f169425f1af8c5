"""An agent's test set end to end (spec: "An agent's test set"): a private set made from the
rated answers the caller may open, grading and generating with the agent's model and saying
so, a bootstrap to five gradable cases accepted without a decision, "insufficient" below
three, an existing set added to with its grading kept, and the gates."""

from collections.abc import Awaitable, Callable
from typing import Any

from casebook.domain.access.catalog import Role
from tests.integration.activity.helpers import RATE, conversation, record, turn_pair
from tests.integration.agents.helpers import AGENT_MODEL
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import cases_of
from tests.integration.generation.helpers import COMMENT, GENERATION, generator_replying, setup
from tests.integration.grading.helpers import add_connection, update_scoring
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer
from tests.support.scripted_replies import text_reply

REPORT = "report { gradableCases sufficiency graderSharesModel }"
BOOTSTRAP = """query($id: ID!) { generation(id: $id) { status kept gradableCases
  sufficiency } }"""
ESTIMATE = f"""query($a: ID!, $m: Int) {{ agentTestSetEstimate(agentId: $a, more: $m) {{
  dataset {{ id }} newRatedAnswers bootstrapQuestions {REPORT}
  generation {{ fingerprint sources {{ source cases }} }} }} }}"""
CREATE = f"""mutation($a: ID!, $m: Int, $f: String) {{
  createAgentTestSet(agentId: $a, more: $m, fingerprint: $f) {{
    dataset {{ id name visibility latestVersion generatorModel {{ model }}
      scoring {{ judge {{ model }} reference {{ enabled }} }} }}
    created addedRatedAnswers version bootstrapQuestions {REPORT}
    generation {{ id count sources }} }} }}"""


async def _estimate(api: Api, agent: str, more: int | None = None) -> dict[str, Any]:
    return (await api(ESTIMATE, {"a": agent, "m": more}))["agentTestSetEstimate"]


async def _create(api: Api, agent: str, more: int | None = None) -> dict[str, Any]:
    estimate = await _estimate(api, agent, more)
    fingerprint = estimate["generation"]["fingerprint"] if estimate["generation"] else None
    return (await api(CREATE, {"a": agent, "m": more, "f": fingerprint}))["createAgentTestSet"]


async def _rated_up(owner: Api, agent: str) -> None:
    pair = turn_pair(7, "How long do refunds take?", "Five working days.")
    recorded = await record(owner, conversation("up", agent, pair, end_user="bo@example.com"))
    run_id = recorded[0]["turns"][1]["runId"]
    await owner(RATE, {"i": {"runId": run_id, "value": "UP"}})


def _fields(errors: Any) -> list[str]:
    return [f["path"] for e in errors.errors for f in e["extensions"].get("fields", [])]


async def test_a_new_set_is_made_from_rated_answers_and_bootstrapped_to_five(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    s = await setup(owner, model_server, askers=("ana@example.com", "cy@example.com"))
    await _rated_up(owner, s.agent)
    estimate = await _estimate(owner, s.agent)
    assert (estimate["dataset"], estimate["newRatedAnswers"]) == (None, 3)
    assert estimate["bootstrapQuestions"] == 2
    assert estimate["generation"]["sources"] == [{"source": "agent", "cases": 2}]
    assert estimate["report"]["sufficiency"] == "sufficient"
    assert AGENT_MODEL in estimate["report"]["graderSharesModel"]
    assert model_server.chat_requests == []

    model_server.respond_with(generator_replying())
    made = await _create(owner, s.agent)
    dataset = made["dataset"]
    assert (made["created"], made["addedRatedAnswers"], made["version"]) == (True, 3, 1)
    assert (dataset["name"], dataset["visibility"]) == ("Support bot test set", "PRIVATE")
    assert dataset["generatorModel"]["model"] == AGENT_MODEL
    assert dataset["scoring"]["judge"]["model"] == AGENT_MODEL
    assert dataset["scoring"]["reference"]["enabled"] is True
    assert made["report"]["gradableCases"] == 3
    assert made["generation"]["count"] == 2 and made["generation"]["sources"] == ["agent"]
    cases = [e["node"] for e in (await cases_of(owner, dataset["id"]))["edges"]]
    kept = {(c["source"], c["referenceAnswer"], c["counterExample"], c["note"]) for c in cases}
    assert kept == {
        ("conversation", "Five working days.", None, None),
        ("conversation", None, "Sorry.", COMMENT),
    }
    assert len(cases) == 3

    await run_worker()
    done = (await owner(GENERATION, {"id": made["generation"]["id"]}))["generation"]
    assert (done["status"], done["kept"]) == ("succeeded", 1)
    after = await owner(
        "query($d: ID!) { dataset(id: $d) { latestVersion proposedCaseCount } }",
        {"d": dataset["id"]},
    )
    assert after["dataset"] == {"latestVersion": 2, "proposedCaseCount": 0}
    sources = [e["node"]["source"] for e in (await cases_of(owner, dataset["id"]))["edges"]]
    assert sorted(sources) == ["conversation"] * 3 + ["synthetic"]

    # Called again: the same set, nothing added twice, a bootstrap for the one case missing.
    again = await _create(owner, s.agent)
    assert (again["created"], again["dataset"]["id"], again["addedRatedAnswers"]) == (
        False,
        dataset["id"],
        0,
    )
    assert (again["report"]["gradableCases"], again["bootstrapQuestions"]) == (4, 1)


async def test_fewer_than_three_gradable_cases_is_insufficient_and_more_is_honoured(
    owner: Api, model_server: ModelServer
) -> None:
    s = await setup(owner, model_server)
    estimate = await _estimate(owner, s.agent)
    assert estimate["report"] == {
        "gradableCases": 1,
        "sufficiency": "insufficient",
        "graderSharesModel": estimate["report"]["graderSharesModel"],
    }
    assert estimate["bootstrapQuestions"] == 4
    assert (await _estimate(owner, s.agent, more=7))["bootstrapQuestions"] == 7
    for refused in (0, 51):
        errors = await owner.errors(ESTIMATE, {"a": s.agent, "m": refused})
        assert (errors.codes, _fields(errors)) == (["BAD_USER_INPUT"], ["more"])


async def test_an_existing_set_keeps_its_grading_and_an_independent_grader_is_not_reported(
    owner: Api, model_server: ModelServer
) -> None:
    s = await setup(owner, model_server)
    made = await _create(owner, s.agent)
    assert AGENT_MODEL in made["report"]["graderSharesModel"]
    judge = await add_connection(owner, model_server, name="Judge", models=["gpt-4.1"])
    await update_scoring(
        owner, made["dataset"]["id"], {"judge": {"connectionId": judge, "model": "gpt-4.1"}}
    )
    await _rated_up(owner, s.agent)
    again = await _create(owner, s.agent)
    assert (again["created"], again["addedRatedAnswers"]) == (False, 1)
    assert again["dataset"]["scoring"]["judge"]["model"] == "gpt-4.1"
    assert again["report"]["graderSharesModel"] is None
    assert again["report"]["gradableCases"] == 2


async def test_a_stale_estimate_is_refused_by_its_field(
    owner: Api, model_server: ModelServer
) -> None:
    s = await setup(owner, model_server)
    errors = await owner.errors(CREATE, {"a": s.agent, "f": "stale"})
    assert (errors.codes, _fields(errors)) == (["BAD_USER_INPUT"], ["fingerprint"])
    listed = await owner("{ datasets(first: 50) { edges { node { name } } } }")
    assert [e["node"]["name"] for e in listed["datasets"]["edges"]] == ["Orders"]


async def test_a_viewer_is_refused_and_another_organization_finds_no_agent(
    owner: Api, model_server: ModelServer, member_as: MemberFactory, other_curator: Api
) -> None:
    s = await setup(owner, model_server)
    viewer = await member_as(Role.VIEWER)
    refused = await viewer.errors(ESTIMATE, {"a": s.agent})
    assert refused.codes == ["FORBIDDEN"]
    elsewhere = await other_curator.errors(ESTIMATE, {"a": s.agent})
    assert elsewhere.codes == ["NOT_FOUND"]
    elsewhere = await other_curator.errors(CREATE, {"a": s.agent})
    assert elsewhere.codes == ["NOT_FOUND"]


async def test_only_conversations_the_caller_may_open_are_read(
    owner: Api, model_server: ModelServer, member_as: MemberFactory
) -> None:
    s = await setup(owner, model_server)
    owners = await _create(owner, s.agent)
    assert owners["addedRatedAnswers"] == 1
    # A member opens neither the end user's conversation nor the owner's private set.
    member = await member_as(Role.MEMBER)
    estimate = await _estimate(member, s.agent)
    assert (estimate["dataset"], estimate["newRatedAnswers"]) == (None, 0)
    assert estimate["report"]["gradableCases"] == 0
    assert estimate["report"]["sufficiency"] == "insufficient"
    assert estimate["bootstrapQuestions"] == 5
    made = await _create(member, s.agent)
    assert made["created"] is True and made["dataset"]["id"] != owners["dataset"]["id"]
    assert (made["addedRatedAnswers"], made["version"], made["generation"]["count"]) == (0, 0, 5)


async def test_insufficiency_is_reported_after_the_bootstrap_from_what_the_set_holds(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    """Spec: "These bootstrap drafts are accepted automatically into a new dataset version.
    Fewer than three gradable cases is reported as insufficient" - once the bootstrap has
    run, read from the cases the set then holds."""
    s = await setup(owner, model_server)
    more_drafts = [
        {
            "source": "agent",
            "input": f"Please refund order {n}",
            "expected_tool_calls": [{"tool": "refund_order", "args": {"order_id": str(n)}}],
        }
        for n in (7, 8)
    ]
    model_server.respond_with(generator_replying(*more_drafts))
    made = await _create(owner, s.agent)
    assert made["report"] == {
        "gradableCases": 1,
        "sufficiency": "insufficient",
        "graderSharesModel": made["report"]["graderSharesModel"],
    }
    await run_worker()
    done = (await owner(BOOTSTRAP, {"id": made["generation"]["id"]}))["generation"]
    assert (done["status"], done["kept"]) == ("succeeded", 3)
    assert (done["gradableCases"], done["sufficiency"]) == (4, "sufficient")
    assert len((await cases_of(owner, made["dataset"]["id"]))["edges"]) == 4


async def test_a_bootstrap_with_nothing_readable_reports_the_set_insufficient(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    s = await setup(owner, model_server)
    model_server.reply_with(text_reply("I cannot help with that."))
    made = await _create(owner, s.agent)
    await run_worker()
    done = (await owner(BOOTSTRAP, {"id": made["generation"]["id"]}))["generation"]
    assert done["status"] == "failed"
    assert (done["gradableCases"], done["sufficiency"]) == (1, "insufficient")
