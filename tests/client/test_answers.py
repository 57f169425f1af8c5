"""What a task returns, as the API's answer input: text, an Answer, or - whatever it is
that cannot be stored - that item's error with the reason, never an exception."""

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook_client import Answer, ToolCall
from casebook_client.answers import ERROR_MAX, answer_input, error_text, exception_text

ITEM, TOKEN = "RXZhbFdvcmtJdGVtOjE=", "client:token"


def test_text_is_the_answer_and_the_measured_latency_is_kept() -> None:
    given_ = answer_input(ITEM, TOKEN, "yes", measured_ms=12.5)
    assert (given_.answer, given_.latency_ms, given_.error) == ("yes", 12.5, None)
    assert given_.item_id == ITEM and given_.lease_token == TOKEN


def test_an_answer_with_tool_calls_cost_and_its_own_latency() -> None:
    given_ = answer_input(
        ITEM,
        TOKEN,
        Answer(
            "refunded",
            tool_calls=[
                ToolCall("lookup_order", {"id": "A1"}, result="found"),
                ToolCall("refund", {"id": "A1"}, status="BLOCKED"),
            ],
            cost_usd=0.002,
            latency_ms=420,
            model="small",
            input_tokens=12,
            output_tokens=40,
        ),
        measured_ms=1.0,
    )
    sent = given_.model_dump(by_alias=True, mode="json", exclude_unset=True)
    assert sent["toolCalls"] == [
        {"name": "lookup_order", "arguments": {"id": "A1"}, "status": "OK", "result": "found"},
        {"name": "refund", "arguments": {"id": "A1"}, "status": "BLOCKED", "result": None},
    ]
    assert (sent["costUsd"], sent["latencyMs"], sent["model"]) == (0.002, 420, "small")
    assert (sent["inputTokens"], sent["outputTokens"]) == (12, 40)


@pytest.mark.parametrize(
    ("returned", "reason"),
    [
        (None, "the task returned None, not an answer"),
        (42, "the task returned a int, not text or an Answer"),
        ("", "the task returned an empty answer and no tool call"),
        (Answer(), "the task returned an empty answer and no tool call"),
        ("a\x00b", "the answer holds the NUL character"),
        ("\ud800", "the answer holds a lone surrogate"),
        (Answer("x", cost_usd=math.nan), "cost_usd must be a finite number"),
        (Answer("x", latency_ms="fast"), "latency_ms must be a number"),  # type: ignore[arg-type]
        (Answer("x", input_tokens=1.5), "input_tokens must be a whole number"),  # type: ignore[arg-type]
        (Answer("x", output_tokens=True), "output_tokens must be a whole number"),
        (Answer("x", tool_calls=[ToolCall("t", status="done")]), "tool_calls.0.status must be ok"),
        (Answer("x", tool_calls=[ToolCall(" ")]), "tool_calls.0.name must name the tool"),
        (
            Answer("x", tool_calls=[ToolCall("t", ["a"])]),
            "tool_calls.0.arguments must be an object",
        ),  # type: ignore[arg-type]
        (Answer("x", tool_calls=[ToolCall("t", {"a": object()})]), "cannot be sent as JSON"),
        (Answer("x", tool_calls=["t"]), "tool_calls.0 must be a ToolCall"),  # type: ignore[list-item]
        (Answer(error="the model timed out"), "the model timed out"),
    ],
)
def test_what_cannot_be_an_answer_is_the_items_error(returned: Any, reason: str) -> None:
    given_ = answer_input(ITEM, TOKEN, returned, measured_ms=3.0)
    assert given_.error is not None and reason in given_.error
    assert given_.answer is None and given_.latency_ms == 3.0


def test_an_exception_is_named_by_its_type() -> None:
    assert exception_text(ValueError("no such order")) == "ValueError: no such order"
    assert exception_text(KeyError()) == "KeyError"
    assert exception_text(RuntimeError("x" * 5000)).endswith("…")


@given(st.text())
def test_an_error_text_is_always_one_the_api_stores(text: str) -> None:
    kept = error_text(text)
    assert kept and "\x00" not in kept and len(kept) <= ERROR_MAX
    kept.encode("utf-8")  # no lone surrogate


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=10,
)


@given(
    st.one_of(st.text(), st.none(), st.integers()),
    st.lists(st.tuples(st.text(max_size=5), json_values, st.sampled_from(["ok", "blocked", "x"]))),
    st.one_of(st.none(), st.floats(), st.integers()),
)
def test_any_return_is_an_answer_or_an_error_and_always_sendable(
    text: Any, calls: list[tuple[str, Any, str]], cost: Any
) -> None:
    returned = Answer(text, tool_calls=[ToolCall(n, a, s) for n, a, s in calls], cost_usd=cost)
    sent = answer_input(ITEM, TOKEN, returned).model_dump(by_alias=True, mode="json")
    # Either an answer the API takes, or the item's error - and JSON httpx can send.
    assert sent["error"] or sent["answer"] or sent["toolCalls"]
    json.dumps(sent, allow_nan=False).encode("utf-8")
