"""Spec: "every reply of an agent has an Add to dataset control, once, on its last step: a
reply written in steps - a tool call, then the answer - is one case." A reply an integrator
records as two agent turns in a row is one answer to its question: one run, one Add to
dataset - whether both turns come in one request or the second in a later one."""

from typing import Any

from tests.integration.activity.helpers import CONVERSATION, RUN, conversation, record, runs_of
from tests.integration.agents.helpers import webhook_agent
from tests.support.graphql_client import Api

DRAFT = """query($id: ID!) { run(id: $id) { caseDraft { question answer suggestedKeepAs
  expectedToolCalls history { role content } } } }"""
QUESTION = {"externalId": "q1", "role": "USER", "content": "Please refund order 1234"}
CALLED = {
    "externalId": "a1",
    "role": "AGENT",
    "run": {
        "steps": [
            {
                "kind": "TOOL_CALL",
                "toolName": "refund_order",
                "arguments": {"order_id": "1234"},
                "status": "OK",
                "result": "refunded",
            }
        ],
        "costUsd": 0.25,
        "latencyMs": 100,
        "inputTokens": 10,
    },
}
ANSWERED = {
    "externalId": "a2",
    "role": "AGENT",
    "run": {
        "steps": [{"kind": "TEXT", "text": "Done: order 1234 is refunded."}],
        "costUsd": 0.5,
        "latencyMs": 200,
        "inputTokens": 20,
        "outputTokens": 7,
    },
}
NEXT = [
    {"externalId": "q2", "role": "USER", "content": "Thanks, and order 99?"},
    {"externalId": "a3", "role": "AGENT", "content": "Order 99 ships today."},
]


async def _agent(owner: Api) -> str:
    created = await webhook_agent(owner, "https://agents.example.com/support")
    return str(created["agent"]["id"])


async def _one_answer(owner: Api, recorded: list[dict[str, Any]]) -> None:
    turns = {t["externalId"]: t for c in recorded for t in c["turns"]}
    run_id = turns["a1"]["runId"]
    assert run_id is not None and turns["a2"]["runId"] == run_id  # one run wrote both
    [run] = await runs_of(owner, rating=None) or [None]
    assert run is not None and run["id"] == run_id  # one run in Activity, one Add to dataset
    assert run["question"] == "Please refund order 1234"
    assert run["answer"] == "Done: order 1234 is refunded."
    assert [(s["position"], s["kind"]) for s in run["steps"]] == [(1, "TOOL_CALL"), (2, "TEXT")]
    assert (run["costUsd"], run["latencyMs"]) == (0.75, 300)
    assert (run["inputTokens"], run["outputTokens"]) == (30, 7)
    draft = (await owner(DRAFT, {"id": run_id}))["run"]["caseDraft"]
    assert draft["answer"] == "Done: order 1234 is refunded."
    assert draft["expectedToolCalls"] == ["refund_order"]
    messages = [
        e["node"]
        for e in (await owner(CONVERSATION, {"id": recorded[0]["conversationId"]}))["conversation"][
            "messages"
        ]["edges"]
    ]
    # The later part keeps its place in the conversation, with no run of its own.
    assert [(m["role"], m["run"]["id"] if m["run"] else None) for m in messages] == [
        ("USER", None),
        ("AGENT", run_id),
        ("AGENT", None),
    ]


async def test_two_agent_turns_in_one_request_are_one_run(owner: Api) -> None:
    agent_id = await _agent(owner)
    recorded = await record(owner, conversation("c1", agent_id, [QUESTION, CALLED, ANSWERED]))
    await _one_answer(owner, recorded)


async def test_an_agent_turn_recorded_later_continues_the_reply_it_follows(owner: Api) -> None:
    agent_id = await _agent(owner)
    first = await record(owner, conversation("c1", agent_id, [QUESTION, CALLED]))
    second = await record(owner, conversation("c1", agent_id, [ANSWERED]))
    await _one_answer(owner, [{**first[0], "turns": first[0]["turns"] + second[0]["turns"]}])
    # Sent again, nothing is stored twice.
    again = await record(owner, conversation("c1", agent_id, [QUESTION, CALLED, ANSWERED]))
    assert again[0]["turnsStored"] == 0
    await _one_answer(owner, again)


async def test_a_question_between_agent_turns_starts_another_answer(owner: Api) -> None:
    agent_id = await _agent(owner)
    recorded = await record(
        owner, conversation("c1", agent_id, [QUESTION, CALLED, ANSWERED, *NEXT])
    )
    turns = {t["externalId"]: t for t in recorded[0]["turns"]}
    assert turns["a3"]["runId"] not in (None, turns["a1"]["runId"])
    later = (await owner(RUN, {"id": turns["a3"]["runId"]}))["run"]
    assert (later["question"], later["answer"]) == (
        "Thanks, and order 99?",
        "Order 99 ships today.",
    )
    assert len(await runs_of(owner)) == 2
    # The conversation before it holds the first answer once, as one turn.
    draft = (await owner(DRAFT, {"id": turns["a3"]["runId"]}))["run"]["caseDraft"]
    assert draft["history"] == [
        {"role": "user", "content": "Please refund order 1234"},
        {"role": "assistant", "content": "Done: order 1234 is refunded."},
    ]
