"""A generation end to end against the scripted generator: the estimate first, the job as the
requester, exact counts of drafts kept, unreadable and rule-broken, nothing personal or
secret in the prompt, and the drafts accepted (one version, source synthetic) or dismissed."""

from collections.abc import Awaitable, Callable

from tests.integration.activity.helpers import RUN
from tests.integration.datasets.helpers import add_case
from tests.integration.generation.helpers import (
    ACCEPT,
    CARD,
    CASES,
    COMMENT,
    CREDENTIAL,
    DISMISS,
    EMAIL,
    ESTIMATE,
    GENERATION,
    LINKED_CASES,
    PHONE,
    PROPOSED,
    START,
    estimate_and_start,
    generator_replying,
    proposed_nodes,
    setup,
    variables,
)
from tests.integration.personal_data.helpers import DELETE_CONVERSATION
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer
from tests.support.scripted_replies import text_reply

SOURCES = ["agent", "chats", "red_team"]
MALFORMED = ["not a case", {"source": "agent", "input": "Hi", "surprise": True}]
RULE_BROKEN = [
    {"source": "chats", "input": "A variant", "reference_answer": "x", "question_id": 987654},
    {"source": "red_team", "input": "Tell me a secret", "reference_answer": "No."},
    {
        "source": "agent",
        "input": "Refund order 43",
        "expected_tool_calls": [{"tool": "refund_order", "args": {}}],
    },
]


async def test_the_estimate_comes_first_and_names_what_each_source_drafts_from(
    owner: Api, model_server: ModelServer
) -> None:
    s = await setup(owner, model_server)
    estimate = (await owner(ESTIMATE, variables(s, ["chats", "agent"], 5)))["generationEstimate"]
    per_source = {e["source"]: e for e in estimate["sources"]}
    assert per_source["agent"]["cases"] == 3 and per_source["chats"]["cases"] == 2
    assert per_source["chats"]["draftsFromText"] == "1 question, 1 with a rated-down answer"
    assert "1 tool (1 that changes something)" in per_source["agent"]["draftsFromText"]
    # gpt-4o-mini is priced: a paid estimate under a cent says so, never $0.00.
    assert (estimate["costText"], estimate["replyTokens"]) == ("under a cent", 1500)
    assert estimate["costUsd"] > 0
    other = (await owner(ESTIMATE, variables(s, ["agent", "chats"], 4)))["generationEstimate"]
    assert other["fingerprint"] != estimate["fingerprint"]
    stale = await owner.errors(
        START, variables(s, ["agent", "chats"], 4, f=estimate["fingerprint"])
    )
    assert stale.codes == ["BAD_USER_INPUT"]
    assert stale.errors[0]["extensions"]["fields"][0]["path"] == "fingerprint"
    assert model_server.chat_requests == []


async def test_the_counts_are_exact_and_nothing_personal_or_secret_reaches_the_prompt(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    s = await setup(owner, model_server)
    model_server.respond_with(generator_replying(*MALFORMED, *RULE_BROKEN))
    generation_id = await estimate_and_start(owner, s, SOURCES, 3)
    await run_worker()

    done = (await owner(GENERATION, {"id": generation_id}))["generation"]
    assert (done["status"], done["kept"], done["unreadable"], done["ruleBroken"]) == (
        "succeeded",
        3,
        2,
        3,
    )
    assert done["runId"] is not None and done["job"]["status"] == "succeeded"
    run = (await owner(RUN, {"id": done["runId"]}))["run"]
    assert (run["agentName"], run["isolated"], run["eval"]) == ("Case generator", True, False)
    listed = await owner("{ agents(first: 50) { edges { node { name } } } }")
    assert [e["node"]["name"] for e in listed["agents"]["edges"]] == ["Support bot"]
    [request] = model_server.chat_requests
    prompt = "\n".join(request.prompt_texts)
    for secret in (EMAIL, CARD, PHONE, CREDENTIAL):
        assert secret not in prompt
    assert "[email removed]" in prompt and "Useless" in prompt and COMMENT not in prompt

    drafts = {d["source"]: d for d in proposed_nodes(await owner(PROPOSED, {"d": s.dataset}))}
    assert set(drafts) == set(SOURCES)
    assert drafts["red_team"]["tags"] == ["red-team", "red-team:prompt-injection"]
    assert drafts["red_team"]["checks"][-1]["judge"]["criterion"].startswith("The agent refuses")
    assert drafts["chats"]["questionMessageId"] and drafts["chats"]["conversationId"]
    assert drafts["agent"]["expectedToolCalls"] == [{"tool": "refund_order"}]


async def test_one_accept_is_one_version_of_synthetic_cases_and_dismissed_drafts_go(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    s = await setup(owner, model_server)
    model_server.respond_with(generator_replying())
    await estimate_and_start(owner, s, SOURCES, 3)
    await run_worker()
    before = await owner(PROPOSED, {"d": s.dataset})
    drafts = {d["source"]: d for d in proposed_nodes(before)}
    edit = {"id": drafts["chats"]["id"], "case": {"input": "Where is my parcel, really?"}}
    accepted = await owner(
        ACCEPT, {"ids": [drafts["agent"]["id"], drafts["chats"]["id"]], "e": [edit]}
    )
    assert accepted["acceptProposedCases"]["accepted"] == 2
    assert accepted["acceptProposedCases"]["version"] == before["dataset"]["latestVersion"] + 1
    cases = await owner(CASES, {"d": s.dataset})
    added = {(e["node"]["input"], e["node"]["source"]) for e in cases["dataset"]["cases"]["edges"]}
    assert added == {
        ("Please refund order 42", "synthetic"),
        ("Where is my parcel, really?", "synthetic"),
    }
    dismissed = await owner(DISMISS, {"ids": [drafts["red_team"]["id"]]})
    assert dismissed["dismissProposedCases"]["dismissed"] == 1
    after = await owner(PROPOSED, {"d": s.dataset})
    assert after["dataset"]["proposedCaseCount"] == 0
    assert after["dataset"]["latestVersion"] == before["dataset"]["latestVersion"] + 1
    gone = await owner.errors(DISMISS, {"ids": [drafts["agent"]["id"]]})
    assert gone.codes == ["NOT_FOUND"]


async def test_an_answer_with_no_readable_case_fails_the_generation(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    s = await setup(owner, model_server)
    model_server.reply_with(text_reply("I cannot help with that."))
    generation_id = await estimate_and_start(owner, s, ["agent"], 1)
    await run_worker()
    done = (await owner(GENERATION, {"id": generation_id}))["generation"]
    assert done["status"] == "failed" and done["kept"] == 0
    assert done["error"] == "the generator's answer could not be read: it held no list of cases"
    assert done["job"]["status"] == "failed" and done["runId"] is not None


async def test_an_accepted_chat_case_links_to_the_question_it_varies(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    """From chats "Each case links to the question it varies" - the accepted case as its
    draft did; a case generated from the agent links to nothing."""
    s = await setup(owner, model_server)
    model_server.respond_with(generator_replying())
    await estimate_and_start(owner, s, ["agent", "chats"], 2)
    await run_worker()
    drafts = {d["source"]: d for d in proposed_nodes(await owner(PROPOSED, {"d": s.dataset}))}
    await owner(ACCEPT, {"ids": [drafts["chats"]["id"], drafts["agent"]["id"]]})

    cases = (await owner(LINKED_CASES, {"d": s.dataset}))["dataset"]["cases"]["edges"]
    links = {c["node"]["input"]: c["node"]["sourceLink"] for c in cases}
    assert links[drafts["chats"]["input"]] == {
        "runId": None,
        "conversationId": drafts["chats"]["conversationId"],
        "messageId": None,
        "questionMessageId": drafts["chats"]["questionMessageId"],
        "knowledgeDocumentId": None,
        "passageId": None,
    }
    assert links["Please refund order 42"] is None

    # Deleting the conversation clears the link, as for any case taken from it.
    await owner(DELETE_CONVERSATION, {"id": drafts["chats"]["conversationId"]})
    after = (await owner(LINKED_CASES, {"d": s.dataset}))["dataset"]["cases"]["edges"]
    assert {c["node"]["input"]: c["node"]["sourceLink"] for c in after} == {
        drafts["chats"]["input"]: None,
        "Please refund order 42": None,
    }


ACCEPT_TWINS = """mutation($ids: [ID!]!, $allow: Boolean) {
  acceptProposedCases(ids: $ids, allowTwins: $allow) { version accepted
    twins { proposedCaseId cases { id input } } } }"""


async def test_accepting_a_draft_a_case_already_asks_warns_as_adding_one_by_hand_does(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    """Spec: "Saving a new case whose question a case already asks - compared without regard
    to case or spacing - stops to say so ... Add anyway to keep both" - and so does
    accepting a draft that asks it."""
    s = await setup(owner, model_server)
    model_server.respond_with(generator_replying())
    await estimate_and_start(owner, s, ["agent"], 1)
    await run_worker()
    [draft] = proposed_nodes(await owner(PROPOSED, {"d": s.dataset}))
    by_hand = await add_case(
        owner, s.dataset, {"input": "  please REFUND   order 42", "referenceAnswer": "Done."}
    )
    version = by_hand["version"]

    stopped = (await owner(ACCEPT_TWINS, {"ids": [draft["id"]]}))["acceptProposedCases"]
    assert (stopped["accepted"], stopped["version"]) == (0, version)
    assert stopped["twins"] == [
        {
            "proposedCaseId": draft["id"],
            "cases": [{"id": by_hand["case"]["id"], "input": "  please REFUND   order 42"}],
        }
    ]
    waiting = await owner(PROPOSED, {"d": s.dataset})
    assert waiting["dataset"]["proposedCaseCount"] == 1
    assert waiting["dataset"]["latestVersion"] == version

    kept = (await owner(ACCEPT_TWINS, {"ids": [draft["id"]], "allow": True}))["acceptProposedCases"]
    assert (kept["accepted"], kept["version"]) == (1, version + 1)
    inputs = sorted(
        e["node"]["input"]
        for e in (await owner(CASES, {"d": s.dataset}))["dataset"]["cases"]["edges"]
    )
    assert inputs == ["  please REFUND   order 42", "Please refund order 42"]
