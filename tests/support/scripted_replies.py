"""What the scripted model server answers, and the wire shapes it answers in.

A ``ScriptedReply`` is one answer: text with token counts, an HTTP error
(with Retry-After), a delay, or a raw body for malformed answers. Token
counts default to the number of whitespace-separated words.
"""

import hashlib
import json
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.responses import JSONResponse, Response

NO_SCRIPTED_REPLY = "no scripted reply is queued and no responder is set"
_ANTHROPIC_STOP_REASONS = {"stop": "end_turn", "length": "max_tokens", "tool_calls": "tool_use"}


@dataclass(frozen=True)
class ScriptedReply:
    text: str = "ok"
    status: int = 200
    delay_s: float = 0.0
    # None: count the words of the prompt / of the text.
    input_tokens: int | None = None
    output_tokens: int | None = None
    finish_reason: str = "stop"
    error_message: str = "scripted error"
    headers: Mapping[str, str] = field(default_factory=dict)
    # Sent as the body verbatim, whatever the endpoint: for malformed answers.
    raw_body: bytes | None = None
    # Tool calls the model makes: (name, arguments). A str of arguments is sent as is
    # (OpenAI's JSON string), so a test can send arguments that are not JSON.
    tool_calls: tuple[tuple[str, Any], ...] = ()


def text_reply(
    text: str,
    *,
    input_tokens: int | None = None,
    output_tokens: int | None = None,
    delay_s: float = 0.0,
    finish_reason: str = "stop",
) -> ScriptedReply:
    return ScriptedReply(
        text=text,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        delay_s=delay_s,
        finish_reason=finish_reason,
    )


def tool_call_reply(*calls: tuple[str, Any], text: str = "") -> ScriptedReply:
    """The model calls these tools (and may say ``text`` beside them)."""
    return ScriptedReply(text=text, tool_calls=tuple(calls), finish_reason="tool_calls")


def error_reply(
    status: int, message: str = "scripted error", *, retry_after: float | None = None
) -> ScriptedReply:
    headers = {} if retry_after is None else {"retry-after": f"{retry_after:g}"}
    return ScriptedReply(status=status, error_message=message, headers=headers)


def delayed_reply(delay_s: float, text: str = "late") -> ScriptedReply:
    return ScriptedReply(text=text, delay_s=delay_s)


def raw_reply(body: bytes, status: int = 200) -> ScriptedReply:
    return ScriptedReply(status=status, raw_body=body)


@dataclass(frozen=True)
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: Any

    @property
    def model(self) -> str | None:
        return self.body.get("model") if isinstance(self.body, dict) else None

    @property
    def embedding_inputs(self) -> list[str]:
        inputs = self.body.get("input", []) if isinstance(self.body, dict) else []
        return [inputs] if isinstance(inputs, str) else [str(i) for i in inputs]

    @property
    def prompt_texts(self) -> list[str]:
        """Message contents (and an Anthropic system prompt) or embedding inputs."""
        if not isinstance(self.body, dict):
            return []
        texts = [self.body["system"]] if isinstance(self.body.get("system"), str) else []
        texts += [str(m.get("content", "")) for m in self.body.get("messages", [])]
        return texts + self.embedding_inputs


Responder = Callable[[RecordedRequest], ScriptedReply]


def word_count(texts: list[str]) -> int:
    return sum(len(text.split()) for text in texts)


def hashed_embedding(text: str, dimensions: int) -> list[float]:
    """A unit vector that depends on the text alone, the same in every run."""
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    rng = random.Random(seed)
    raw = [rng.gauss(0.0, 1.0) for _ in range(dimensions)]
    norm = math.sqrt(sum(x * x for x in raw)) or 1.0
    return [x / norm for x in raw]


def openai_chat_response(reply: ScriptedReply, request: RecordedRequest) -> Response:
    if reply.raw_body is not None or reply.status != 200:
        return error_or_raw_response(reply, anthropic=False)
    message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
    if reply.tool_calls:
        message["tool_calls"] = [
            {
                "id": f"call_{index}",
                "type": "function",
                "function": {
                    "name": name,
                    "arguments": args if isinstance(args, str) else json.dumps(args),
                },
            }
            for index, (name, args) in enumerate(reply.tool_calls, start=1)
        ]
    else:
        message["content"] = reply.text
    return JSONResponse(
        {
            "id": "chatcmpl-scripted",
            "object": "chat.completion",
            "model": request.model,
            "choices": [{"index": 0, "message": message, "finish_reason": reply.finish_reason}],
            "usage": _usage(reply, request, "prompt_tokens", "completion_tokens"),
        },
        headers=dict(reply.headers),
    )


def anthropic_message_response(reply: ScriptedReply, request: RecordedRequest) -> Response:
    if reply.raw_body is not None or reply.status != 200:
        return error_or_raw_response(reply, anthropic=True)
    return JSONResponse(
        {
            "id": "msg_scripted",
            "type": "message",
            "role": "assistant",
            "model": request.model,
            "content": ([{"type": "text", "text": reply.text}] if reply.text else [])
            + [
                {"type": "tool_use", "id": f"toolu_{index}", "name": name, "input": args}
                for index, (name, args) in enumerate(reply.tool_calls, start=1)
            ],
            "stop_reason": _ANTHROPIC_STOP_REASONS.get(reply.finish_reason, reply.finish_reason),
            "usage": _usage(reply, request, "input_tokens", "output_tokens"),
        },
        headers=dict(reply.headers),
    )


def embeddings_response(request: RecordedRequest, vectors: list[list[float]]) -> Response:
    tokens = word_count(request.prompt_texts)
    return JSONResponse(
        {
            "object": "list",
            "model": request.model,
            "data": [
                {"object": "embedding", "index": i, "embedding": vector}
                for i, vector in enumerate(vectors)
            ],
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }
    )


def error_or_raw_response(reply: ScriptedReply, *, anthropic: bool) -> Response:
    """OpenAI's or Anthropic's error shape for ``reply.status``, or ``reply.raw_body`` as is."""
    if reply.raw_body is not None:
        return Response(reply.raw_body, status_code=reply.status, headers=dict(reply.headers))
    kind = "rate_limit_error" if reply.status == 429 else "api_error"
    if anthropic:
        body: dict[str, Any] = {
            "type": "error",
            "error": {"type": kind, "message": reply.error_message},
        }
    else:
        body = {"error": {"message": reply.error_message, "type": kind, "code": None}}
    return JSONResponse(body, status_code=reply.status, headers=dict(reply.headers))


def _usage(
    reply: ScriptedReply, request: RecordedRequest, input_key: str, output_key: str
) -> dict[str, int]:
    input_tokens = (
        reply.input_tokens if reply.input_tokens is not None else word_count(request.prompt_texts)
    )
    output_tokens = (
        reply.output_tokens if reply.output_tokens is not None else word_count([reply.text])
    )
    return {input_key: input_tokens, output_key: output_tokens}
