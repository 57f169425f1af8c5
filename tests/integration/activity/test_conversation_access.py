"""Who opens a conversation: its person, those it is shared with, and runs:view - nobody else."""

from typing import Any

from casebook.domain.access.catalog import Role
from tests.integration.activity.helpers import (
    CONVERSATION,
    RATE,
    RECORD,
    RUN,
    conversation,
    record,
    runs_of,
    turn_pair,
)
from tests.integration.agents.helpers import user_id, webhook_agent
from tests.integration.conftest import MemberFactory
from tests.support.graphql_client import Api

SET_VISIBILITY = """mutation($id: ID!, $v: Visibility!) {
  setConversationVisibility(id: $id, visibility: $v) { conversation { visibility } } }"""
SHARE = """mutation($id: ID!, $u: ID!) {
  shareConversation(id: $id, userId: $u) { conversation { id } } }"""
DELETE = "mutation($id: ID!) { deleteConversation(id: $id) { deletedId } }"
MESSAGE = "query($id: ID!) { message(id: $id) { content } }"


async def _setup(owner: Api, member_as: MemberFactory) -> dict[str, Any]:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    mia, noah, vera = (
        await member_as(Role.MEMBER),
        await member_as(Role.MEMBER),
        await member_as(Role.VIEWER),
    )
    recorded = await record(
        owner,
        conversation("mia", agent_id, turn_pair(1, "Mia asks"), member_id=await user_id(mia)),
        conversation("noah", agent_id, turn_pair(1, "Noah asks"), member_id=await user_id(noah)),
        conversation("end", agent_id, turn_pair(1, "An end user asks")),
    )
    ids = {r["externalId"]: r for r in recorded}
    return {
        "mia": mia,
        "noah": noah,
        "vera": vera,
        "agent": agent_id,
        "conversation": {k: v["conversationId"] for k, v in ids.items()},
        "run": {k: v["turns"][1]["runId"] for k, v in ids.items()},
        "question": {k: v["turns"][0]["messageId"] for k, v in ids.items()},
    }


async def _questions(api: Api) -> list[str]:
    return sorted(r["question"] for r in await runs_of(api))


async def test_a_member_opens_only_their_own_conversations(
    owner: Api, member_as: MemberFactory
) -> None:
    s = await _setup(owner, member_as)
    mia = s["mia"]
    assert await _questions(mia) == ["Mia asks"]
    assert (await mia(CONVERSATION, {"id": s["conversation"]["mia"]}))["conversation"]
    for other in ("noah", "end"):
        assert (await mia.errors(CONVERSATION, {"id": s["conversation"][other]})).codes == [
            "NOT_FOUND"
        ]
        assert (await mia.errors(RUN, {"id": s["run"][other]})).codes == ["NOT_FOUND"]
        assert (await mia.errors(MESSAGE, {"id": s["question"][other]})).codes == ["NOT_FOUND"]
        rate = {"i": {"runId": s["run"][other], "value": "UP"}}
        assert (await mia.errors(RATE, rate)).codes == ["NOT_FOUND"]
    rated = await mia(RATE, {"i": {"runId": s["run"]["mia"], "value": "DOWN", "comment": "No"}})
    assert rated["rateRun"]["rating"] == {"value": "DOWN", "comment": "No", "byViewer": True}


async def test_shared_with_the_organization_or_by_a_grant_it_opens_for_them(
    owner: Api, member_as: MemberFactory
) -> None:
    s = await _setup(owner, member_as)
    mia, noah, vera = s["mia"], s["noah"], s["vera"]
    noahs = s["conversation"]["noah"]
    await noah(SHARE, {"id": noahs, "u": await user_id(vera)})
    assert await _questions(vera) == ["Noah asks"]
    assert await _questions(mia) == ["Mia asks"]
    await noah(SET_VISIBILITY, {"id": noahs, "v": "ORGANIZATION"})
    assert await _questions(mia) == ["Mia asks", "Noah asks"]
    # Only the person it was with shares it.
    not_theirs = await mia.errors(SHARE, {"id": noahs, "u": await user_id(vera)})
    assert not_theirs.codes == ["FORBIDDEN"]
    end_user = await owner.errors(
        SET_VISIBILITY, {"id": s["conversation"]["end"], "v": "ORGANIZATION"}
    )
    assert end_user.codes == ["FORBIDDEN"]


async def test_runs_view_reads_every_run_and_another_organization_reads_none(
    owner: Api, member_as: MemberFactory, other_curator: Api
) -> None:
    s = await _setup(owner, member_as)
    operator = await member_as(Role.OPERATOR)
    assert await _questions(operator) == ["An end user asks", "Mia asks", "Noah asks"]
    assert await runs_of(other_curator) == []
    for kind in ("mia", "end"):
        assert (await other_curator.errors(RUN, {"id": s["run"][kind]})).codes == ["NOT_FOUND"]
    body = await other_curator.raw(
        "query($id: ID!) { node(id: $id) { id } }", {"id": s["run"]["mia"]}
    )
    assert body["data"]["node"] is None


async def test_recording_needs_runs_view_and_deleting_needs_the_person_or_an_organization_manager(
    owner: Api, member_as: MemberFactory
) -> None:
    s = await _setup(owner, member_as)
    mia, noah = s["mia"], s["noah"]
    batch = {"i": {"conversations": [conversation("x", s["agent"], turn_pair(1))]}}
    assert (await mia.errors(RECORD, batch)).codes == ["FORBIDDEN"]
    operator = await member_as(Role.OPERATOR)
    assert (await operator.errors(DELETE, {"id": s["conversation"]["end"]})).codes == ["FORBIDDEN"]
    assert (await noah.errors(DELETE, {"id": s["conversation"]["mia"]})).codes == ["NOT_FOUND"]
    await mia(DELETE, {"id": s["conversation"]["mia"]})
    await owner(DELETE, {"id": s["conversation"]["end"]})
    assert await _questions(operator) == ["Noah asks"]
