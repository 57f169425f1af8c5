"""The one small protocol every model provider speaks: chat (with tools) and embeddings.

Callers (the judge, the generator, the structured scorer) depend on these
types only; which HTTP API answers is the business of the implementation
that ``casebook.llm.factory`` builds from a model connection.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

Role = Literal["system", "user", "assistant", "tool"]


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A call the model asked for. ``arguments`` is what the provider sent: a JSON string
    (OpenAI) or an object (Anthropic); the caller reads it (``domain.agents.tool_calls``)."""

    id: str
    name: str
    arguments: str | dict[str, Any]


@dataclass(frozen=True, slots=True)
class ToolDefinition:
    name: str
    description: str
    # A JSON Schema of an object: the tool's arguments.
    parameters: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """A turn. An ``assistant`` turn may carry the tool calls the model made; a ``tool``
    turn answers one of them (``tool_call_id``) with its result as ``content``."""

    role: Role
    content: str
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None


@dataclass(frozen=True, slots=True)
class ChatRequest:
    model: str
    messages: Sequence[ChatMessage]
    # None means "send no temperature": reasoning models refuse one.
    temperature: float | None = None
    max_tokens: int | None = None
    # Ask for a JSON object where the API can enforce it (OpenAI's response_format).
    json_response: bool = False
    # Tools the model may call; a result's ``tool_calls`` says which it called.
    tools: Sequence[ToolDefinition] = ()

    def __post_init__(self) -> None:
        if not self.messages:
            raise ValueError("a chat request needs at least one message")
        if self.max_tokens is not None and self.max_tokens < 1:
            raise ValueError("max_tokens must be at least 1")


@dataclass(frozen=True, slots=True)
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(
            self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens
        )

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens


@dataclass(frozen=True, slots=True)
class ChatResult:
    text: str
    usage: Usage
    cost_usd: float
    # False when the price table does not know the model: the cost is then 0, not free.
    priced: bool
    model: str
    latency_ms: float
    # The provider's own word for why it stopped ("stop", "length", "end_turn", …).
    finish_reason: str | None = None
    # The tools the model asked to call, in order; empty when it answered.
    tool_calls: tuple[ToolCall, ...] = ()


@dataclass(frozen=True, slots=True)
class EmbeddingResult:
    vectors: list[list[float]]
    usage: Usage
    cost_usd: float
    priced: bool
    model: str
    latency_ms: float


class ModelProvider(Protocol):
    async def chat(self, request: ChatRequest) -> ChatResult: ...

    async def embed(self, model: str, texts: Sequence[str]) -> EmbeddingResult:
        """One vector per text, in the order of ``texts``."""
        ...

    async def aclose(self) -> None:
        """Release connections; the provider is not used afterwards."""
        ...
