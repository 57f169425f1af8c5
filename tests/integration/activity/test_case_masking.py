"""A case copied from a conversation shows its text to runs:view and to those who may open that
conversation; everyone else sees the mask, and a missing source stays masked."""

from typing import Any

from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.graphql.ids import decode_id
from casebook.services.datasets import cases
from casebook.services.datasets.versioning import SourceLink
from casebook.services.kernel.context import ServiceContext
from tests.integration.activity.helpers import conversation, record, turn_pair
from tests.integration.agents.helpers import user_id, webhook_agent
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import CASES, create_dataset
from tests.integration.datasets.test_files import EXPORT
from tests.support.graphql_client import Api

DELETE = "mutation($id: ID!) { deleteConversation(id: $id) { deletedId } }"
QUESTION = "My order 1234 never came, I'm Mia"


async def _owner_ctx(app: Any, owner: Api) -> ServiceContext:
    me = await owner("{ viewer { user { id } organization { id } } }")
    actor = Actor(
        decode_id(me["viewer"]["user"]["id"], "User"),
        decode_id(me["viewer"]["organization"]["id"], "Organization"),
        Role.OWNER,
    )
    state = app.state.casebook
    return ServiceContext(state.sessionmaker, state.redis, state.settings, actor)


async def _copied(app: Any, owner: Api, dataset_id: str, recorded: dict[str, Any] | None) -> None:
    link = (
        SourceLink(
            run_id=decode_id(recorded["turns"][1]["runId"], "Run"),
            conversation_id=decode_id(recorded["conversationId"], "Conversation"),
            message_id=decode_id(recorded["turns"][1]["messageId"], "Message"),
        )
        if recorded
        else SourceLink()
    )
    await cases.add_case(
        await _owner_ctx(app, owner),
        decode_id(dataset_id, "Dataset"),
        {"input": QUESTION, "counter_example": "Too bad.", "tags": ["shipping"]},
        source="conversation",
        link=link,
    )


async def _seen(api: Api, dataset_id: str) -> dict[str, Any]:
    node: dict[str, Any] = (await api(CASES, {"d": dataset_id}))["dataset"]["cases"]["edges"][0][
        "node"
    ]
    return node


async def test_the_person_of_the_conversation_reads_it_others_see_the_mask_until_it_is_deleted(
    app: Any, owner: Api, member_as: MemberFactory
) -> None:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    mia, noah, operator = (
        await member_as(Role.MEMBER),
        await member_as(Role.MEMBER),
        await member_as(Role.OPERATOR),
    )
    recorded = (
        await record(
            owner,
            conversation("c", agent_id, turn_pair(1, QUESTION), member_id=await user_id(mia)),
        )
    )[0]
    dataset_id = await create_dataset(owner)
    await _copied(app, owner, dataset_id, recorded)
    assert (await _seen(mia, dataset_id))["input"] == QUESTION
    hidden = await _seen(noah, dataset_id)
    assert hidden["masked"] is True and hidden["input"].startswith("[hidden")
    assert hidden["tags"] == ["shipping"]
    exported = await noah(EXPORT, {"d": dataset_id, "f": "jsonl", "v": 1})
    assert "Mia" not in exported["dataset"]["export"]["content"]
    assert (
        "Mia" in (await mia(EXPORT, {"d": dataset_id, "f": "csv"}))["dataset"]["export"]["content"]
    )
    await mia(DELETE, {"id": recorded["conversationId"]})
    gone = await _seen(mia, dataset_id)
    assert gone["masked"] is True and gone["input"].startswith("[hidden")
    kept = await _seen(operator, dataset_id)
    assert kept["masked"] is False and kept["input"] == QUESTION


async def test_a_conversation_case_without_a_source_stays_masked(
    app: Any, owner: Api, member_as: MemberFactory
) -> None:
    dataset_id = await create_dataset(owner)
    await _copied(app, owner, dataset_id, None)
    viewer = await member_as(Role.VIEWER)
    seen = await _seen(viewer, dataset_id)
    assert seen["masked"] is True and seen["input"].startswith("[hidden")
    exported = await viewer(EXPORT, {"d": dataset_id, "f": "jsonl", "v": 1})
    assert "Mia" not in exported["dataset"]["export"]["content"]
    assert (await _seen(owner, dataset_id))["input"] == QUESTION
