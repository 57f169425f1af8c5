"""What a task returns, as the API takes it.

A task returns text, or an ``Answer`` with the tool calls its agent made, what it cost and
how long it took. Whatever it returns or raises becomes that item's answer and never the
whole run's: an exception is the item's error (``"ValueError: …"``), and so is a return
the API could not store (no text and no tool call, a lone surrogate, a cost that is not a
number). Latency is measured here when the task gives none.
"""

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from casebook_client.api.enums import ToolCallStatus
from casebook_client.api.input_types import EvalAnswerInput, EvalToolCallInput

ERROR_MAX = 2_000
CALL_STATUSES = {
    "ok": ToolCallStatus.OK,
    "blocked": ToolCallStatus.BLOCKED,
    "failed": ToolCallStatus.FAILED,
}


@dataclass(frozen=True)
class ToolCall:
    """A call the agent made: ``status`` "ok" (executed), "blocked" (not executed: the run
    is isolated and the tool is not read-only) or "failed"."""

    name: str
    arguments: Mapping[str, Any] | None = None
    status: str = "ok"
    result: str | None = None


@dataclass(frozen=True)
class Answer:
    text: str | None = None
    tool_calls: Sequence[ToolCall] = field(default_factory=tuple)
    cost_usd: float | None = None
    latency_ms: float | None = None
    model: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    error: str | None = None


class NotAnAnswer(ValueError):
    """What a task gave cannot be sent as an answer; the message says why."""


def error_text(text: str) -> str:
    """An error message the API stores: no NUL, no lone surrogate, at most 2,000 chars."""
    kept = text.replace("\x00", "").encode("utf-8", "replace").decode("utf-8")
    kept = kept.strip() or "the task failed without a message"
    return kept if len(kept) <= ERROR_MAX else kept[: ERROR_MAX - 1] + "…"


def exception_text(error: BaseException) -> str:
    message = str(error)
    return error_text(f"{type(error).__name__}: {message}" if message else type(error).__name__)


def _storable(value: str, what: str) -> str:
    if "\x00" in value:
        raise NotAnAnswer(f"{what} holds the NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise NotAnAnswer(f"{what} holds a lone surrogate, which UTF-8 cannot carry") from None
    return value


def _number(value: object, what: str, whole: bool = False) -> Any:
    if value is None:
        return None
    kinds = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise NotAnAnswer(f"{what} must be a {'whole number' if whole else 'number'}")
    if not whole and not math.isfinite(float(value)):
        raise NotAnAnswer(f"{what} must be a finite number")
    return value


def _call(call: ToolCall, at: str) -> EvalToolCallInput:
    if not isinstance(call, ToolCall):
        raise NotAnAnswer(f"{at} must be a ToolCall, not {type(call).__name__}")
    if not isinstance(call.name, str) or not call.name.strip():
        raise NotAnAnswer(f"{at}.name must name the tool")
    status = CALL_STATUSES.get(str(call.status).lower())
    if status is None:
        raise NotAnAnswer(f"{at}.status must be ok, blocked or failed, not {call.status!r}")
    arguments = call.arguments
    if arguments is not None:
        if not isinstance(arguments, Mapping):
            raise NotAnAnswer(f"{at}.arguments must be an object (a dict)")
        try:
            arguments = json.loads(json.dumps(dict(arguments), allow_nan=False))
        except (TypeError, ValueError) as error:
            raise NotAnAnswer(f"{at}.arguments cannot be sent as JSON: {error}") from None
        _storable(json.dumps(arguments), f"{at}.arguments")
    result = call.result
    if result is not None and not isinstance(result, str):
        raise NotAnAnswer(f"{at}.result must be text")
    return EvalToolCallInput(
        name=_storable(call.name, f"{at}.name"),
        arguments=arguments,
        status=status,
        result=None if result is None else _storable(result, f"{at}.result"),
    )


def as_answer(returned: object) -> Answer:
    """What a task returned, as an Answer: text, an Answer, or refused with the reason."""
    if isinstance(returned, Answer):
        return returned
    if isinstance(returned, str):
        return Answer(text=returned)
    if returned is None:
        raise NotAnAnswer("the task returned None, not an answer")
    raise NotAnAnswer(f"the task returned a {type(returned).__name__}, not text or an Answer")


def answer_input(
    item_id: str, lease_token: str, returned: object, measured_ms: float | None = None
) -> EvalAnswerInput:
    """The API's input for what a task returned for an item: its answer, or the reason it
    cannot be one as the item's error. ``measured_ms`` is the latency when it gives none."""
    try:
        answer = as_answer(returned)
        if answer.error is not None:
            return failure_input(item_id, lease_token, str(answer.error), measured_ms)
        text = answer.text
        if text is not None and not isinstance(text, str):
            raise NotAnAnswer(f"the answer's text must be a str, not {type(text).__name__}")
        calls = [_call(call, f"tool_calls.{i}") for i, call in enumerate(answer.tool_calls)]
        if not text and not calls:
            raise NotAnAnswer("the task returned an empty answer and no tool call")
        latency = _number(answer.latency_ms, "latency_ms")
        return EvalAnswerInput(
            item_id=item_id,
            lease_token=lease_token,
            answer=None if text is None else _storable(text, "the answer"),
            tool_calls=calls,
            cost_usd=_number(answer.cost_usd, "cost_usd"),
            latency_ms=latency if latency is not None else measured_ms,
            model=None if answer.model is None else _storable(str(answer.model), "model"),
            input_tokens=_number(answer.input_tokens, "input_tokens", whole=True),
            output_tokens=_number(answer.output_tokens, "output_tokens", whole=True),
        )
    except NotAnAnswer as refused:
        return failure_input(item_id, lease_token, str(refused), measured_ms)


def failure_input(
    item_id: str, lease_token: str, error: str, measured_ms: float | None = None
) -> EvalAnswerInput:
    return EvalAnswerInput(
        item_id=item_id,
        lease_token=lease_token,
        error=error_text(error),
        latency_ms=measured_ms,
    )
