"""What the personal data tests share: conversations held with a person, cases added from
them, an erasure run to its end, and reading rows as they are stored."""

from typing import Any

from sqlalchemy import text

from casebook.graphql.ids import decode_id
from tests.integration.activity.helpers import RATE, conversation, record, turn_pair
from tests.integration.datasets.helpers import CASE_FIELDS
from tests.support.graphql_client import Api

ADD_FROM = f"""mutation($i: AddCaseFromMessageInput!) {{ addCaseFromMessage(input: $i) {{
  version case {{ {CASE_FIELDS} anonymisedAt sourceLink {{ runId conversationId messageId }} }}
  }} }}"""
CASE = f"""query($id: ID!) {{ node(id: $id) {{ ... on Case {{ {CASE_FIELDS} anonymisedAt
  sourceLink {{ runId conversationId messageId }} }} }} }}"""
CASE_AT = f"""query($d: ID!, $v: Int) {{ dataset(id: $d) {{ cases(version: $v, first: 50) {{
  edges {{ node {{ {CASE_FIELDS} anonymisedAt }} }} }} }} }}"""
DELETE_CONVERSATION = "mutation($id: ID!) { deleteConversation(id: $id) { deletedId } }"
ERASE = """mutation($i: PersonInput!) { erasePerson(input: $i) { job { id kind status } } }"""
JOB = """query($id: ID!) { node(id: $id) { ... on Job { status result error } } }"""
SCORE_RUN = """mutation($i: ScoreRunInput!) { scoreRun(input: $i) { score { id answer
  sourceRunId } } }"""
SCORE = """query($id: ID!) { node(id: $id) { ... on Score { id answer sourceRunId outcome
  toolCalls { name } } } }"""


async def held_with(
    api: Api,
    agent_id: str,
    external_id: str,
    turns: list[dict[str, Any]],
    *,
    member_id: str | None = None,
    end_user: str | None = None,
) -> dict[str, Any]:
    """A conversation recorded with a member or a named end user."""
    given = conversation(external_id, agent_id, turns, member_id=member_id, end_user=end_user)
    return (await record(api, given))[0]


def exchange(n: int, question: str, answer: str) -> list[dict[str, Any]]:
    return turn_pair(n, question, answer)


async def rate(api: Api, run_id: str, value: str, comment: str | None = None) -> None:
    await api(RATE, {"i": {"runId": run_id, "value": value, "comment": comment}})


async def add_from(api: Api, run_id: str, dataset_id: str, **given: Any) -> dict[str, Any]:
    data = await api(ADD_FROM, {"i": {"runId": run_id, "datasetId": dataset_id, **given}})
    return data["addCaseFromMessage"]["case"]  # type: ignore[no-any-return]


async def case_node(api: Api, case_id: str) -> dict[str, Any]:
    return (await api(CASE, {"id": case_id}))["node"]  # type: ignore[no-any-return]


async def erase(api: Api, run_worker: Any, **person: Any) -> dict[str, Any]:
    """Ask for the erasure, run the worker until the queue is empty, the job as it ended."""
    job = (await api(ERASE, {"i": person}))["erasePerson"]["job"]
    assert job["kind"] == "erasure" and job["status"] == "queued"
    await run_worker()
    done: dict[str, Any] = (await api(JOB, {"id": job["id"]}))["node"]
    assert done["status"] == "succeeded", done
    return done


async def rows(sessionmaker: Any, sql: str, **params: Any) -> list[Any]:
    async with sessionmaker() as session:
        return list((await session.execute(text(sql), params)).all())


def db_id(global_id: str, kind: str) -> int:
    return decode_id(global_id, kind)
