"""Drafts taken from chats are personal data (spec: "Personal data", drafts): listed in the
asker's data export, deleted with the conversation they were drafted from and when the person who asked is erased; read and
decided only with runs:view, while others editing the dataset see how many wait."""

import json
from collections.abc import Awaitable, Callable
from typing import Any

from casebook.domain.access.catalog import Role
from casebook.domain.erasure.rules import ERASED_TEXT
from casebook.graphql.ids import decode_id
from tests.integration.activity.helpers import RATE, RUN, conversation, record, turn_pair
from tests.integration.conftest import MemberFactory
from tests.integration.generation.helpers import (
    ACCEPT,
    GENERATION,
    PROPOSED,
    estimate_and_start,
    generator_replying,
    proposed_nodes,
    setup,
)
from tests.integration.personal_data.helpers import DELETE_CONVERSATION, ERASE
from tests.integration.personal_data.test_end_user_export_retention import EXPORT
from tests.support.graphql_client import Api
from tests.support.marker_search import columns_holding
from tests.support.model_server import ModelServer

ANA, BO, CY = "ana@example.com", "bo@example.com", "cy@example.com"
MARK = "QX9GENERATOR"


async def _sources(owner: Api, dataset: str) -> list[str]:
    return sorted(d["source"] for d in proposed_nodes(await owner(PROPOSED, {"d": dataset})))


async def test_a_deleted_conversation_and_an_erased_asker_take_their_drafts_with_them(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    s = await setup(owner, model_server, askers=(ANA, BO, CY))
    model_server.respond_with(generator_replying())
    await estimate_and_start(owner, s, ["agent", "chats"], 6)
    await run_worker()
    assert await _sources(owner, s.dataset) == ["agent", "chats", "chats", "chats"]

    exported = await owner(EXPORT, {"p": {"endUser": BO}})
    document = json.loads(exported["personDataExport"]["content"])
    assert [d["conversation_id"] for d in document["proposed_cases"]] == [
        decode_id(s.conversations[1], "Conversation")
    ]

    await owner(DELETE_CONVERSATION, {"id": s.conversations[0]})
    assert await _sources(owner, s.dataset) == ["agent", "chats", "chats"]

    await owner(ERASE, {"i": {"endUser": BO}})
    await run_worker()
    remaining = proposed_nodes(await owner(PROPOSED, {"d": s.dataset}))
    assert sorted(d["source"] for d in remaining) == ["agent", "chats"]
    [left] = [d for d in remaining if d["source"] == "chats"]
    assert left["conversationId"] == s.conversations[2]


async def test_chat_drafts_are_read_and_decided_only_with_runs_view(
    owner: Api,
    model_server: ModelServer,
    run_worker: Callable[[], Awaitable[None]],
    member_as: MemberFactory,
) -> None:
    s = await setup(owner, model_server)
    model_server.respond_with(generator_replying())
    await estimate_and_start(owner, s, ["agent", "chats"], 2)
    await run_worker()
    chat_draft = next(
        d["id"]
        for d in proposed_nodes(await owner(PROPOSED, {"d": s.dataset}))
        if d["source"] == "chats"
    )
    # An edit grant on the dataset: a Member may edit it but does not read runs.
    member = await member_as(Role.MEMBER)
    member_id = (await member("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    await owner(
        "mutation($d: ID!, $u: ID!) { shareDataset(id: $d, userId: $u, level: EDIT) "
        "{ grant { level } } }",
        {"d": s.dataset, "u": member_id},
    )
    seen = await member(PROPOSED, {"d": s.dataset})
    assert [d["source"] for d in proposed_nodes(seen)] == ["agent"]
    assert seen["dataset"]["proposedCaseCount"] == 2
    refused = await member.errors(ACCEPT, {"ids": [chat_draft]})
    assert refused.codes == ["NOT_FOUND"]
    viewer = await member_as(Role.VIEWER)
    assert (await viewer.errors(PROPOSED, {"d": s.dataset})).codes == ["FORBIDDEN"]


async def test_erasing_an_asker_reaches_the_generators_own_run_that_quoted_them(
    owner: Api,
    model_server: ModelServer,
    run_worker: Callable[[], Awaitable[None]],
    sessionmaker: Any,
) -> None:
    """Erasing a person also reaches the case generator's own run in Activity: its prompt
    quoted their question and its reply varied it, as the drafts it made did ("the person
    who asked the question is erased, the draft is deleted with it")."""
    s = await setup(owner, model_server, askers=(BO,))
    asked = await record(
        owner,
        conversation(
            "ana-1", s.agent, turn_pair(1, f"Where is parcel {MARK}?", "Soon."), end_user=ANA
        ),
    )
    await owner(RATE, {"i": {"runId": asked[0]["turns"][1]["runId"], "value": "DOWN"}})
    model_server.respond_with(generator_replying())
    generation_id = await estimate_and_start(owner, s, ["chats"], 2)
    await run_worker()
    run_id = (await owner(GENERATION, {"id": generation_id}))["generation"]["runId"]
    assert run_id is not None
    generator_run = (await owner(RUN, {"id": run_id}))["run"]
    assert MARK in generator_run["question"]  # the prompt quoted her question

    await owner(ERASE, {"i": {"endUser": ANA}})
    await run_worker()

    erased = (await owner(RUN, {"id": run_id}))["run"]
    assert erased["question"] == ERASED_TEXT and erased["answer"] == ERASED_TEXT
    assert {step["text"] for step in erased["steps"]} == {ERASED_TEXT}
    # The run stays, with its figures: the generation's spend is still the organization's.
    assert erased["agentName"] == "Case generator" and erased["inputTokens"] is not None
    assert await columns_holding(sessionmaker, MARK) == []
    assert await columns_holding(sessionmaker, ANA) == []
