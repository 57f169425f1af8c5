"""What a span means, read from the conventions instrumentations write.

Three families are read, each attribute named in ``docs/otlp.md``'s table:

- OpenTelemetry's GenAI conventions: ``gen_ai.operation.name`` for the kind,
  ``gen_ai.input.messages`` / ``gen_ai.output.messages`` / ``gen_ai.system_instructions``
  (a JSON string or structured values; also on a ``gen_ai.client.inference.operation.details``
  event), the earlier per-message events (``gen_ai.user.message``, ``gen_ai.choice``, …)
  and ``gen_ai.content.prompt`` / ``gen_ai.content.completion`` events, the indexed
  ``gen_ai.prompt.N.*`` / ``gen_ai.completion.N.*`` attributes OpenLLMetry writes,
  ``gen_ai.tool.*``, ``gen_ai.request.model`` / ``gen_ai.response.model`` and
  ``gen_ai.usage.*``;
- OpenInference (Phoenix's instrumentors): ``openinference.span.kind``,
  ``llm.input_messages.N.message.*`` / ``llm.output_messages.N.message.*``,
  ``input.value`` / ``output.value``, ``tool.name``, ``tool_call.*``,
  ``retrieval.documents.N.document.*``, ``llm.model_name``, ``llm.token_count.*``,
  ``llm.cost.*``;
- the person and the conversation: ``user.id`` / ``enduser.id``, ``session.id`` /
  ``gen_ai.conversation.id``.

Each reading records which attributes and events it used (``Meaning.consumed``), so the
rest can be kept on the run as they came.
"""

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

import orjson

from casebook.domain.activity.traces.spans import EventFacts, SpanFacts, storable_json
from casebook.domain.jsonvalue import JSONObject, JSONValue

Kind = Literal["agent", "chain", "llm", "tool", "retriever", "embedding", "other"]
# Kinds whose span is an invocation a person's question can start: a turn's root.
INVOCATIONS: frozenset[str] = frozenset({"agent", "chain", "llm"})
# Kinds whose span is a step of the reply; what happens under them is the tool's own.
ACTIONS: frozenset[str] = frozenset({"tool", "retriever"})

_OPENINFERENCE_KINDS: dict[str, Kind] = {
    "LLM": "llm",
    "CHAIN": "chain",
    "AGENT": "agent",
    "TOOL": "tool",
    "RETRIEVER": "retriever",
    "EMBEDDING": "embedding",
}
_GENAI_OPERATIONS: dict[str, Kind] = {
    "chat": "llm",
    "text_completion": "llm",
    "generate_content": "llm",
    "completion": "llm",
    "execute_tool": "tool",
    "invoke_agent": "agent",
    "create_agent": "agent",
    "invoke_workflow": "agent",
    "embeddings": "embedding",
    "retrieval": "retriever",
}
_TRACELOOP_KINDS: dict[str, Kind] = {
    "workflow": "chain",
    "task": "chain",
    "agent": "agent",
    "tool": "tool",
}
_OI_MESSAGE = re.compile(r"^llm\.(input|output)_messages\.(\d+)\.message\.(.+)$")
_OLLM_MESSAGE = re.compile(r"^gen_ai\.(prompt|completion)\.(\d+)\.(.+)$")
_OI_DOCUMENT = re.compile(r"^retrieval\.documents\.(\d+)\.document\.(.+)$")
_GENAI_MESSAGE_EVENTS = {
    "gen_ai.system.message": "system",
    "gen_ai.user.message": "user",
    "gen_ai.assistant.message": "assistant",
    "gen_ai.tool.message": "tool",
}
_DETAILS_EVENT = "gen_ai.client.inference.operation.details"
_ROLES = {"human": "user", "ai": "assistant", "model": "assistant", "function": "tool"}


@dataclass(frozen=True, slots=True)
class ToolCall:
    name: str
    arguments: JSONValue
    call_id: str | None = None


@dataclass(frozen=True, slots=True)
class ChatMessage:
    role: str
    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None


@dataclass(frozen=True, slots=True)
class Meaning:
    kind: Kind
    input_messages: tuple[ChatMessage, ...] = ()
    output_messages: tuple[ChatMessage, ...] = ()
    input_text: str | None = None
    output_text: str | None = None
    tool: ToolCall | None = None
    tool_result: str | None = None
    documents: tuple[str, ...] = ()
    model: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    cost_usd: float | None = None
    user: str | None = None
    session: str | None = None
    system_instructions: str | None = None
    consumed: frozenset[str] = frozenset()
    consumed_events: frozenset[int] = frozenset()

    @property
    def output_said(self) -> str:
        """What the model or agent wrote: its output messages' text, else (when it recorded
        no messages) its output text."""
        if self.output_messages:
            return "\n\n".join(m.text for m in self.output_messages if m.role != "tool" and m.text)
        return self.output_text or ""

    @property
    def requested_calls(self) -> tuple[ToolCall, ...]:
        return tuple(call for m in self.output_messages for call in m.tool_calls)


@dataclass
class _Reader:
    attributes: JSONObject
    used: set[str] = field(default_factory=set)

    def get(self, *keys: str) -> JSONValue:
        for key in keys:
            if key in self.attributes:
                self.used.add(key)
                value = self.attributes[key]
                if value is not None and value != "":
                    return value
        return None

    def text(self, *keys: str) -> str | None:
        value = self.get(*keys)
        if value is None:
            return None
        return value if isinstance(value, str) else _as_text(value)

    def count(self, *keys: str) -> int | None:
        value = self.get(*keys)
        if isinstance(value, bool):
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        return value if isinstance(value, int) and 0 <= value < 2**62 else None

    def figure(self, *keys: str) -> float | None:
        value = self.get(*keys)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        return float(value) if 0 <= value < float("inf") else None

    def prefixed(self, pattern: re.Pattern[str]) -> list[tuple[re.Match[str], JSONValue]]:
        found = []
        for key, value in self.attributes.items():
            match = pattern.match(key)
            if match:
                self.used.add(key)
                found.append((match, value))
        return found


def _as_text(value: JSONValue) -> str:
    if isinstance(value, str):
        return value
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return str(value)


def _parsed(value: JSONValue) -> JSONValue:
    """A value that may be JSON written as a string, read as JSON."""
    if isinstance(value, str) and value[:1] in ("[", "{"):
        try:
            parsed: JSONValue = orjson.loads(value)
        except orjson.JSONDecodeError:
            return value
        # JSON holds a NUL only as the escape "\u0000" (a raw one is not JSON, and the
        # string itself was made storable when read): without it nothing needs a walk.
        return storable_json(parsed) if "\\u0000" in value else parsed
    return value


def _role(value: object) -> str:
    role = str(value or "").strip().lower()
    return _ROLES.get(role, role or "user")


def kind_of(span: SpanFacts) -> Kind:
    attributes = span.attributes
    openinference = attributes.get("openinference.span.kind")
    if isinstance(openinference, str) and openinference.strip():
        return _OPENINFERENCE_KINDS.get(openinference.strip().upper(), "other")
    operation = attributes.get("gen_ai.operation.name")
    if isinstance(operation, str) and operation.strip().lower() in _GENAI_OPERATIONS:
        return _GENAI_OPERATIONS[operation.strip().lower()]
    traceloop = attributes.get("traceloop.span.kind")
    if isinstance(traceloop, str) and traceloop.strip().lower() in _TRACELOOP_KINDS:
        return _TRACELOOP_KINDS[traceloop.strip().lower()]
    if attributes.get("llm.request.type") in ("chat", "completion"):
        return "llm"
    if any(k in attributes for k in ("gen_ai.request.model", "gen_ai.system", "llm.model_name")):
        return "llm"
    return "other"


# Messages -------------------------------------------------------------------------------


def _tool_call(value: JSONValue) -> ToolCall | None:
    """A requested call in any of the shapes conventions write it in."""
    if not isinstance(value, dict):
        return None
    function = value.get("function")
    holder = function if isinstance(function, dict) else value
    name = holder.get("name") or value.get("toolName")
    if not isinstance(name, str) or not name.strip():
        return None
    arguments = holder.get("arguments", holder.get("args", value.get("input")))
    call_id = value.get("id") or value.get("toolCallId") or value.get("call_id")
    return ToolCall(name.strip(), _parsed(arguments), str(call_id) if call_id else None)


def _part_text(part: JSONValue) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, dict) and part.get("type") in (None, "text", "output_text", "input_text"):
        content = part.get("content", part.get("text"))
        return content if isinstance(content, str) else ""
    return ""


def messages_from_json(value: JSONValue) -> list[ChatMessage]:
    """Messages in the GenAI shape (role, parts) or the chat-completion shape (role,
    content, tool_calls): a list, or one object holding ``messages``."""
    value = _parsed(value)
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        value = value["messages"]
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        return []
    found: list[ChatMessage] = []
    for item in value:
        if isinstance(item, dict) and ("role" in item or "parts" in item):
            found.extend(_one_message(item))
    return found


def _one_message(item: JSONObject) -> list[ChatMessage]:
    role = _role(item.get("role"))
    parts = item.get("parts")
    content = item.get("content")
    texts: list[str] = []
    calls: list[ToolCall] = []
    responses: list[ChatMessage] = []
    pieces = parts if isinstance(parts, list) else content if isinstance(content, list) else []
    for part in pieces:
        kind = part.get("type") if isinstance(part, dict) else None
        if isinstance(part, dict) and kind in ("tool_call", "tool-call", "tool_use"):
            call = _tool_call(part)
            if call is not None:
                calls.append(call)
        elif isinstance(part, dict) and kind in (
            "tool_call_response",
            "tool-result",
            "tool_result",
        ):
            answer = part.get("response", part.get("result", part.get("content")))
            call_id = part.get("id") or part.get("toolCallId") or part.get("tool_use_id")
            responses.append(
                ChatMessage(
                    "tool", _as_text(answer), tool_call_id=str(call_id) if call_id else None
                )
            )
        elif text := _part_text(part):
            texts.append(text)
    if isinstance(content, str):
        texts.append(content)
    raw_calls = item.get("tool_calls")
    for raw in raw_calls if isinstance(raw_calls, list) else []:
        call = _tool_call(raw)
        if call is not None:
            calls.append(call)
    call_id = item.get("tool_call_id")
    found: list[ChatMessage] = []
    if texts or calls or not responses:
        found.append(
            ChatMessage(role, "\n\n".join(texts), tuple(calls), str(call_id) if call_id else None)
        )
    return found + responses


def _indexed_messages(
    reader: _Reader, pattern: re.Pattern[str], direction: str
) -> list[ChatMessage]:
    """Messages flattened into indexed attributes (OpenInference, OpenLLMetry)."""
    fields: dict[int, dict[str, JSONValue]] = {}
    for match, value in reader.prefixed(pattern):
        if match.group(1) == direction:
            fields.setdefault(int(match.group(2)), {})[match.group(3)] = value
    found = []
    for index in sorted(fields):
        found.append(_flat_message(fields[index]))
    return found


def _flat_message(fields: Mapping[str, JSONValue]) -> ChatMessage:
    role = _role(fields.get("message.role", fields.get("role")))
    text = fields.get("message.content", fields.get("content"))
    texts = [text] if isinstance(text, str) and text else []
    contents: dict[int, str] = {}
    calls: dict[int, dict[str, JSONValue]] = {}
    for field_name, value in fields.items():
        key = field_name.removeprefix("message.")
        parts = key.split(".")
        if key.startswith("contents.") and key.endswith(".message_content.text"):
            if parts[1].isdigit() and isinstance(value, str):
                contents[int(parts[1])] = value
        elif key.startswith("tool_calls.") and parts[1].isdigit():
            leaf = ".".join(parts[2:]).removeprefix("tool_call.")
            calls.setdefault(int(parts[1]), {})[leaf.removeprefix("function.")] = value
    texts.extend(contents[i] for i in sorted(contents))
    tool_calls = []
    for index in sorted(calls):
        call = calls[index]
        name = call.get("name")
        if isinstance(name, str) and name.strip():
            call_id = call.get("id")
            tool_calls.append(
                ToolCall(
                    name.strip(), _parsed(call.get("arguments")), str(call_id) if call_id else None
                )
            )
    call_id = fields.get("message.tool_call_id", fields.get("tool_call_id"))
    return ChatMessage(
        role, "\n\n".join(texts), tuple(tool_calls), str(call_id) if call_id else None
    )


def _event_messages(
    events: tuple[EventFacts, ...], used: set[int]
) -> tuple[list[ChatMessage], list[ChatMessage], str | None]:
    """Input and output messages written as span events, and the system instructions."""
    inputs: list[ChatMessage] = []
    outputs: list[ChatMessage] = []
    system: str | None = None
    for index, event in enumerate(events):
        attributes = event.attributes
        if event.name == _DETAILS_EVENT:
            used.add(index)
            inputs.extend(messages_from_json(attributes.get("gen_ai.input.messages")))
            outputs.extend(messages_from_json(attributes.get("gen_ai.output.messages")))
            system = _instructions(attributes.get("gen_ai.system_instructions")) or system
        elif event.name == "gen_ai.content.prompt":
            used.add(index)
            inputs.extend(messages_from_json(attributes.get("gen_ai.prompt")))
        elif event.name == "gen_ai.content.completion":
            used.add(index)
            outputs.extend(messages_from_json(attributes.get("gen_ai.completion")))
        elif event.name in _GENAI_MESSAGE_EVENTS:
            used.add(index)
            body = {"role": _GENAI_MESSAGE_EVENTS[event.name], **attributes}
            if "id" in attributes and event.name == "gen_ai.tool.message":
                body["tool_call_id"] = attributes["id"]
            body["tool_calls"] = _parsed(attributes.get("tool_calls"))
            inputs.extend(_one_message(body))
        elif event.name == "gen_ai.choice":
            used.add(index)
            message = _parsed(attributes.get("message"))
            body = message if isinstance(message, dict) else dict(attributes)
            outputs.extend(_one_message({"role": "assistant", **body}))
    return inputs, outputs, system


def _instructions(value: JSONValue) -> str | None:
    value = _parsed(value)
    if isinstance(value, str):
        return value or None
    if isinstance(value, list):
        return "\n\n".join(t for t in (_part_text(p) for p in value) if t) or None
    return None


def _split_system(messages: Iterable[ChatMessage]) -> tuple[tuple[ChatMessage, ...], str | None]:
    kept: list[ChatMessage] = []
    system: list[ChatMessage] = []
    for message in messages:
        (system if message.role in ("system", "developer") else kept).append(message)
    return tuple(kept), "\n\n".join(m.text for m in system if m.text) or None


# The whole reading ----------------------------------------------------------------------


def _indexed_present(attributes: JSONObject, prefix: str) -> bool:
    """Whether indexed messages under ``prefix`` are there: their first one always is."""
    return any(key in attributes for key in (f"{prefix}.0.message.role", f"{prefix}.0.role"))


def _messages(
    span: SpanFacts, reader: _Reader, events_used: set[int]
) -> tuple[tuple[ChatMessage, ...], tuple[ChatMessage, ...], str | None]:
    attributes = span.attributes
    inputs = messages_from_json(reader.get("gen_ai.input.messages"))
    outputs = messages_from_json(reader.get("gen_ai.output.messages"))
    system = _instructions(reader.get("gen_ai.system_instructions"))
    if not inputs and _indexed_present(attributes, "llm.input_messages"):
        inputs = _indexed_messages(reader, _OI_MESSAGE, "input")
    if not outputs and _indexed_present(attributes, "llm.output_messages"):
        outputs = _indexed_messages(reader, _OI_MESSAGE, "output")
    if not inputs and _indexed_present(attributes, "gen_ai.prompt"):
        inputs = _indexed_messages(reader, _OLLM_MESSAGE, "prompt")
    if not outputs and _indexed_present(attributes, "gen_ai.completion"):
        outputs = _indexed_messages(reader, _OLLM_MESSAGE, "completion")
    if not (inputs and outputs) and span.events:
        event_inputs, event_outputs, event_system = _event_messages(span.events, events_used)
        inputs = inputs or event_inputs
        outputs = outputs or event_outputs
        system = system or event_system
    kept, from_messages = _split_system(inputs)
    return kept, tuple(outputs), system or from_messages


def _documents(reader: _Reader) -> tuple[str, ...]:
    found: dict[int, str] = {}
    for match, value in reader.prefixed(_OI_DOCUMENT):
        if match.group(2) == "content" and isinstance(value, str):
            found[int(match.group(1))] = value
    return tuple(found[i] for i in sorted(found))


def _tool(span: SpanFacts, reader: _Reader, kind: Kind) -> tuple[ToolCall | None, str | None]:
    if kind != "tool":
        return None, None
    name = reader.text("gen_ai.tool.name", "tool.name", "tool_call.function.name")
    name = name or reader.text("traceloop.entity.name")
    if not name:
        name = span.name.removeprefix("execute_tool ").strip() or span.name
    arguments = reader.get(
        "gen_ai.tool.call.arguments", "tool_call.function.arguments", "input.value"
    )
    if arguments is None:
        arguments = reader.get("traceloop.entity.input")
    call_id = reader.text("gen_ai.tool.call.id", "tool_call.id")
    result = reader.text("gen_ai.tool.call.result", "output.value", "traceloop.entity.output")
    return ToolCall(name, _parsed(arguments), call_id), result


def _figures(reader: _Reader) -> tuple[str | None, int | None, int | None, float | None]:
    """An invocation's model, input and output tokens, and cost in USD."""
    cost = reader.figure("llm.cost.total", "gen_ai.usage.cost")
    if cost is None:
        parts = [reader.figure("llm.cost.prompt"), reader.figure("llm.cost.completion")]
        cost = sum(p for p in parts if p is not None) if any(p is not None for p in parts) else None
    return (
        reader.text("gen_ai.response.model", "gen_ai.request.model", "llm.model_name"),
        reader.count(
            "gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens", "llm.token_count.prompt"
        ),
        reader.count(
            "gen_ai.usage.output_tokens",
            "gen_ai.usage.completion_tokens",
            "llm.token_count.completion",
        ),
        cost,
    )


def meaning_of(span: SpanFacts) -> Meaning:
    """What ``span`` says, by the conventions it follows."""
    kind = kind_of(span)
    reader = _Reader(span.attributes)
    reader.get("openinference.span.kind", "gen_ai.operation.name", "traceloop.span.kind")
    events_used: set[int] = set()
    inputs: tuple[ChatMessage, ...] = ()
    outputs: tuple[ChatMessage, ...] = ()
    system = None
    if kind not in ACTIONS:
        inputs, outputs, system = _messages(span, reader, events_used)
    tool, result = _tool(span, reader, kind)
    input_text = reader.text("input.value") if tool is None else None
    output_text = reader.text("output.value") if tool is None else None
    if kind not in ACTIONS:
        input_text = input_text or reader.text("traceloop.entity.input")
        output_text = output_text or reader.text("traceloop.entity.output")
    reader.get("input.mime_type", "output.mime_type")
    model = input_tokens = output_tokens = cost = None
    if kind not in ACTIONS:
        model, input_tokens, output_tokens, cost = _figures(reader)
    return Meaning(
        kind=kind,
        input_messages=inputs,
        output_messages=outputs,
        input_text=input_text,
        output_text=output_text,
        tool=tool,
        tool_result=result,
        documents=_documents(reader) if kind == "retriever" else (),
        model=model,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        cost_usd=cost,
        user=reader.text("user.id", "enduser.id"),
        session=reader.text("session.id", "gen_ai.conversation.id"),
        system_instructions=system,
        consumed=frozenset(reader.used),
        consumed_events=frozenset(events_used),
    )


_QUESTION_FIELDS = ("input", "question", "query", "message", "prompt", "content", "text")
_ANSWER_FIELDS = ("output", "answer", "response", "content", "text", "result")


def question_in(text: str | None) -> str | None:
    """What a person asked, from an agent's or chain's input text: the last user message
    of a messages list, a single text field of a JSON object, or the text itself."""
    return _said_in(text, "user", _QUESTION_FIELDS)


def answer_in(text: str | None) -> str | None:
    """What an agent or chain answered, from its output text, read as ``question_in`` reads
    an input (the last assistant message, a single text field, or the text)."""
    return _said_in(text, "assistant", _ANSWER_FIELDS)


def _said_in(text: str | None, role: str, fields: tuple[str, ...]) -> str | None:
    if text is None or not text.strip():
        return None
    value = _parsed(text)
    messages = messages_from_json(value) if isinstance(value, list | dict) else []
    said = [m.text for m in messages if m.role == role and m.text]
    if said:
        return said[-1]
    if isinstance(value, dict):
        for key in fields:
            found = value.get(key)
            if isinstance(found, str) and found.strip():
                return found
        strings = [v for v in value.values() if isinstance(v, str) and v.strip()]
        if len(strings) == 1:
            return strings[0]
    return text
