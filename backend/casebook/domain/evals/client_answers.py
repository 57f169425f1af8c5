"""What a client submits for the work items it claimed (DESIGN: "Agents that run elsewhere").

A local agent's code runs where its client is; the client claims an eval run's work
items, answers each and submits the answers in batches. An answer is what a webhook
agent replies with, in typed form: the text, the tool calls the agent made (name,
arguments, status, result) before it, what it cost, how long it took, the model and
its tokens - or an error, when the client's task failed on that item, which becomes
that item's answer (not graded, the reason kept) and never the whole run's.

A batch is checked whole before anything is stored: every problem names its answer and
field (``answers.3.costUsd``), and a batch with one is refused and changes nothing. What
is a rule of the run rather than a malformed field is the item's answer: a call reported
as executed of a tool not declared read-only (every eval run is isolated) makes the answer
a failure with the reason, as it does for a webhook agent's reply.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from casebook.domain.activity.model import CALL_STATUSES, CallStatus, Reply, Step
from casebook.domain.agents.model import ToolSpec
from casebook.domain.agents.tool_calls import reported_call_problem
from casebook.domain.agents.webhook_contract import (
    MODEL_MAX,
    REPLY_STEPS_MAX,
    REPLY_TEXT_MAX,
    TOOL_NAME_MAX,
)
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.jsonvalue import JSONObject
from casebook.domain.measures import COST_MAX_USD, LATENCY_MAX_MS, amount_problem
from casebook.domain.storable_text import json_problem, text_problem

ANSWERS_PER_SUBMISSION_MAX = 500
ERROR_MAX = 2_000
LEASE_TOKEN_MAX = 100
TOKENS_MAX = 2**62
REFUSED_CALL = "the answer was refused: {problem}"


@dataclass(frozen=True, slots=True)
class SubmittedCall:
    name: str
    # What the client sent; ``check_submission`` refuses anything but an object.
    arguments: object = None
    status: str = "ok"
    result: str | None = None

    @property
    def argument_object(self) -> JSONObject:
        return cast(JSONObject, self.arguments) if isinstance(self.arguments, dict) else {}


@dataclass(frozen=True, slots=True)
class SubmittedAnswer:
    """One answer as a client sent it (the item's id decoded)."""

    item_id: int
    lease_token: str
    answer: str | None = None
    tool_calls: tuple[SubmittedCall, ...] = ()
    cost_usd: float | None = None
    latency_ms: float | None = None
    model: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    error: str | None = None


def _text(value: str | None, path: str, limit: int, errors: list[FieldError]) -> None:
    if value is None:
        return
    problem = text_problem(value)
    if problem:
        errors.append(FieldError(path, problem))
    elif len(value) > limit:
        errors.append(FieldError(path, f"is longer than {limit:,} characters"))


def _amount(value: float | None, path: str, limit: float, errors: list[FieldError]) -> None:
    problem = amount_problem(value, limit) if value is not None else None
    if problem is not None:
        errors.append(FieldError(path, problem))


def _count(value: int | None, path: str, errors: list[FieldError]) -> None:
    if value is not None and not 0 <= value < TOKENS_MAX:
        errors.append(FieldError(path, "must be a whole number, 0 or more"))


def _calls(calls: Sequence[SubmittedCall], path: str, errors: list[FieldError]) -> None:
    if len(calls) > REPLY_STEPS_MAX:
        errors.append(FieldError(path, f"holds more than {REPLY_STEPS_MAX} tool calls"))
        return
    for index, call in enumerate(calls):
        at = f"{path}.{index}"
        _text(call.name, f"{at}.name", TOOL_NAME_MAX, errors)
        if not call.name.strip():
            errors.append(FieldError(f"{at}.name", "is required: the tool the agent called"))
        if call.arguments is not None and not isinstance(call.arguments, dict):
            errors.append(FieldError(f"{at}.arguments", "must be a JSON object"))
        elif (problem := json_problem(call.arguments or {}, f"{at}.arguments")) is not None:
            errors.append(problem)
        if call.status not in CALL_STATUSES:
            errors.append(FieldError(f"{at}.status", f"must be one of {', '.join(CALL_STATUSES)}"))
        _text(call.result, f"{at}.result", REPLY_TEXT_MAX, errors)


def check_submission(answers: Sequence[SubmittedAnswer]) -> None:
    """Refuse a batch with any malformed answer, naming every problem; nothing is stored."""
    errors: list[FieldError] = []
    if not answers:
        errors.append(FieldError("answers", "holds no answer"))
    elif len(answers) > ANSWERS_PER_SUBMISSION_MAX:
        errors.append(
            FieldError("answers", f"holds more than {ANSWERS_PER_SUBMISSION_MAX} answers")
        )
    seen: set[int] = set()
    for index, given in enumerate(answers[:ANSWERS_PER_SUBMISSION_MAX]):
        at = f"answers.{index}"
        if given.item_id in seen:
            errors.append(FieldError(f"{at}.itemId", "answers an item this batch answers already"))
        seen.add(given.item_id)
        if not given.lease_token or len(given.lease_token) > LEASE_TOKEN_MAX:
            errors.append(FieldError(f"{at}.leaseToken", "is not a lease token this API gave out"))
        _text(given.answer, f"{at}.answer", REPLY_TEXT_MAX, errors)
        _text(given.error, f"{at}.error", ERROR_MAX, errors)
        _text(given.model, f"{at}.model", MODEL_MAX, errors)
        if given.error is not None and not given.error.strip():
            errors.append(FieldError(f"{at}.error", "must say what went wrong"))
        if given.error is None and not (given.answer or given.tool_calls):
            errors.append(
                FieldError(at, "has neither an answer nor a tool call; send error when it failed")
            )
        _calls(given.tool_calls, f"{at}.toolCalls", errors)
        _amount(given.cost_usd, f"{at}.costUsd", COST_MAX_USD, errors)
        _amount(given.latency_ms, f"{at}.latencyMs", LATENCY_MAX_MS, errors)
        _count(given.input_tokens, f"{at}.inputTokens", errors)
        _count(given.output_tokens, f"{at}.outputTokens", errors)
    if errors:
        raise ValidationFailed(errors)


def reply_of(given: SubmittedAnswer, tools: Sequence[ToolSpec], *, isolated: bool) -> Reply:
    """The answer as a reply: its tool calls, then its text. A call the run's rules refuse
    (a tool not declared read-only reported as executed) makes the reply a failure with the
    reason; the calls are kept, as an agent's steps up to a failure are."""
    declared = {tool.name: tool for tool in tools}
    steps: list[Step] = []
    refusals: list[str] = []
    for call in given.tool_calls:
        spec = declared.get(call.name)
        problem = reported_call_problem(spec, call.name, call.status, isolated=isolated)
        if problem is not None:
            refusals.append(problem)
        steps.append(
            Step.call(
                call.name,
                call.argument_object,
                cast(CallStatus, call.status),
                call.result,
                spec.read_only if spec else None,
            )
        )
    if given.answer:
        steps.append(Step.said(given.answer))
    error = given.error
    if error is None and refusals:
        error = REFUSED_CALL.format(problem="; ".join(refusals))
    return Reply(
        steps=tuple(steps),
        model=given.model,
        cost_usd=given.cost_usd,
        latency_ms=given.latency_ms,
        input_tokens=given.input_tokens,
        output_tokens=given.output_tokens,
        error=error,
    )
