"""The webhook agent contract: signatures, and replies read or refused with every reason."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.agents.model import ToolSpec
from casebook.domain.agents.webhook_contract import (
    RESPONSE_MAX_BYTES,
    MalformedReply,
    Turn,
    parse_reply,
    request_body,
    signature,
    signature_valid,
)

TOOLS = (ToolSpec("lookup", read_only=True), ToolSpec("refund"))


def _reply(body: object, *, isolated: bool = False) -> object:
    return parse_reply(json.dumps(body).encode(), tools=TOOLS, isolated=isolated)


@given(st.text(min_size=1), st.integers(0, 2**40), st.binary())
def test_a_signature_verifies_only_for_its_secret_timestamp_and_body(
    secret: str, timestamp: int, body: bytes
) -> None:
    signed = signature(secret, timestamp, body)
    assert signed.startswith("v1=")
    assert signature_valid(secret, timestamp, body, signed, now=timestamp)
    assert not signature_valid(secret + "x", timestamp, body, signed, now=timestamp)
    assert not signature_valid(secret, timestamp, body + b"x", signed, now=timestamp)
    assert not signature_valid(secret, timestamp + 1, body, signed, now=timestamp)


def test_an_old_timestamp_is_a_replay() -> None:
    signed = signature("s", 1000, b"{}")
    assert signature_valid("s", 1000, b"{}", signed, now=1000 + 300)
    assert not signature_valid("s", 1000, b"{}", signed, now=1000 + 301)


def test_the_request_carries_history_question_tools_and_flags() -> None:
    body = json.loads(
        request_body(
            agent_id="QWdlbnQ6MQ==",
            agent_version=3,
            conversation_id=None,
            history=[Turn("user", "Hi"), Turn("agent", "Hello")],
            question="Where?",
            tools=TOOLS,
            isolated=True,
            eval_run=False,
        )
    )
    assert body["history"][1] == {"role": "agent", "content": "Hello"}
    assert body["question"] == "Where?" and body["run"] == {"isolated": True, "eval": False}
    assert [(t["name"], t["readOnly"]) for t in body["tools"]] == [
        ("lookup", True),
        ("refund", False),
    ]


def test_a_reply_in_steps_ends_with_its_answer() -> None:
    reply = _reply(
        {
            "steps": [
                {"type": "tool_call", "name": "lookup", "arguments": {"id": 1}, "status": "ok"},
                {"type": "text", "text": "Checking."},
            ],
            "answer": "Shipped.",
            "costUsd": 0.5,
        }
    )
    assert [s.kind for s in reply.steps] == ["tool_call", "text", "text"]  # type: ignore[attr-defined]
    assert reply.text == "Checking.\n\nShipped."  # type: ignore[attr-defined]
    assert reply.steps[0].read_only is True  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"answer": "x", "extra": 1}, "extra is not part of the contract"),
        ({"steps": "nope"}, "steps must be a list"),
        ({"steps": [{"type": "tool_call", "status": "ok"}]}, "steps.0.name is required"),
        ({"steps": [{"type": "tool_call", "name": "t", "status": "yes"}]}, "steps.0.status"),
        ({"steps": [{"type": "nap"}]}, "steps.0.type must be tool_call or text"),
        ({"answer": "x", "costUsd": -1}, "costUsd must be a number, 0 or more"),
        ({"answer": "x", "inputTokens": 1.5}, "inputTokens must be a whole number"),
        ({"answer": "nul\u0000"}, "answer must not contain the NUL character"),
    ],
)
def test_a_reply_breaking_the_contract_names_where(body: dict[str, object], reason: str) -> None:
    with pytest.raises(MalformedReply) as refused:
        _reply(body)
    assert any(reason in r for r in refused.value.reasons), refused.value.reasons


def test_an_isolated_run_may_not_report_a_write_as_executed() -> None:
    ok_write = {"steps": [{"type": "tool_call", "name": "refund", "status": "ok"}], "answer": "x"}
    with pytest.raises(MalformedReply):
        _reply(ok_write, isolated=True)
    _reply(ok_write, isolated=False)
    blocked = {"steps": [{"type": "tool_call", "name": "refund", "status": "blocked"}]}
    assert _reply(blocked, isolated=True).steps[0].status == "blocked"  # type: ignore[attr-defined]


def test_bounds_of_size_and_shape() -> None:
    with pytest.raises(MalformedReply, match="larger than"):
        parse_reply(b" " * (RESPONSE_MAX_BYTES + 1), tools=TOOLS, isolated=False)
    with pytest.raises(MalformedReply, match="not JSON"):
        parse_reply(b"<html>", tools=TOOLS, isolated=False)
    deep: object = "x"
    for _ in range(100):
        deep = [deep]
    with pytest.raises(MalformedReply, match="nested"):
        _reply(
            {
                "steps": [
                    {"type": "tool_call", "name": "t", "status": "ok", "arguments": {"a": deep}}
                ]
            }
        )


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda c: st.lists(c) | st.dictionaries(st.text(), c),
        max_leaves=20,
    )
)
def test_any_json_is_read_or_refused_never_crashes(value: object) -> None:
    try:
        _reply(value)
    except MalformedReply as refused:
        assert refused.reasons
