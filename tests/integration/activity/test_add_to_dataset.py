"""Add to dataset through GraphQL: every rule of "From a conversation or a run", as each role,
and for a reply of another organization."""

from typing import Any

from casebook.domain.access.catalog import Role
from casebook.graphql.ids import encode_id
from tests.integration.activity.helpers import RATE, conversation, record, turn_pair
from tests.integration.agents.helpers import user_id, webhook_agent
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import CASE_FIELDS, REMOVE, cases_of, create_dataset
from tests.support.graphql_client import Api

ADD = f"""mutation($i: AddCaseFromMessageInput!) {{ addCaseFromMessage(input: $i) {{
  version dataset {{ id name visibility latestVersion ownedByViewer }}
  case {{ {CASE_FIELDS} sourceLink {{ runId conversationId messageId }} }} }} }}"""
DRAFT = """query($id: ID!) { run(id: $id) { caseDraft { question answer suggestedKeepAs
  expectedToolCalls note conversationOwnerName history { role content } } } }"""
EDITABLE = """query { datasets(editable: true) { edges { node { id name } } } }"""
AUDIT = """query { auditLog(first: 20) { edges { node { action summary } } } }"""
LINKED = """query($c: ID!, $m: ID!) { conversation: node(id: $c) { __typename }
  message: node(id: $m) { __typename ... on Message { content } } }"""

CALLS = [
    {"name": "lookup_order", "args": {"order_id": "1234"}},  # read-only: never expected
    {"name": "refund_order", "args": {"order_id": "1234"}, "status": "FAILED"},
    {"name": "refund_order", "args": {"order_id": "1234"}},
    {"name": "cancel_order", "args": {"order_id": "9"}, "status": "BLOCKED"},
]


async def _agent(owner: Api) -> str:
    return str((await webhook_agent(owner, "https://a.example.com"))["agent"]["id"])


async def _two_turns(
    owner: Api, agent_id: str, *, member_id: str | None = None, answer: str = "It ships tomorrow."
) -> dict[str, Any]:
    turns = turn_pair(1, "Hi, I'm Mia", "Hello Mia!") + turn_pair(
        2, "Where is my order 1234?", answer, calls=CALLS
    )
    recorded = (await record(owner, conversation("c", agent_id, turns, member_id=member_id)))[0]
    return {
        "first": recorded["turns"][1]["runId"],
        "second": recorded["turns"][3]["runId"],
        "conversation": recorded["conversationId"],
        "message": recorded["turns"][3]["messageId"],
    }


async def _rate(api: Api, run_id: str, value: str, comment: str | None = None) -> None:
    await api(RATE, {"i": {"runId": run_id, "value": value, "comment": comment}})


async def _add(api: Api, **given: Any) -> dict[str, Any]:
    return (await api(ADD, {"i": given}))["addCaseFromMessage"]


async def test_a_thumbs_down_reply_becomes_a_counter_example_with_the_newest_comment_as_note(
    owner: Api, member_as: MemberFactory
) -> None:
    agent_id = await _agent(owner)
    runs = await _two_turns(owner, agent_id)
    builder = await member_as(Role.BUILDER)
    await _rate(owner, runs["second"], "DOWN", "It never shipped.")
    await _rate(builder, runs["second"], "DOWN", "Wrong: the order was cancelled.")
    await _rate(owner, runs["first"], "UP")
    dataset_id = await create_dataset(owner)

    draft = (await owner(DRAFT, {"id": runs["second"]}))["run"]["caseDraft"]
    assert draft["suggestedKeepAs"] == "COUNTER_EXAMPLE"
    assert draft["note"] == "Wrong: the order was cancelled."
    assert draft["history"] == [
        {"role": "user", "content": "Hi, I'm Mia"},
        {"role": "assistant", "content": "Hello Mia!"},
    ]
    assert draft["conversationOwnerName"] == "ana@example.com"  # an end user's private one

    added = await _add(owner, runId=runs["second"], datasetId=dataset_id)
    case = added["case"]
    assert added["version"] == 1 and added["dataset"]["id"] == dataset_id
    assert case["input"] == "Where is my order 1234?"
    assert case["history"] == []  # only this question unless withHistory
    assert case["counterExample"] == "It ships tomorrow."
    assert case["referenceAnswer"] is None and case["expectedToolCalls"] == []
    assert case["note"] == "Wrong: the order was cancelled."
    assert case["source"] == "conversation"
    link = case["sourceLink"]
    assert link["runId"] == runs["second"]
    linked = await owner(LINKED, {"c": link["conversationId"], "m": link["messageId"]})
    assert linked["conversation"]["__typename"] == "Conversation"
    assert linked["message"] == {"__typename": "Message", "content": "It ships tomorrow."}
    entries = [e["node"] for e in (await owner(AUDIT))["auditLog"]["edges"]]
    add_entry = next(e for e in entries if e["action"] == "case.add")
    assert add_entry["summary"]["kept_as"] == "counter_example"
    assert add_entry["summary"]["source"] == "conversation"


async def test_kept_as_reference_the_successful_writing_calls_become_expected_calls(
    owner: Api,
) -> None:
    agent_id = await _agent(owner)
    runs = await _two_turns(owner, agent_id)
    dataset_id = await create_dataset(owner)
    draft = (await owner(DRAFT, {"id": runs["second"]}))["run"]["caseDraft"]
    assert draft["suggestedKeepAs"] == "REFERENCE" and draft["note"] is None
    assert draft["expectedToolCalls"] == ["refund_order"]

    case = (await _add(owner, runId=runs["second"], datasetId=dataset_id, withHistory=True))["case"]
    assert case["referenceAnswer"] == "It ships tomorrow."
    assert case["counterExample"] is None
    # Not the read-only lookup, not the failed refund, not the blocked cancel.
    assert case["expectedToolCalls"] == [{"tool": "refund_order", "args": {}}]
    assert case["history"] == [
        {"role": "user", "content": "Hi, I'm Mia"},
        {"role": "assistant", "content": "Hello Mia!"},
    ]


async def test_a_thumbs_down_reply_may_still_be_kept_as_a_reference_when_chosen(owner: Api) -> None:
    agent_id = await _agent(owner)
    runs = await _two_turns(owner, agent_id)
    await _rate(owner, runs["second"], "DOWN", "Meh")
    dataset_id = await create_dataset(owner)
    case = (await _add(owner, runId=runs["second"], datasetId=dataset_id, keepAs="REFERENCE"))[
        "case"
    ]
    assert case["referenceAnswer"] == "It ships tomorrow." and case["counterExample"] is None
    assert case["note"] == "Meh"


async def test_a_reply_with_no_text_is_kept_as_its_expected_calls_alone(owner: Api) -> None:
    agent_id = await _agent(owner)
    turns = [
        {"externalId": "q", "role": "USER", "content": "Refund order 77"},
        {
            "externalId": "a",
            "role": "AGENT",
            "run": {
                "steps": [
                    {
                        "kind": "TOOL_CALL",
                        "toolName": "refund_order",
                        "status": "OK",
                        "arguments": {"order_id": "77"},
                    },
                ]
            },
        },
    ]
    run_id = (await record(owner, conversation("silent", agent_id, turns)))[0]["turns"][1]["runId"]
    dataset_id = await create_dataset(owner)
    case = (await _add(owner, runId=run_id, datasetId=dataset_id))["case"]
    assert case["referenceAnswer"] is None and case["counterExample"] is None
    assert case["expectedToolCalls"] == [{"tool": "refund_order", "args": {}}]
    refused = await owner.errors(
        ADD, {"i": {"runId": run_id, "datasetId": dataset_id, "keepAs": "COUNTER_EXAMPLE"}}
    )
    assert refused.codes == ["BAD_USER_INPUT"]
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "input.keepAs"


async def test_an_answer_already_a_case_of_the_newest_version_is_refused_not_added_twice(
    owner: Api,
) -> None:
    agent_id = await _agent(owner)
    runs = await _two_turns(owner, agent_id)
    dataset_id = await create_dataset(owner)
    first = await _add(owner, runId=runs["second"], datasetId=dataset_id)
    refused = await owner.errors(ADD, {"i": {"runId": runs["second"], "datasetId": dataset_id}})
    assert refused.codes == ["CONFLICT"]
    assert refused.errors[0]["extensions"]["caseId"] == first["case"]["id"]
    latest = await owner("query($d: ID!) { dataset(id: $d) { latestVersion } }", {"d": dataset_id})
    assert latest["dataset"]["latestVersion"] == 1
    # Removed from the newest version, it may be added again.
    await owner(REMOVE, {"id": first["case"]["id"], "base": 1})
    again = await _add(owner, runId=runs["second"], datasetId=dataset_id)
    assert again["version"] == 3 and again["case"]["id"] != first["case"]["id"]


async def test_with_no_dataset_it_starts_one_visible_to_the_organization(
    owner: Api, member_as: MemberFactory
) -> None:
    agent_id = await _agent(owner)
    runs = await _two_turns(owner, agent_id)
    added = await _add(owner, runId=runs["second"], newDatasetName="Shipping mistakes")
    assert added["dataset"]["name"] == "Shipping mistakes"
    assert added["dataset"]["visibility"] == "ORGANIZATION"
    assert added["dataset"]["latestVersion"] == 1
    default = await _add(owner, runId=runs["first"])
    assert default["dataset"]["name"] == "Cases from Activity"
    viewer = await member_as(Role.VIEWER)
    seen = await viewer(
        "query($d: ID!) { dataset(id: $d) { name } }", {"d": added["dataset"]["id"]}
    )
    assert seen["dataset"]["name"] == "Shipping mistakes"
    for bad, path in (
        ({"newDatasetName": "   "}, "input.newDatasetName"),
        ({"newDatasetName": "x", "datasetId": added["dataset"]["id"]}, "input.newDatasetName"),
        ({"runId": str(encode_id("Dataset", 1))}, "input.runId"),
    ):
        refused = await owner.errors(ADD, {"i": {"runId": runs["second"], **bad}})
        assert refused.codes == ["BAD_USER_INPUT"], bad
        assert refused.errors[0]["extensions"]["fields"][0]["path"] == path


async def test_a_reply_of_another_organization_is_not_found_like_one_that_never_existed(
    owner: Api, other_curator: Api
) -> None:
    agent_id = await _agent(owner)
    runs = await _two_turns(owner, agent_id)
    theirs = await create_dataset(other_curator)
    foreign = await other_curator.errors(ADD, {"i": {"runId": runs["second"], "datasetId": theirs}})
    never = await other_curator.errors(
        ADD, {"i": {"runId": str(encode_id("Run", 987654)), "datasetId": theirs}}
    )
    assert foreign.codes == never.codes == ["NOT_FOUND"]
    assert foreign.errors[0]["message"] == never.errors[0]["message"]
    # The other organization's dataset gained nothing.
    latest = await other_curator(
        "query($d: ID!) { dataset(id: $d) { latestVersion } }", {"d": theirs}
    )
    assert latest["dataset"]["latestVersion"] == 0
    draft = await other_curator.errors(DRAFT, {"id": runs["second"]})
    assert draft.codes == ["NOT_FOUND"]


async def test_each_role_adds_where_it_may_edit_and_reads_replies_it_may_read(
    owner: Api, member_as: MemberFactory
) -> None:
    agent_id = await _agent(owner)
    org_dataset = await create_dataset(owner, "Shared")
    outcomes: dict[Role, str] = {}
    for role in (Role.ADMIN, Role.BUILDER, Role.OPERATOR, Role.MEMBER, Role.VIEWER):
        actor = await member_as(role)
        turns = turn_pair(1, f"Question for {role.value}", "An answer")
        run_id = (
            await record(
                owner,
                conversation(f"c-{role.value}", agent_id, turns, member_id=await user_id(actor)),
            )
        )[0]["turns"][1]["runId"]
        body = await actor.raw(ADD, {"i": {"runId": run_id, "datasetId": org_dataset}})
        outcomes[role] = body["errors"][0]["extensions"]["code"] if body.get("errors") else "added"
    # datasets:edit on a dataset shared with the organization: all for Owner and Admin,
    # shared for a Builder; a Member edits only their own; Operator and Viewer never.
    assert outcomes == {
        Role.ADMIN: "added",
        Role.BUILDER: "added",
        Role.OPERATOR: "FORBIDDEN",
        Role.MEMBER: "FORBIDDEN",
        Role.VIEWER: "FORBIDDEN",
    }


async def test_a_member_adds_their_own_conversation_to_their_own_dataset_only(
    owner: Api, member_as: MemberFactory
) -> None:
    agent_id = await _agent(owner)
    mia, noah = await member_as(Role.MEMBER), await member_as(Role.MEMBER)
    mine = (
        await record(owner, conversation("m", agent_id, turn_pair(1), member_id=await user_id(mia)))
    )[0]["turns"][1]["runId"]
    others = (
        await record(
            owner, conversation("n", agent_id, turn_pair(1), member_id=await user_id(noah))
        )
    )[0]["turns"][1]["runId"]
    own_dataset = await create_dataset(mia, "Mia's")
    editable = [e["node"]["name"] for e in (await mia(EDITABLE))["datasets"]["edges"]]
    assert editable == ["Mia's"]
    added = await _add(mia, runId=mine, datasetId=own_dataset)
    assert added["case"]["masked"] is False
    # Noah's private conversation is not Mia's to read: not found, as if it never existed.
    refused = await mia.errors(ADD, {"i": {"runId": others, "datasetId": own_dataset}})
    assert refused.codes == ["NOT_FOUND"]
    # A private dataset of another member is not found either.
    hidden = await create_dataset(noah, "Noah's", private=True)
    refused = await mia.errors(ADD, {"i": {"runId": mine, "datasetId": hidden}})
    assert refused.codes == ["NOT_FOUND"]
    # The owner reads runs; Noah's conversation is named before it is copied.
    draft = (await owner(DRAFT, {"id": others}))["run"]["caseDraft"]
    assert draft["conversationOwnerName"] == "Member 2"
    assert (await mia(DRAFT, {"id": mine}))["run"]["caseDraft"]["conversationOwnerName"] is None
    # Noah may read Mia's dataset (visible to the organization) but not her conversation.
    seen = (await cases_of(noah, own_dataset))["edges"][0]["node"]
    assert seen["masked"] is True and seen["input"].startswith("[hidden")
    viewer_editable = (await (await member_as(Role.VIEWER))(EDITABLE))["datasets"]["edges"]
    assert viewer_editable == []
    owner_editable = {e["node"]["name"] for e in (await owner(EDITABLE))["datasets"]["edges"]}
    assert owner_editable == {"Mia's", "Noah's"}


async def test_credentials_in_a_reply_are_redacted_before_the_case_is_stored(owner: Api) -> None:
    agent_id = await _agent(owner)
    token = "ghp_" + "a1B2c3D4e5" * 4
    turns = turn_pair(1, f"My token is {token}, is it safe?", f"Never share {token}.")
    run_id = (await record(owner, conversation("leak", agent_id, turns)))[0]["turns"][1]["runId"]
    await _rate(owner, run_id, "DOWN", f"It repeated {token}")
    dataset_id = await create_dataset(owner)
    case = (await _add(owner, runId=run_id, datasetId=dataset_id))["case"]
    for text in (case["input"], case["counterExample"], case["note"]):
        assert token not in text and "[redacted:github_token]" in text
    entries = [e["node"] for e in (await owner(AUDIT))["auditLog"]["edges"]]
    add_entry = next(e for e in entries if e["action"] == "case.add")
    assert add_entry["summary"]["redacted"] == 3
    assert token not in str(entries)
