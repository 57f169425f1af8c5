"""The webhook agent contract: what Casebook sends, how it signs it, what it accepts back.

Request: ``POST`` of a JSON body (``request_body``) with two headers, the Unix time
in ``X-Casebook-Timestamp`` and ``X-Casebook-Signature: v1=<hex>``, the
HMAC-SHA256, keyed with the agent's secret, of ``<timestamp>.`` followed by the
exact body bytes. A receiver recomputes it, compares in constant time, and refuses
a timestamp more than five minutes from its clock, so a captured request cannot be
replayed later.

Reply: a JSON object (``parse_reply``); anything else is refused with every reason
at once, each naming where in the reply it is, so the developer of the endpoint
can fix it. ``docs/webhook-agents.md`` is the same contract for people.
"""

import hashlib
import hmac
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import orjson

from casebook.domain.activity.model import CALL_STATUSES, CallStatus, Reply, Step
from casebook.domain.agents.model import ToolSpec
from casebook.domain.agents.tool_calls import reported_call_problem
from casebook.domain.jsonvalue import JSONObject
from casebook.domain.storable_text import json_problem, text_problem

CONTRACT_VERSION = 1
TIMESTAMP_HEADER = "X-Casebook-Timestamp"
# An eval run's request for one work item carries the item's key, the same each time the
# item is asked (it is asked again only when a worker was killed mid-call).
IDEMPOTENCY_HEADER = "Idempotency-Key"
SIGNATURE_HEADER = "X-Casebook-Signature"
SIGNATURE_SCHEME = "v1"
REPLAY_WINDOW_S = 300
RESPONSE_MAX_BYTES = 1_000_000
REPLY_STEPS_MAX = 200
REPLY_TEXT_MAX = 100_000
TOOL_NAME_MAX = 200
MODEL_MAX = 200
REASONS_SHOWN = 10

_REPLY_FIELDS = ("answer", "steps", "costUsd", "latencyMs", "model", "inputTokens", "outputTokens")
_CALL_FIELDS = ("type", "name", "arguments", "status", "result")
_TEXT_FIELDS = ("type", "text")


def signature(secret: str, timestamp: int, body: bytes) -> str:
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"{SIGNATURE_SCHEME}={digest.hexdigest()}"


def signature_valid(secret: str, timestamp: int, body: bytes, given: str, *, now: float) -> bool:
    """What a receiver checks: the signature, and a timestamp within the replay window."""
    if abs(now - timestamp) > REPLAY_WINDOW_S:
        return False
    return hmac.compare_digest(signature(secret, timestamp, body), given)


@dataclass(frozen=True, slots=True)
class Turn:
    role: str  # "user" or "agent"
    content: str


def request_body(
    *,
    agent_id: str,
    agent_version: int,
    conversation_id: str | None,
    history: Sequence[Turn],
    question: str,
    tools: Sequence[ToolSpec],
    isolated: bool,
    eval_run: bool,
) -> bytes:
    return orjson.dumps(
        {
            "contract": CONTRACT_VERSION,
            "agent": {"id": agent_id, "version": agent_version},
            "conversation": {"id": conversation_id},
            "run": {"isolated": isolated, "eval": eval_run},
            "history": [{"role": t.role, "content": t.content} for t in history],
            "question": question,
            "tools": [
                {
                    "name": t.name,
                    "description": t.description,
                    "parameters": t.parameters or {"type": "object"},
                    "readOnly": t.read_only,
                }
                for t in tools
            ],
        }
    )


class MalformedReply(Exception):
    def __init__(self, reasons: list[str]) -> None:
        shown = reasons[:REASONS_SHOWN]
        more = len(reasons) - len(shown)
        text = "; ".join(shown) + (f"; and {more} more" if more else "")
        super().__init__(f"the webhook agent's reply was refused: {text}")
        self.reasons = reasons


def _unknown(obj: JSONObject, allowed: Sequence[str], path: str, reasons: list[str]) -> None:
    for key in obj:
        if key not in allowed:
            reasons.append(
                f"{path}{key} is not part of the contract (expected {', '.join(allowed)})"
            )


def _text(value: object, path: str, limit: int, reasons: list[str]) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        reasons.append(f"{path} must be a string")
        return None
    problem = text_problem(value)
    if problem:
        reasons.append(f"{path} {problem}")
        return None
    if len(value) > limit:
        reasons.append(f"{path} is longer than {limit:,} characters")
        return None
    return value


def _number(value: object, path: str, reasons: list[str]) -> float | None:
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value < 0
    ):
        reasons.append(f"{path} must be a number, 0 or more")
        return None
    return float(value)


def _count(value: object, path: str, reasons: list[str]) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**62:
        reasons.append(f"{path} must be a whole number, 0 or more")
        return None
    return value


def _call_step(
    item: JSONObject, path: str, tools: dict[str, ToolSpec], isolated: bool, reasons: list[str]
) -> Step | None:
    _unknown(item, _CALL_FIELDS, f"{path}.", reasons)
    name = _text(item.get("name"), f"{path}.name", TOOL_NAME_MAX, reasons)
    if name is None or not name.strip():
        reasons.append(f"{path}.name is required: the tool the agent called")
        return None
    arguments = item.get("arguments", {})
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        reasons.append(f"{path}.arguments must be an object")
        return None
    problem = json_problem(arguments, f"{path}.arguments")
    if problem is not None:
        reasons.append(f"{problem.path} {problem.message}")
        return None
    status = item.get("status")
    if status not in CALL_STATUSES:
        reasons.append(f"{path}.status must be one of {', '.join(CALL_STATUSES)}")
        return None
    declared = tools.get(name)
    refused = reported_call_problem(declared, name, str(status), isolated=isolated)
    if refused is not None:
        reasons.append(f"{path}: {refused}")
        return None
    result = _text(item.get("result"), f"{path}.result", REPLY_TEXT_MAX, reasons)
    return Step.call(
        name,
        arguments,
        cast(CallStatus, status),
        result,
        declared.read_only if declared else None,
    )


def _steps(
    raw: object, tools: dict[str, ToolSpec], isolated: bool, reasons: list[str]
) -> list[Step]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        reasons.append("steps must be a list")
        return []
    if len(raw) > REPLY_STEPS_MAX:
        reasons.append(f"steps holds more than {REPLY_STEPS_MAX} steps")
        return []
    steps: list[Step] = []
    for index, item in enumerate(raw):
        path = f"steps.{index}"
        if not isinstance(item, dict):
            reasons.append(f"{path} must be an object")
            continue
        kind = item.get("type")
        if kind == "tool_call":
            step = _call_step(item, path, tools, isolated, reasons)
        elif kind == "text":
            _unknown(item, _TEXT_FIELDS, f"{path}.", reasons)
            text = _text(item.get("text"), f"{path}.text", REPLY_TEXT_MAX, reasons)
            step = Step.said(text) if text else None
            if text is None:
                reasons.append(f"{path}.text is required in a text step")
        else:
            reasons.append(f"{path}.type must be tool_call or text")
            step = None
        if step is not None:
            steps.append(step)
    return steps


def parse_reply(body: bytes, *, tools: Sequence[ToolSpec], isolated: bool) -> Reply:
    """The reply a webhook agent answered with; ``MalformedReply`` lists every problem."""
    if len(body) > RESPONSE_MAX_BYTES:
        raise MalformedReply([f"the reply is larger than {RESPONSE_MAX_BYTES:,} bytes"])
    try:
        parsed = orjson.loads(body)
    except orjson.JSONDecodeError:
        raise MalformedReply(
            ["the reply is not JSON (send Content-Type application/json)"]
        ) from None
    if not isinstance(parsed, dict):
        raise MalformedReply(["the reply must be a JSON object with answer and/or steps"])
    reasons: list[str] = []
    _unknown(parsed, _REPLY_FIELDS, "", reasons)
    steps = _steps(parsed.get("steps"), {t.name: t for t in tools}, isolated, reasons)
    answer = _text(parsed.get("answer"), "answer", REPLY_TEXT_MAX, reasons)
    if answer:
        steps.append(Step.said(answer))
    if not steps and not reasons:
        reasons.append("the reply has neither an answer nor any step")
    reply = Reply(
        steps=tuple(steps),
        model=_text(parsed.get("model"), "model", MODEL_MAX, reasons),
        cost_usd=_number(parsed.get("costUsd"), "costUsd", reasons),
        latency_ms=_number(parsed.get("latencyMs"), "latencyMs", reasons),
        input_tokens=_count(parsed.get("inputTokens"), "inputTokens", reasons),
        output_tokens=_count(parsed.get("outputTokens"), "outputTokens", reasons),
    )
    if reasons:
        raise MalformedReply(reasons)
    return reply
