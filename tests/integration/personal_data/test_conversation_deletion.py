"""A conversation deleted - by its person, an admin or retention: the cases copied from it
stay with their text and lose every link back; the scores of its runs stay without the
link; whose words a case holds outlives it."""

from typing import Any

from casebook.domain.access.catalog import Role
from tests.integration.agents.helpers import user_id, webhook_agent
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import add_case, create_dataset
from tests.integration.personal_data.helpers import (
    DELETE_CONVERSATION,
    SCORE,
    SCORE_RUN,
    add_from,
    case_node,
    db_id,
    exchange,
    held_with,
    rate,
    rows,
)
from tests.support.graphql_client import Api

QUESTION = "Where is my order 1234?"


async def test_deleting_a_conversation_keeps_its_cases_and_scores_without_links(
    owner: Api, member_as: MemberFactory, sessionmaker: Any
) -> None:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    mia = await member_as(Role.MEMBER)
    mia_id = await user_id(mia)
    turns = exchange(1, "Hi, I'm Mia", "Hello Mia!") + exchange(2, QUESTION, "It ships tomorrow.")
    held = await held_with(owner, agent_id, "c1", turns, member_id=mia_id)
    run_id = held["turns"][3]["runId"]
    await rate(mia, run_id, "DOWN", "It never shipped.")
    dataset_id = await create_dataset(owner)
    case = await add_from(owner, run_id, dataset_id, withHistory=True)
    assert case["sourceLink"]["conversationId"] is not None
    other = await create_dataset(owner, "Scored")
    await add_case(owner, other, {"input": QUESTION, "checks": [{"contains": {"value": "ships"}}]})
    score = (await owner(SCORE_RUN, {"i": {"runId": run_id, "datasetId": other}}))["scoreRun"][
        "score"
    ]
    assert score["sourceRunId"] == run_id

    await mia(DELETE_CONVERSATION, {"id": held["conversationId"]})

    kept = await case_node(owner, case["id"])
    assert kept["sourceLink"] is None
    assert kept["input"] == QUESTION and kept["note"] == "It never shipped."
    assert kept["history"] == [
        {"role": "user", "content": "Hi, I'm Mia"},
        {"role": "assistant", "content": "Hello Mia!"},
    ]
    assert kept["anonymisedAt"] is None
    graded = (await owner(SCORE, {"id": score["id"]}))["node"]
    assert graded["sourceRunId"] is None and graded["answer"] == "It ships tomorrow."
    (authorship,) = await rows(
        sessionmaker,
        "SELECT question_user_id, turn_user_ids, note_user_id FROM case_authorship"
        " WHERE case_id = :c",
        c=db_id(case["id"], "Case"),
    )
    mia_db = db_id(mia_id, "User")
    assert tuple(authorship) == (mia_db, [mia_db, None], mia_db)


async def test_an_admin_deletes_another_persons_conversation_through_the_same_path(
    owner: Api, member_as: MemberFactory
) -> None:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    admin = await member_as(Role.ADMIN)
    held = await held_with(owner, agent_id, "c1", exchange(1, QUESTION, "Soon."), end_user="ana")
    dataset_id = await create_dataset(owner)
    case = await add_from(owner, held["turns"][1]["runId"], dataset_id)
    await admin(DELETE_CONVERSATION, {"id": held["conversationId"]})
    kept = await case_node(owner, case["id"])
    assert kept["sourceLink"] is None and kept["input"] == QUESTION
