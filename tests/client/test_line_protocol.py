"""``casebook eval --exec``'s line protocol: a case per line out, an answer per line in. Any
line the child writes is read as an answer or refused with a reason that names what is
wrong - never an exception of another kind."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook_client.answers import Answer, NotAnAnswer, ToolCall, answer_input
from casebook_client.line_protocol import ANSWER_KEYS, answer_from_line, case_line


def test_an_answer_line_with_everything() -> None:
    line = json.dumps(
        {
            "answer": "refunded",
            "toolCalls": [{"name": "refund", "arguments": {"id": 1}, "status": "blocked"}],
            "costUsd": 0.5,
            "latencyMs": 30,
            "model": "m",
            "inputTokens": 1,
            "outputTokens": 2,
        }
    )
    assert answer_from_line(line) == Answer(
        "refunded", (ToolCall("refund", {"id": 1}, "blocked"),), 0.5, 30, "m", 1, 2
    )


def test_an_error_line() -> None:
    assert answer_from_line('{"error": "no model"}') == Answer(error="no model")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("not json", "not JSON: 'not json'"),
        ("[1]", "not an object"),
        ('{"answr": "yes"}', "keys the protocol does not know: 'answr'"),
        ('{"answer": 1}', "answer must be a string"),
        ('{"answer": "a", "toolCalls": {}}', "toolCalls must be a list"),
        ('{"answer": "a", "toolCalls": [1]}', "toolCalls.0 must be an object"),
        ('{"answer": "a", "toolCalls": [{"name": 1}]}', "toolCalls.0.name must be a string"),
        ('{"answer": "a", "toolCalls": [{"name": "t", "arguments": []}]}', "arguments must be"),
        ('{"answer": "a", "toolCalls": [{"name": "t", "x": 1}]}', "toolCalls.0 has keys"),
    ],
)
def test_a_line_that_is_not_an_answer_says_why(line: str, reason: str) -> None:
    with pytest.raises(NotAnAnswer, match=reason.replace("[", r"\[").replace("{", r"\{")):
        answer_from_line(line)


def test_a_case_is_one_line() -> None:
    line = case_line({"input": "two\nlines", "history": [], "x": "é"})
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line) == {"input": "two\nlines", "history": [], "x": "é"}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
answer_objects = st.fixed_dictionaries(
    {},
    optional={key: json_values for key in ANSWER_KEYS}
    | {
        "toolCalls": st.lists(
            st.dictionaries(st.sampled_from(["name", "arguments", "status", "result"]), json_values)
        )
    },
)


@given(st.one_of(st.text(), json_values.map(json.dumps), answer_objects.map(json.dumps)))
def test_any_line_is_an_answer_or_refused_by_name(line: str) -> None:
    try:
        answer = answer_from_line(line)
    except NotAnAnswer as refused:
        assert str(refused)
        return
    # What the line holds then goes through the same checks as a task's return.
    given_ = answer_input("item", "token", answer)
    assert given_.error is not None or given_.answer or given_.tool_calls


calls = st.builds(
    ToolCall,
    name=st.text(min_size=1),
    arguments=st.none() | st.dictionaries(st.text(), st.integers() | st.text()),
    status=st.sampled_from(["ok", "blocked", "failed"]),
    result=st.none() | st.text(),
)
answers = st.builds(
    Answer,
    text=st.none() | st.text(),
    tool_calls=st.lists(calls, max_size=3).map(tuple),
    cost_usd=st.none() | st.floats(0, 100),
    latency_ms=st.none() | st.floats(0, 1e6),
    model=st.none() | st.text(),
    input_tokens=st.none() | st.integers(0, 10**9),
    output_tokens=st.none() | st.integers(0, 10**9),
)


def _line(answer: Answer) -> str:
    return json.dumps(
        {
            "answer": answer.text,
            "toolCalls": [
                {"name": c.name, "arguments": c.arguments, "status": c.status, "result": c.result}
                for c in answer.tool_calls
            ],
            "costUsd": answer.cost_usd,
            "latencyMs": answer.latency_ms,
            "model": answer.model,
            "inputTokens": answer.input_tokens,
            "outputTokens": answer.output_tokens,
        }
    )


@given(answers)
def test_a_well_formed_answer_reads_back_as_written(written: Answer) -> None:
    assert answer_from_line(_line(written)) == written
