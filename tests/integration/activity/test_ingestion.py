"""Integrators record conversations, turns and runs in batches, idempotent by their own ids."""

import asyncio
from typing import Any

import httpx
from sqlalchemy import text

from tests.integration.activity.helpers import (
    APPEND,
    CONVERSATION,
    RECORD,
    RUN,
    conversation,
    record,
    runs_of,
    turn_pair,
)
from tests.integration.agents.helpers import LOOKUP_TOOL, REFUND_TOOL, webhook_agent
from tests.integration.conftest import PASSWORD
from tests.support.graphql_client import Api


async def _agent(owner: Api) -> str:
    created = await webhook_agent(owner, "https://agents.example.com/support")
    return str(created["agent"]["id"])


def _batch(agent_id: str, n: int = 3) -> list[dict[str, Any]]:
    calls = [
        {"name": "lookup_order", "args": {"order_id": "1234"}, "result": "in transit"},
        {"name": "refund_order", "args": {"order_id": "1234"}, "status": "BLOCKED"},
    ]
    return [
        conversation(
            f"conv-{i}",
            agent_id,
            turn_pair(1, f"Where is order {i}?", "On its way.", calls=calls, costUsd=0.002)
            + turn_pair(2, "And when will it arrive?", "Tomorrow."),
        )
        for i in range(n)
    ]


async def _count(sessionmaker: Any, table: str) -> int:
    async with sessionmaker() as session:
        return int((await session.execute(text(f"SELECT count(*) FROM {table}"))).scalar_one())


async def test_the_same_batch_twice_is_stored_once(owner: Api, sessionmaker: Any) -> None:
    agent_id = await _agent(owner)
    first = await record(owner, *_batch(agent_id))
    assert [c["created"] for c in first] == [True, True, True]
    assert [c["turnsStored"] for c in first] == [4, 4, 4]
    again = await record(owner, *_batch(agent_id))
    assert [c["created"] for c in again] == [False, False, False]
    assert [c["turnsStored"] for c in again] == [0, 0, 0]
    assert [c["conversationId"] for c in again] == [c["conversationId"] for c in first]
    assert again[0]["turns"] == [{**t, "stored": False} for t in first[0]["turns"]]
    counts = [
        await _count(sessionmaker, t) for t in ("conversations", "messages", "runs", "run_steps")
    ]
    assert counts == [3, 12, 6, 12]


async def test_two_identical_batches_at_the_same_time_store_once(
    app: Any, owner: Api, org: Any, sessionmaker: Any
) -> None:
    agent_id = await _agent(owner)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://api.test"
    ) as other:
        second = Api(other)
        await second.login(org.owner_email, PASSWORD)
        batch = {"i": {"conversations": _batch(agent_id, 5)}}
        results = await asyncio.gather(owner(RECORD, batch), second(RECORD, batch))
    stored = [
        sum(c["turnsStored"] for c in r["recordConversations"]["conversations"]) for r in results
    ]
    assert sorted(stored) == [0, 20]
    assert await _count(sessionmaker, "runs") == 10


async def test_turns_are_appended_after_what_a_conversation_holds(owner: Api) -> None:
    agent_id = await _agent(owner)
    first = (await record(owner, conversation("c", agent_id, turn_pair(1))))[0]
    later = conversation(
        "c", agent_id, turn_pair(1) + turn_pair(2, "What about order 99?", "Delivered.")
    )
    appended = (await record(owner, later))[0]
    assert appended["created"] is False and appended["turnsStored"] == 2
    shown = await owner(CONVERSATION, {"id": first["conversationId"]})
    messages = [e["node"] for e in shown["conversation"]["messages"]["edges"]]
    assert [(m["position"], m["role"], m["content"]) for m in messages] == [
        (1, "USER", "Where is my order 1234?"),
        (2, "AGENT", "It ships tomorrow."),
        (3, "USER", "What about order 99?"),
        (4, "AGENT", "Delivered."),
    ]
    assert messages[0]["authorEndUser"] == "ana@example.com" and messages[3]["run"]
    run = (await owner(RUN, {"id": appended["turns"][3]["runId"]}))["run"]
    assert run["question"] == "What about order 99?" and run["answer"] == "Delivered."
    by_id = {
        "conversationId": first["conversationId"],
        "turns": [{"externalId": "q3", "role": "USER", "content": "Thanks!"}],
    }
    tail = (await owner(APPEND, {"i": by_id}))["appendTurns"]["conversation"]
    assert tail["turnsStored"] == 1
    assert (await owner(APPEND, {"i": by_id}))["appendTurns"]["conversation"]["turnsStored"] == 0


async def test_a_run_keeps_its_steps_flags_figures_and_the_tools_read_only_flag(
    owner: Api,
) -> None:
    created = await webhook_agent(owner, "https://a.example.com", tools=[LOOKUP_TOOL, REFUND_TOOL])
    agent_id = created["agent"]["id"]
    calls = [
        {"name": "lookup_order", "args": {"order_id": "7"}, "result": "shipped"},
        {"name": "refund_order", "args": {"order_id": "7"}, "status": "BLOCKED"},
        {"name": "undeclared", "args": {}, "status": "FAILED"},
    ]
    turns = turn_pair(
        1,
        calls=calls,
        isolated=True,
        eval=True,
        costUsd=0.0125,
        latencyMs=840.5,
        model="gpt-4o",
        inputTokens=120,
        outputTokens=30,
    )
    recorded = (await record(owner, conversation("flags", agent_id, turns)))[0]
    run = (await owner(RUN, {"id": recorded["turns"][1]["runId"]}))["run"]
    assert (run["isolated"], run["eval"], run["costUsd"], run["latencyMs"]) == (
        True,
        True,
        0.0125,
        840.5,
    )
    assert (run["model"], run["inputTokens"], run["outputTokens"]) == ("gpt-4o", 120, 30)
    assert run["agentName"] == "Webhook bot" and run["agentVersionNumber"] == 1
    assert [(s["kind"], s["toolName"], s["status"], s["readOnly"]) for s in run["steps"]] == [
        ("TOOL_CALL", "lookup_order", "OK", True),
        ("TOOL_CALL", "refund_order", "BLOCKED", False),
        ("TOOL_CALL", "undeclared", "FAILED", None),
        ("TEXT", None, None, None),
    ]
    assert run["steps"][0]["arguments"] == {"order_id": "7"}
    assert run["steps"][0]["result"] == "shipped" and run["hasTranscript"] is True


async def test_a_bad_batch_is_refused_whole_naming_every_problem(
    owner: Api, sessionmaker: Any
) -> None:
    agent_id = await _agent(owner)
    bad = [
        {"externalId": "x", "agentId": agent_id, "turns": turn_pair(1)},
        conversation(
            "y",
            agent_id,
            [
                {"externalId": "q", "role": "USER", "content": "a question"},
                {"externalId": "a", "role": "AGENT", "run": {"steps": []}},
                {
                    "externalId": "b",
                    "role": "AGENT",
                    "run": {
                        "steps": [{"kind": "TOOL_CALL", "toolName": "t", "arguments": [1]}],
                        "costUsd": -1,
                        "agentVersion": 9,
                    },
                },
            ],
        ),
        conversation("x", agent_id, turn_pair(1)),
    ]
    errors = await owner.errors(RECORD, {"i": {"conversations": bad}})
    paths = {f["path"] for f in errors.errors[0]["extensions"]["fields"]}
    assert errors.codes == ["BAD_USER_INPUT"]
    assert {
        "conversations.0.memberId",
        "conversations.1.turns.1.run.steps",
        "conversations.1.turns.2.run.steps.0.arguments",
        "conversations.1.turns.2.run.costUsd",
        "conversations.2.externalId",
    } <= paths, paths
    assert await _count(sessionmaker, "conversations") == 0
    # Text no column can store is refused at the edge, before the batch is read, by name.
    unstorable = [
        conversation(
            "z", agent_id, [{"externalId": "q", "role": "USER", "content": "nul\u0000here"}]
        )
    ]
    errors = await owner.errors(RECORD, {"i": {"conversations": unstorable}})
    assert errors.codes == ["BAD_USER_INPUT"]
    assert (
        errors.errors[0]["extensions"]["fields"][0]["path"]
        == "input.conversations.0.turns.0.content"
    )
    assert await _count(sessionmaker, "conversations") == 0


async def test_unknown_agents_versions_and_a_conversation_with_another_agent_are_refused(
    owner: Api,
) -> None:
    agent_id = await _agent(owner)
    other = (await webhook_agent(owner, "https://b.example.com", name="Other"))["agent"]["id"]
    late = turn_pair(1, agentVersion=2)
    errors = await owner.errors(
        RECORD, {"i": {"conversations": [conversation("v", agent_id, late)]}}
    )
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == (
        "conversations.0.turns.1.run.agentVersion"
    )
    await record(owner, conversation("same", agent_id, turn_pair(1)))
    moved = await owner.errors(RECORD, {"i": {"conversations": [conversation("same", other, [])]}})
    assert moved.errors[0]["extensions"]["fields"][0]["path"] == "conversations.0.agentId"
    unknown = "QWdlbnQ6OTk5OTk="  # Agent:99999
    missing = await owner.errors(RECORD, {"i": {"conversations": [conversation("u", unknown, [])]}})
    assert missing.errors[0]["extensions"]["fields"] == [
        {"path": "conversations.0.agentId", "message": "agent not found"}
    ]


async def test_ratings_are_recorded_once_per_person_and_a_new_one_replaces_it(owner: Api) -> None:
    agent_id = await _agent(owner)
    recorded = (await record(owner, conversation("r", agent_id, turn_pair(1))))[0]
    run_id = recorded["turns"][1]["runId"]
    down = {"runId": run_id, "value": "DOWN", "comment": "Wrong date", "endUser": "ana"}
    query = "mutation($i: RecordRatingsInput!) { recordRatings(input: $i) { recorded } }"
    await owner(query, {"i": {"ratings": [down]}})
    await owner(query, {"i": {"ratings": [down]}})
    run = (await owner(RUN, {"id": run_id}))["run"]
    assert run["ratingSummary"] == {"up": 0, "down": 1}
    await owner(query, {"i": {"ratings": [{**down, "value": "UP", "comment": None}]}})
    run = (await owner(RUN, {"id": run_id}))["run"]
    assert run["ratings"] == [
        {"value": "UP", "comment": None, "raterEndUser": "ana", "byViewer": False, "rater": None}
    ]
    assert (await runs_of(owner, rating="UP"))[0]["id"] == run_id
