"""Tool calls through both providers: the tools are declared, the calls read back, the results
sent as each API expects - and a tool call the provider garbles is a malformed response."""

import pytest

from casebook.llm.anthropic import AnthropicProvider
from casebook.llm.errors import MalformedResponse
from casebook.llm.openai_compatible import OpenAICompatibleProvider
from casebook.llm.protocol import ChatMessage, ChatRequest, ToolCall, ToolDefinition
from tests.support.model_server import ModelServer, raw_reply, text_reply, tool_call_reply

LOOKUP = ToolDefinition(
    "lookup_order", "Read an order", {"type": "object", "properties": {"id": {"type": "string"}}}
)


def _asking() -> ChatRequest:
    return ChatRequest(
        model="judge-model",
        messages=[ChatMessage("system", "Help."), ChatMessage("user", "Where is 7?")],
        tools=[LOOKUP],
    )


def _answering(call: ToolCall) -> ChatRequest:
    return ChatRequest(
        model="judge-model",
        messages=[
            ChatMessage("system", "Help."),
            ChatMessage("user", "Where is 7?"),
            ChatMessage("assistant", "", tool_calls=(call,)),
            ChatMessage("tool", "shipped", tool_call_id=call.id),
        ],
        tools=[LOOKUP],
    )


async def test_openai_declares_tools_reads_calls_and_sends_results(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(tool_call_reply(("lookup_order", {"id": "7"})), text_reply("Shipped."))
    first = await openai_provider.chat(_asking())
    assert first.tool_calls == (ToolCall("call_1", "lookup_order", '{"id": "7"}'),)
    assert first.finish_reason == "tool_calls"
    sent = model_server.chat_requests[0].body
    assert sent["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "lookup_order",
                "description": "Read an order",
                "parameters": LOOKUP.parameters,
            },
        }
    ]
    second = await openai_provider.chat(_answering(first.tool_calls[0]))
    assert second.text == "Shipped." and second.tool_calls == ()
    follow = model_server.chat_requests[1].body["messages"]
    assert follow[2]["tool_calls"][0]["function"] == {
        "name": "lookup_order",
        "arguments": '{"id": "7"}',
    }
    assert follow[3] == {"role": "tool", "tool_call_id": "call_1", "content": "shipped"}


async def test_anthropic_declares_tools_reads_tool_use_and_groups_results(
    model_server: ModelServer, anthropic_provider: AnthropicProvider
) -> None:
    model_server.reply_with(
        tool_call_reply(("lookup_order", {"id": "7"}), text="Let me look."), text_reply("Shipped.")
    )
    first = await anthropic_provider.chat(_asking())
    assert first.text == "Let me look."
    assert first.tool_calls == (ToolCall("toolu_1", "lookup_order", {"id": "7"}),)
    assert model_server.chat_requests[0].body["tools"][0]["input_schema"] == LOOKUP.parameters
    await anthropic_provider.chat(_answering(first.tool_calls[0]))
    turns = model_server.chat_requests[1].body["messages"]
    assert turns[1] == {
        "role": "assistant",
        "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "lookup_order", "input": {"id": "7"}}
        ],
    }
    assert turns[2] == {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "shipped"}],
    }


@pytest.mark.parametrize(
    "body",
    [
        b'{"choices": [{"message": {"content": null, "tool_calls": {"a": 1}}}]}',
        b'{"choices": [{"message": {"content": null, "tool_calls": [{"id": "x"}]}}]}',
        b'{"choices": [{"message": {"tool_calls": [{"function": {"name": "t", "arguments": 3}}]}}]}',
    ],
)
async def test_a_garbled_tool_call_is_a_malformed_response(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider, body: bytes
) -> None:
    model_server.reply_with(raw_reply(body))
    with pytest.raises(MalformedResponse):
        await openai_provider.chat(_asking())
