"""A score keeps who asked the question its answer answered, the way a case keeps its
authorship: "That copy comes back in the export of the person whose run it was, and is
cleared when that person is erased" - also after the conversation was deleted."""

import json
from typing import Any

from tests.integration.agents.helpers import webhook_agent
from tests.integration.datasets.helpers import add_case, create_dataset
from tests.integration.personal_data.helpers import (
    DELETE_CONVERSATION,
    SCORE,
    SCORE_RUN,
    db_id,
    erase,
    exchange,
    held_with,
    rows,
)
from tests.support.graphql_client import Api
from tests.support.marker_search import columns_holding

EXPORT = """query($p: PersonInput!) { personDataExport(person: $p) { content } }"""
MARK = "QX9ANSWERCOPY"
ANA = "ana@example.com"


async def test_the_answer_copy_is_cleared_when_its_person_is_erased_after_the_conversation_went(
    owner: Api, run_worker: Any, sessionmaker: Any
) -> None:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    held = await held_with(
        owner,
        agent_id,
        "ana-1",
        exchange(1, "Where is my parcel?", f"It left the depot, Ana {MARK}."),
        end_user=ANA,
    )
    other = await held_with(
        owner, agent_id, "bo-1", exchange(1, "Where is my parcel?", "On its way."), end_user="bo"
    )
    dataset_id = await create_dataset(owner)
    await add_case(
        owner,
        dataset_id,
        {"input": "Where is my parcel?", "checks": [{"contains": {"value": "e"}}]},
    )
    scored = []
    for recorded in (held, other):
        given = {"runId": recorded["turns"][1]["runId"], "datasetId": dataset_id}
        scored.append((await owner(SCORE_RUN, {"i": given}))["scoreRun"]["score"])
    anas, bos = scored
    assert MARK in anas["answer"]

    # The run and its conversation go first: the score stays without the link to them.
    await owner(DELETE_CONVERSATION, {"id": held["conversationId"]})
    unlinked = (await owner(SCORE, {"id": anas["id"]}))["node"]
    assert unlinked["sourceRunId"] is None and MARK in unlinked["answer"]

    # The copy still comes back in her export, found by who asked, not by the run.
    exported = json.loads(
        (await owner(EXPORT, {"p": {"endUser": ANA}}))["personDataExport"]["content"]
    )
    (copy,) = exported["score_answer_copies"]
    assert copy["score_id"] == db_id(anas["id"], "Score") and MARK in copy["answer"]
    assert ANA not in json.dumps(exported["score_answer_copies"])  # who asked is not exported

    job = await erase(owner, run_worker, endUser=ANA)
    assert job["result"]["scores_cleared"] == 1

    cleared = (await owner(SCORE, {"id": anas["id"]}))["node"]
    assert cleared["answer"] is None and cleared["outcome"] in ("PASS", "FAIL")
    # Bo's score of the same case keeps its copy.
    assert (await owner(SCORE, {"id": bos["id"]}))["node"]["answer"] == "On its way."
    assert await columns_holding(sessionmaker, MARK) == []
    assert await columns_holding(sessionmaker, ANA) == []
    (asker,) = await rows(
        sessionmaker,
        "SELECT asked_by_user_id, asked_by_end_user FROM scores WHERE id = :s",
        s=db_id(anas["id"], "Score"),
    )
    assert tuple(asker) == (None, None)
