"""What a span means, by the convention it was written in: GenAI attributes and events,
OpenInference's flattened messages, OpenLLMetry's indexed ones; and what it used."""

import json

import pytest

from casebook.domain.activity.traces.conventions import (
    ChatMessage,
    ToolCall,
    answer_in,
    kind_of,
    meaning_of,
    question_in,
)
from casebook.domain.activity.traces.spans import EventFacts
from tests.domain.activity.traces.builders import genai, messages, span, text_part


@pytest.mark.parametrize(
    ("attributes", "kind"),
    [
        ({"openinference.span.kind": "LLM"}, "llm"),
        ({"openinference.span.kind": "retriever"}, "retriever"),
        ({"openinference.span.kind": "RERANKER"}, "other"),
        ({"gen_ai.operation.name": "execute_tool"}, "tool"),
        ({"gen_ai.operation.name": "invoke_agent"}, "agent"),
        ({"gen_ai.operation.name": "embeddings"}, "embedding"),
        ({"traceloop.span.kind": "workflow"}, "chain"),
        ({"gen_ai.request.model": "m"}, "llm"),
        # OpenInference's own kind wins over the GenAI operation it may carry too.
        ({"openinference.span.kind": "AGENT", "gen_ai.operation.name": "chat"}, "agent"),
        ({"http.route": "/"}, "other"),
    ],
)
def test_the_kind_of_a_span(attributes: dict[str, str], kind: str) -> None:
    assert kind_of(span("1", **{k.replace(".", "__"): v for k, v in attributes.items()})) == kind


def test_genai_messages_with_tool_calls_and_their_responses() -> None:
    inputs = messages(
        genai([text_part("Be brief.")], "system"),
        genai([text_part("Where is 7?")]),
        genai(
            [{"type": "tool_call", "id": "c1", "name": "find", "arguments": {"id": 7}}], "assistant"
        ),
        genai([{"type": "tool_call_response", "id": "c1", "response": {"at": "depot"}}], "tool"),
    )
    outputs = [genai([text_part("At the depot.")], "assistant")]
    meaning = meaning_of(
        span(
            "1",
            gen_ai__operation__name="chat",
            gen_ai__input__messages=inputs,
            gen_ai__output__messages=outputs,  # structured values, not a JSON string
            gen_ai__response__model="m-2",
            gen_ai__usage__input_tokens=12,
            gen_ai__usage__output_tokens=3,
        )
    )
    assert meaning.kind == "llm"
    assert meaning.system_instructions == "Be brief."
    assert meaning.input_messages == (
        ChatMessage("user", "Where is 7?"),
        ChatMessage("assistant", "", (ToolCall("find", {"id": 7}, "c1"),)),
        ChatMessage("tool", '{"at":"depot"}', tool_call_id="c1"),
    )
    assert meaning.output_said == "At the depot."
    assert (meaning.model, meaning.input_tokens, meaning.output_tokens) == ("m-2", 12, 3)
    assert {"gen_ai.input.messages", "gen_ai.output.messages"} <= meaning.consumed


def test_openinference_flattened_messages_and_tool_calls() -> None:
    meaning = meaning_of(
        span(
            "1",
            **{
                "openinference.span.kind": "LLM",
                "llm.input_messages.0.message.role": "system",
                "llm.input_messages.0.message.content": "Be kind.",
                "llm.input_messages.1.message.role": "user",
                "llm.input_messages.1.message.contents.0.message_content.type": "text",
                "llm.input_messages.1.message.contents.0.message_content.text": "Refund 9",
                "llm.output_messages.0.message.role": "assistant",
                "llm.output_messages.0.message.tool_calls.0.tool_call.id": "call_1",
                "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "refund",
                "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": '{"id": 9}',
                "llm.model_name": "gpt-x",
                "llm.token_count.prompt": 5,
                "llm.token_count.completion": 1,
                "llm.cost.total": 0.25,
                "llm.invocation_parameters": '{"temperature": 0}',
                "session.id": "s",
                "user.id": "u",
            },
        )
    )
    assert meaning.input_messages == (ChatMessage("user", "Refund 9"),)
    assert meaning.system_instructions == "Be kind."
    assert meaning.requested_calls == (ToolCall("refund", {"id": 9}, "call_1"),)
    assert meaning.output_said == ""
    assert (meaning.cost_usd, meaning.session, meaning.user) == (0.25, "s", "u")
    assert "llm.invocation_parameters" not in meaning.consumed


def test_openllmetry_indexed_prompts_and_completions() -> None:
    meaning = meaning_of(
        span(
            "1",
            **{
                "llm.request.type": "chat",
                "gen_ai.prompt.0.role": "user",
                "gen_ai.prompt.0.content": "Hello?",
                "gen_ai.completion.0.role": "assistant",
                "gen_ai.completion.0.content": "Hi!",
                "gen_ai.usage.prompt_tokens": 2,
                "gen_ai.usage.completion_tokens": 1,
            },
        )
    )
    assert meaning.input_messages == (ChatMessage("user", "Hello?"),)
    assert meaning.output_said == "Hi!"
    assert (meaning.input_tokens, meaning.output_tokens) == (2, 1)


def test_genai_messages_written_as_span_events() -> None:
    events = (
        EventFacts("gen_ai.user.message", 1, {"content": "Question?"}),
        EventFacts("gen_ai.choice", 2, {"message": json.dumps({"content": "Answer."})}),
        EventFacts("log", 3, {"x": 1}),
    )
    meaning = meaning_of(span("1", gen_ai__operation__name="chat", events=events))
    assert meaning.input_messages == (ChatMessage("user", "Question?"),)
    assert meaning.output_said == "Answer."
    assert meaning.consumed_events == frozenset({0, 1})
    details = (
        EventFacts(
            "gen_ai.client.inference.operation.details",
            1,
            {
                "gen_ai.input.messages": messages(genai([text_part("Q2?")])),
                "gen_ai.output.messages": messages(genai([text_part("A2.")], "assistant")),
            },
        ),
    )
    read = meaning_of(span("2", gen_ai__operation__name="chat", events=details))
    assert (read.input_messages[0].text, read.output_said) == ("Q2?", "A2.")


def test_a_tool_span_in_each_convention() -> None:
    genai_tool = meaning_of(
        span(
            "1",
            gen_ai__operation__name="execute_tool",
            gen_ai__tool__name="lookup",
            gen_ai__tool__call__id="c9",
            gen_ai__tool__call__arguments='{"q": 1}',
            gen_ai__tool__call__result="found",
        )
    )
    assert (genai_tool.tool, genai_tool.tool_result) == (
        ToolCall("lookup", {"q": 1}, "c9"),
        "found",
    )
    openinference_tool = meaning_of(
        span(
            "2",
            **{
                "openinference.span.kind": "TOOL",
                "tool.name": "weather",
                "input.value": '{"city": "Oslo"}',
                "output.value": "rain",
                "tool.description": "The weather",
            },
        )
    )
    assert openinference_tool.tool == ToolCall("weather", {"city": "Oslo"}, None)
    assert openinference_tool.tool_result == "rain"
    assert "tool.description" not in openinference_tool.consumed
    named_by_span = meaning_of(span("3", gen_ai__operation__name="execute_tool"))
    assert named_by_span.tool is not None and named_by_span.tool.name == "span 3"


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Plain words", "Plain words"),
        ('{"input": "From a chain"}', "From a chain"),
        ('{"messages": [{"role": "user", "content": "Last one"}]}', "Last one"),
        ('[{"role": "user", "content": "a"}, {"role": "user", "content": "b"}]', "b"),
        ('{"only": "one text field", "n": 3}', "one text field"),
        ("   ", None),
    ],
)
def test_the_question_in_an_agents_input(text: str, question: str | None) -> None:
    assert question_in(text) == question


def test_the_answer_in_an_agents_output() -> None:
    assert answer_in('{"output": "Done"}') == "Done"
    assert answer_in('{"messages": [{"role": "assistant", "content": "Hi"}]}') == "Hi"
    assert answer_in("Just text") == "Just text"
