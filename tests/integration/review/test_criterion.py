"""A decision's note made a judge criterion, both ways (spec: "Review")."""

from typing import Any

from sqlalchemy import text

from tests.integration.agents.helpers import webhook_agent
from tests.integration.review.helpers import (
    DECIDE,
    checked_case,
    checked_dataset,
    db_id,
    score,
)
from tests.support.graphql_client import Api

MAKE = """mutation($i: CriterionFromNoteInput!) { makeCriterionFromNote(input: $i) {
  scope version criterionId case { id checks { contains { value } judge { criterion } } }
  scoring { judge { enabled criteria { id text } } } } }"""
SCORING = """query($d: ID!) { dataset(id: $d) { latestVersion
  scoring { judge { enabled criteria { id text } } } } }"""
NOTE = "Refuses and does not reveal the customer's address."


async def _decided(owner: Api, note: str = NOTE) -> tuple[str, str]:
    dataset = await checked_dataset(owner)
    failed = await score(owner, await checked_case(owner, dataset))
    await owner(DECIDE, {"i": {"scoreId": failed, "outcome": "FAIL", "note": note}})
    return dataset, failed


async def test_for_this_case_alone_a_judge_check_in_a_new_version(owner: Api) -> None:
    dataset, failed = await _decided(owner)
    before = (await owner(SCORING, {"d": dataset}))["dataset"]
    made = (await owner(MAKE, {"i": {"scoreId": failed, "scope": "THIS_CASE"}}))[
        "makeCriterionFromNote"
    ]
    assert made["scope"] == "THIS_CASE" and made["version"] == before["latestVersion"] + 1
    checks = made["case"]["checks"]
    assert checks[0]["contains"] == {"value": "unused"}
    assert checks[-1]["judge"] == {"criterion": NOTE}
    after = (await owner(SCORING, {"d": dataset}))["dataset"]
    assert after["scoring"] == before["scoring"]  # the rubric is untouched
    # A stale base is a conflict, and nothing changes.
    stale = await owner.errors(
        MAKE,
        {"i": {"scoreId": failed, "scope": "THIS_CASE", "baseVersion": before["latestVersion"]}},
    )
    assert stale.codes == ["CONFLICT"]


async def test_for_every_case_in_the_rubric_switching_the_judge_on(owner: Api) -> None:
    dataset, failed = await _decided(owner)
    before = (await owner(SCORING, {"d": dataset}))["dataset"]
    assert before["scoring"]["judge"]["enabled"] is False
    made = (await owner(MAKE, {"i": {"scoreId": failed, "scope": "EVERY_CASE"}}))[
        "makeCriterionFromNote"
    ]
    assert made["criterionId"] == "note-1" and made["case"] is None
    assert made["scoring"]["judge"] == {
        "enabled": True,
        "criteria": [{"id": "note-1", "text": NOTE}],
    }
    given = {"scoreId": failed, "scope": "EVERY_CASE", "text": "Is it under 80 words?"}
    again = (await owner(MAKE, {"i": given}))["makeCriterionFromNote"]
    assert again["criterionId"] == "note-2"
    assert [c["text"] for c in again["scoring"]["judge"]["criteria"]] == [
        NOTE,
        "Is it under 80 words?",
    ]
    after = (await owner(SCORING, {"d": dataset}))["dataset"]
    assert after["latestVersion"] == before["latestVersion"]  # no new version of the cases


async def test_refusals_name_their_field_and_change_nothing(owner: Api) -> None:
    dataset, failed = await _decided(owner, note="")
    undecided = await score(owner, await checked_case(owner, dataset, "Another?"))
    before = (await owner(SCORING, {"d": dataset}))["dataset"]
    empty = await owner.errors(MAKE, {"i": {"scoreId": failed, "scope": "EVERY_CASE"}})
    assert empty.errors[0]["extensions"]["fields"][0]["path"] == "input.scoreId"
    long = await owner.errors(
        MAKE, {"i": {"scoreId": failed, "scope": "EVERY_CASE", "text": "x" * 1001}}
    )
    assert long.errors[0]["extensions"]["fields"][0]["path"] == "input.text"
    refused = await owner.errors(MAKE, {"i": {"scoreId": undecided, "scope": "THIS_CASE"}})
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "input.scoreId"
    assert (await owner(SCORING, {"d": dataset}))["dataset"] == before


async def test_the_notes_words_need_what_reading_the_note_needs(
    owner: Api, sessionmaker: Any
) -> None:
    _, failed = await _decided(owner)
    agent = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text("UPDATE scores SET agent_id = :a WHERE id = :s"),
            {"a": db_id(agent), "s": db_id(failed)},
        )
    created = await owner(
        "mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }",
        {"i": {"name": "edit", "scopes": ["datasets:view", "datasets:edit", "runs:view"]}},
    )
    key = owner.with_key(created["createApiKey"]["secret"])
    refused = await key.errors(MAKE, {"i": {"scoreId": failed, "scope": "EVERY_CASE"}})
    assert refused.codes == ["FORBIDDEN"]
    given = {"scoreId": failed, "scope": "EVERY_CASE", "text": "Does it refuse politely?"}
    made = (await key(MAKE, {"i": given}))["makeCriterionFromNote"]
    assert made["criterionId"] == "note-1"
