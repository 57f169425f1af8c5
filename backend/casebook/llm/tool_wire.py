"""Tool calls on the wire: OpenAI's ``tools``/``tool_calls`` and Anthropic's ``tool_use``
blocks, both read into ``ToolCall`` and written from ``ChatMessage``."""

from typing import Any

import orjson

from casebook.llm.errors import MalformedResponse
from casebook.llm.protocol import ChatMessage, ToolCall, ToolDefinition


def openai_tools(tools: list[ToolDefinition]) -> list[dict[str, Any]]:
    return [
        {
            "type": "function",
            "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
        }
        for t in tools
    ]


def openai_message(message: ChatMessage) -> dict[str, Any]:
    if message.role == "tool":
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content}
    if message.role == "assistant" and message.tool_calls:
        return {
            "role": "assistant",
            "content": message.content or None,
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {
                        "name": call.name,
                        "arguments": call.arguments
                        if isinstance(call.arguments, str)
                        else orjson.dumps(call.arguments).decode(),
                    },
                }
                for call in message.tool_calls
            ],
        }
    return {"role": message.role, "content": message.content}


def openai_tool_calls(message: dict[str, Any], *, label: str) -> tuple[ToolCall, ...]:
    raw = message.get("tool_calls")
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise MalformedResponse(f"{label} answered tool_calls that are not a list")
    calls: list[ToolCall] = []
    for item in raw:
        function = item.get("function") if isinstance(item, dict) else None
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            raise MalformedResponse(f"{label} answered a tool call without a function name")
        arguments = function.get("arguments", "")
        if not isinstance(arguments, str | dict):
            raise MalformedResponse(f"{label} answered tool call arguments of the wrong type")
        call_id = item.get("id")
        calls.append(
            ToolCall(
                call_id if isinstance(call_id, str) and call_id else f"call_{len(calls) + 1}",
                function["name"],
                arguments,
            )
        )
    return tuple(calls)


def anthropic_tools(tools: list[ToolDefinition]) -> list[dict[str, Any]]:
    return [
        {"name": t.name, "description": t.description, "input_schema": t.parameters} for t in tools
    ]


def _input_of(call: ToolCall) -> dict[str, Any]:
    if isinstance(call.arguments, dict):
        return call.arguments
    try:
        parsed = orjson.loads(call.arguments or "{}")
    except orjson.JSONDecodeError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


def anthropic_turns(messages: list[ChatMessage]) -> list[dict[str, Any]]:
    """The Messages API's turns: a model's calls as ``tool_use`` blocks, and consecutive tool
    results as one user turn of ``tool_result`` blocks."""
    turns: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "system":
            continue
        if message.role == "tool":
            block = {
                "type": "tool_result",
                "tool_use_id": message.tool_call_id,
                "content": message.content,
            }
            previous = turns[-1] if turns else None
            if (
                previous is not None
                and previous["role"] == "user"
                and isinstance(previous["content"], list)
            ):
                previous["content"].append(block)
            else:
                turns.append({"role": "user", "content": [block]})
            continue
        if message.role == "assistant" and message.tool_calls:
            blocks: list[dict[str, Any]] = (
                [{"type": "text", "text": message.content}] if message.content else []
            )
            blocks += [
                {"type": "tool_use", "id": c.id, "name": c.name, "input": _input_of(c)}
                for c in message.tool_calls
            ]
            turns.append({"role": "assistant", "content": blocks})
            continue
        turns.append({"role": message.role, "content": message.content})
    return turns


def anthropic_tool_calls(blocks: list[dict[str, Any]], *, label: str) -> tuple[ToolCall, ...]:
    calls: list[ToolCall] = []
    for block in blocks:
        if block.get("type") != "tool_use":
            continue
        name, arguments = block.get("name"), block.get("input", {})
        if not isinstance(name, str) or not isinstance(arguments, dict):
            raise MalformedResponse(f"{label} answered a tool_use block without a name or input")
        call_id = block.get("id")
        calls.append(
            ToolCall(
                call_id if isinstance(call_id, str) and call_id else f"toolu_{len(calls) + 1}",
                name,
                arguments,
            )
        )
    return tuple(calls)
