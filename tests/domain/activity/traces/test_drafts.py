"""Turns written as the drafts every way into Activity validates: conversation ids, the
person, history for a new conversation only, continuations of a stored run, redaction,
bounds; and whatever spans an exporter sends, the drafts validate."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span

from casebook.domain.activity.ingestion import STEPS_PER_RUN_MAX, TEXT_MAX, validate_batch
from casebook.domain.activity.traces.assembly import WaitingSpan, assemble
from casebook.domain.activity.traces.drafts import (
    Held,
    draft_conversations,
    end_user_of,
    storable,
)
from casebook.domain.activity.traces.spans import read_request
from casebook.domain.storable_text import json_problem
from tests.domain.activity.traces.builders import genai, messages, span, text_part, waiting


def _chat(
    span_id: str, question: str, answer: str, start: int, **more: object
) -> list[WaitingSpan]:
    return waiting(
        span(
            span_id,
            start=start,
            trace=span_id.rjust(32, "a"),
            gen_ai__operation__name="chat",
            gen_ai__input__messages=messages(
                genai([text_part("Earlier?")]),
                genai([text_part("Earlier answer.")], "assistant"),
                genai([text_part(question)]),
            ),
            gen_ai__output__messages=messages(genai([text_part(answer)], "assistant")),
            **{k.replace("__", "."): v for k, v in more.items()},
        )
    )


def test_a_session_is_one_conversation_and_only_a_new_one_gets_the_history() -> None:
    first = assemble([], _chat("1", "Q1?", "A1.", 1, session__id="s"))
    second = assemble([], _chat("2", "Q2?", "A2.", 5, session__id="s"))
    drafted = draft_conversations(first.turns + second.turns, {}, {})
    [conversation] = drafted.conversations
    assert conversation.external_id == "otel:1:session:s"
    assert conversation.end_user == "session:s"
    assert [(t.role, t.content) for t in conversation.turns] == [
        ("user", "Earlier?"),
        ("agent", None),
        ("user", "Q1?"),
        ("agent", None),
        ("user", "Q2?"),
        ("agent", None),
    ]
    held = {"otel:1:session:s": Held(None, "ana", last_run_id=7)}
    again = draft_conversations(second.turns, held, {})
    assert [t.content for t in again.conversations[0].turns if t.role == "user"] == ["Q2?"]
    assert again.conversations[0].end_user == "ana"  # the person it was first recorded with


def test_a_trace_without_a_session_is_its_own_conversation_and_person() -> None:
    plan = assemble([], _chat("3", "Q?", "A.", 1))
    [conversation] = draft_conversations(plan.turns, {}, {}).conversations
    assert conversation.external_id == f"otel:1:trace:{'3'.rjust(32, 'a')}"
    assert conversation.end_user == f"trace:{'3'.rjust(32, 'a')}"
    named = assemble([], _chat("4", "Q?", "A.", 1, user__id="  ana   lee "))
    assert end_user_of(named.turns[0]) == "ana lee"


def test_a_continuing_call_extends_the_stored_run_it_goes_on_with() -> None:
    asked = genai([text_part("Where?")])
    call = {"type": "tool_call", "id": "c1", "name": "find", "arguments": {}}
    answered = genai([{"type": "tool_call_response", "id": "c1", "response": "here"}], "tool")
    going_on = waiting(
        span(
            "9",
            gen_ai__operation__name="chat",
            session__id="s",
            gen_ai__input__messages=messages(asked, genai([call], "assistant"), answered),
            gen_ai__output__messages=messages(genai([text_part("Found.")], "assistant")),
        )
    )
    plan = assemble([], going_on)
    drafted = draft_conversations(plan.turns, {"otel:1:session:s": Held(None, "x", 55)}, {})
    assert drafted.conversations == []
    [extension] = drafted.extensions
    assert extension.run_id == 55
    assert [s.step.text for s in extension.steps] == ["Found."]
    assert [(c.name, r) for c, r in extension.results] == [("find", "here")]
    alone = draft_conversations(assemble([], going_on).turns, {}, {})
    steps = alone.conversations[0].turns[-1].run.steps  # type: ignore[union-attr]
    assert [(s.kind, s.result) for s in steps] == [("tool_call", "here"), ("text", None)]


def test_credentials_are_redacted_and_counted() -> None:
    secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    plan = assemble([], _chat("5", f"token {secret}", "ok", 1, custom__header=secret))
    drafted = draft_conversations(plan.turns, {}, {})
    text = json.dumps([str(t) for c in drafted.conversations for t in c.turns])
    assert secret not in text and "[redacted:github_token]" in text
    assert drafted.redacted >= 2


def test_a_run_keeps_at_most_its_bound_of_steps_and_its_answer() -> None:
    root = span(
        "1",
        start=1,
        end=10_000,
        gen_ai__operation__name="invoke_agent",
        input__value="Many tools?",
        output__value="All done.",
    )
    tools = [
        span(
            str(n + 10),
            "1",
            start=n + 2,
            gen_ai__operation__name="execute_tool",
            gen_ai__tool__name=f"t{n}",
        )
        for n in range(STEPS_PER_RUN_MAX + 20)
    ]
    plan = assemble([], waiting(root, *tools))
    [conversation] = draft_conversations(plan.turns, {}, {}).conversations
    run = conversation.turns[-1].run
    assert run is not None and len(run.steps) == STEPS_PER_RUN_MAX
    assert run.steps[-1].text == "All done."
    assert run.attributes is not None and run.attributes["steps_left_out"] == 21
    validate_batch(draft_conversations(plan.turns, {}, {}).conversations)


_TEXTS = st.one_of(
    st.text(max_size=40),
    st.just("\x00nul\x00"),
    st.just("x" * (TEXT_MAX + 5)),
    st.just('[{"role": "user", "content": "\\u0000"}]'),
    st.just('{"messages": [{"role": "user"}]}'),
)
_KEYS = st.sampled_from(
    [
        "gen_ai.operation.name",
        "openinference.span.kind",
        "gen_ai.input.messages",
        "gen_ai.output.messages",
        "input.value",
        "output.value",
        "gen_ai.tool.name",
        "gen_ai.tool.call.arguments",
        "llm.input_messages.0.message.role",
        "llm.input_messages.0.message.content",
        "llm.output_messages.0.message.tool_calls.0.tool_call.function.name",
        "session.id",
        "user.id",
        "gen_ai.usage.input_tokens",
        "anything.else",
    ]
)
_VALUES = st.one_of(
    _TEXTS.map(lambda t: AnyValue(string_value=t)),
    st.sampled_from(["chat", "invoke_agent", "execute_tool", "LLM", "TOOL", "AGENT"]).map(
        lambda t: AnyValue(string_value=t)
    ),
    st.integers(-(2**63), 2**63 - 1).map(lambda n: AnyValue(int_value=n)),
    st.floats(allow_nan=True, allow_infinity=True).map(lambda f: AnyValue(double_value=f)),
)


@st.composite
def _requests(draw: st.DrawFn) -> ExportTraceServiceRequest:
    request = ExportTraceServiceRequest()
    scope = request.resource_spans.add().scope_spans.add()
    for n in range(draw(st.integers(1, 6))):
        parent = draw(st.integers(0, n))
        scope.spans.append(
            Span(
                trace_id=bytes([1]) * 16,
                span_id=(n + 1).to_bytes(8, "big"),
                parent_span_id=parent.to_bytes(8, "big") if parent else b"",
                name=draw(_TEXTS),
                start_time_unix_nano=draw(st.integers(0, 2**64 - 1)),
                end_time_unix_nano=draw(st.integers(0, 2**64 - 1)),
                attributes=[
                    KeyValue(key=k, value=v)
                    for k, v in draw(st.lists(st.tuples(_KEYS, _VALUES), max_size=8))
                ],
            )
        )
    return request


@settings(max_examples=150)
@given(_requests())
def test_whatever_spans_say_their_drafts_validate_and_their_attributes_store(
    request: ExportTraceServiceRequest,
) -> None:
    reading = read_request(request, 100)
    plan = assemble([], [WaitingSpan(s, 1, settled=True) for s in reading.spans])
    drafted = draft_conversations([t for t in plan.turns if storable(t)], {}, {})
    validate_batch(drafted.conversations)
    for conversation in drafted.conversations:
        for turn in conversation.turns:
            if turn.run is not None and turn.run.attributes is not None:
                assert json_problem(turn.run.attributes, "attributes") is None


def test_figures_a_run_cannot_keep_are_not_known_rather_than_refused() -> None:
    """A span of two days and a cost past the bound: the turn is stored, its latency and
    cost unknown, and its drafts validate."""
    two_days_ms = 2 * 86_400_000  # the builder counts in milliseconds
    [long] = waiting(
        span(
            "5",
            start=1,
            end=1 + two_days_ms,
            gen_ai__operation__name="chat",
            gen_ai__input__messages=messages(genai([text_part("Q?")])),
            gen_ai__output__messages=messages(genai([text_part("A.")], "assistant")),
            gen_ai__usage__cost=1e12,
        )
    )
    plan = assemble([], [long])
    drafted = draft_conversations(plan.turns, {}, {})
    [run] = [t.run for c in drafted.conversations for t in c.turns if t.run is not None]
    assert (run.latency_ms, run.cost_usd) == (None, None)
    validate_batch(drafted.conversations)
