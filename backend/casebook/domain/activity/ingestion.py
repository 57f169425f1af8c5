"""Validating what an integrator records: conversations, their turns and runs, in batches.

Every record carries the integrator's own id, so a retried request stores nothing
twice: a conversation's id is unique in the organization, a turn's in its
conversation. A batch is refused whole, with every problem on its path
(``conversations.3.turns.2.run.steps.1.arguments``), and changes nothing.

Bounds per request: 1,000 conversations, 10,000 turns, 50,000 steps; per run 200
steps; a message or a text step at most 100,000 characters, a tool's result
20,000, an id or a name 200.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from casebook.domain.activity.model import CALL_STATUSES, CallStatus, Step
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.jsonvalue import JSONObject
from casebook.domain.measures import COST_MAX_USD, LATENCY_MAX_MS, amount_problem
from casebook.domain.storable_text import json_problem, text_problem

CONVERSATIONS_MAX = 1_000
TURNS_MAX = 10_000
STEPS_MAX = 50_000
STEPS_PER_RUN_MAX = 200
TEXT_MAX = 100_000
RESULT_MAX = 20_000
ID_MAX = 200
NAME_MAX = 200
TITLE_MAX = 200
ERROR_MAX = 2_000
TURN_ROLES = ("user", "agent")


@dataclass(frozen=True)
class StepDraft:
    kind: str
    text: str | None = None
    tool_name: str | None = None
    arguments: object = None
    status: str | None = None
    result: str | None = None


@dataclass(frozen=True)
class RunDraft:
    steps: Sequence[StepDraft] = ()
    model: str | None = None
    cost_usd: float | None = None
    latency_ms: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    isolated: bool = False
    eval: bool = False
    agent_version: int | None = None
    error: str | None = None
    started_at: datetime | None = None
    # Read from OpenTelemetry spans: the trace and the turn's span (hex), and what the spans
    # said that no field holds (storable by construction: domain/activity/traces/spans).
    trace_id: str | None = None
    span_id: str | None = None
    attributes: JSONObject | None = None


@dataclass(frozen=True)
class TurnDraft:
    external_id: str
    role: str
    content: str | None = None
    run: RunDraft | None = None
    at: datetime | None = None


@dataclass(frozen=True)
class ConversationDraft:
    external_id: str
    agent_id: int
    member_user_id: int | None = None
    end_user: str | None = None
    title: str | None = None
    turns: Sequence[TurnDraft] = ()


@dataclass(frozen=True)
class RunRecord:
    steps: tuple[Step, ...]
    model: str | None
    cost_usd: float | None
    latency_ms: float | None
    input_tokens: int | None
    output_tokens: int | None
    isolated: bool
    eval: bool
    agent_version: int | None
    error: str | None
    started_at: datetime | None
    trace_id: str | None = None
    span_id: str | None = None
    attributes: JSONObject | None = None


@dataclass(frozen=True)
class TurnRecord:
    external_id: str
    role: str
    content: str
    run: RunRecord | None
    at: datetime | None


@dataclass(frozen=True)
class ConversationRecord:
    external_id: str
    agent_id: int
    member_user_id: int | None
    end_user: str | None
    title: str
    turns: tuple[TurnRecord, ...]


class _Checker:
    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def fail(self, path: str, message: str) -> None:
        self.errors.append(FieldError(path, message))

    def text(
        self, value: str | None, path: str, limit: int, *, required: bool = False
    ) -> str | None:
        if value is None or (required and not value.strip()):
            if required:
                self.fail(path, "is required" if value is None else "must not be blank")
            return None
        problem = text_problem(value)
        if problem:
            self.fail(path, problem)
            return None
        if len(value) > limit:
            self.fail(path, f"is longer than {limit:,} characters")
            return None
        return value

    def identifier(self, value: str, path: str) -> str:
        found = self.text(value, path, ID_MAX, required=True)
        return found.strip() if found else ""

    def figure(self, value: float | None, path: str, limit: float) -> float | None:
        problem = amount_problem(value, limit) if value is not None else None
        if problem is not None:
            self.fail(path, problem)
            return None
        return value

    def count(self, value: int | None, path: str) -> int | None:
        if value is not None and not 0 <= value < 2**62:
            self.fail(path, "must be a whole number, 0 or more")
            return None
        return value


def _step(check: _Checker, draft: StepDraft, path: str) -> Step | None:
    if draft.kind == "text":
        text = check.text(draft.text, f"{path}.text", TEXT_MAX, required=True)
        return Step.said(text) if text else None
    if draft.kind != "tool_call":
        check.fail(f"{path}.kind", "must be TOOL_CALL or TEXT")
        return None
    name = check.text(draft.tool_name, f"{path}.toolName", NAME_MAX, required=True)
    arguments = {} if draft.arguments is None else draft.arguments
    if not isinstance(arguments, dict):
        check.fail(f"{path}.arguments", "must be an object")
        return None
    problem = json_problem(arguments, f"{path}.arguments")
    if problem is not None:
        check.errors.append(problem)
        return None
    if draft.status not in CALL_STATUSES:
        check.fail(f"{path}.status", "a tool call needs a status: OK, FAILED or BLOCKED")
        return None
    result = check.text(draft.result, f"{path}.result", RESULT_MAX)
    if name is None:
        return None
    return Step.call(name.strip(), arguments, cast(CallStatus, draft.status), result)


def _run(check: _Checker, draft: RunDraft, content: str | None, path: str) -> RunRecord:
    if len(draft.steps) > STEPS_PER_RUN_MAX:
        check.fail(f"{path}.steps", f"holds more than {STEPS_PER_RUN_MAX} steps")
        drafts: Sequence[StepDraft] = ()
    else:
        drafts = draft.steps
    steps = [s for i, d in enumerate(drafts) if (s := _step(check, d, f"{path}.steps.{i}"))]
    if content and not any(step.kind == "text" for step in steps):
        steps.append(Step.said(content))
    if draft.agent_version is not None and not 1 <= draft.agent_version < 2**31:
        check.fail(f"{path}.agentVersion", "must be a version number of the agent, from 1")
    return RunRecord(
        steps=tuple(steps),
        model=check.text(draft.model, f"{path}.model", NAME_MAX),
        cost_usd=check.figure(draft.cost_usd, f"{path}.costUsd", COST_MAX_USD),
        latency_ms=check.figure(draft.latency_ms, f"{path}.latencyMs", LATENCY_MAX_MS),
        input_tokens=check.count(draft.input_tokens, f"{path}.inputTokens"),
        output_tokens=check.count(draft.output_tokens, f"{path}.outputTokens"),
        isolated=draft.isolated,
        eval=draft.eval,
        agent_version=draft.agent_version,
        error=check.text(draft.error, f"{path}.error", ERROR_MAX),
        started_at=draft.started_at,
        trace_id=draft.trace_id,
        span_id=draft.span_id,
        attributes=draft.attributes,
    )


def _turn(check: _Checker, draft: TurnDraft, path: str) -> TurnRecord | None:
    external_id = check.identifier(draft.external_id, f"{path}.externalId")
    if draft.role not in TURN_ROLES:
        check.fail(f"{path}.role", "must be USER or AGENT")
        return None
    if draft.role == "user":
        content = check.text(draft.content, f"{path}.content", TEXT_MAX, required=True)
        if draft.run is not None:
            check.fail(f"{path}.run", "only an agent's turn has a run")
        return TurnRecord(external_id, "user", content or "", None, draft.at)
    content = check.text(draft.content, f"{path}.content", TEXT_MAX)
    run = _run(check, draft.run or RunDraft(), content, f"{path}.run")
    if not run.steps and run.error is None:
        check.fail(f"{path}.run.steps", "an agent's turn needs its content, a step or an error")
    return TurnRecord(external_id, "agent", run_text(run), run, draft.at)


def validate_steps(drafts: Sequence[StepDraft], path: str) -> list[Step]:
    """Steps added to a run already stored, checked as a recorded run's steps are."""
    check = _Checker()
    steps = [s for i, d in enumerate(drafts) if (s := _step(check, d, f"{path}.{i}"))]
    if check.errors:
        raise ValidationFailed(check.errors)
    return steps


def run_text(run: RunRecord) -> str:
    return "\n\n".join(s.text for s in run.steps if s.kind == "text" and s.text)


def _conversation(check: _Checker, draft: ConversationDraft, path: str) -> ConversationRecord:
    external_id = check.identifier(draft.external_id, f"{path}.externalId")
    end_user = check.text(draft.end_user, f"{path}.endUser", NAME_MAX)
    end_user = end_user.strip() if end_user and end_user.strip() else None
    if (draft.member_user_id is None) == (end_user is None):
        check.fail(
            f"{path}.memberId",
            "name the person the conversation was with: a member (memberId) or an end user "
            "(endUser), one of the two",
        )
    title = check.text(draft.title, f"{path}.title", TITLE_MAX) or ""
    turns: list[TurnRecord] = []
    seen: set[str] = set()
    for index, turn_draft in enumerate(draft.turns):
        turn = _turn(check, turn_draft, f"{path}.turns.{index}")
        if turn is None:
            continue
        if turn.external_id in seen:
            check.fail(f"{path}.turns.{index}.externalId", "another turn of it has this id")
        seen.add(turn.external_id)
        turns.append(turn)
    return ConversationRecord(
        external_id,
        draft.agent_id,
        draft.member_user_id,
        end_user,
        " ".join(title.split()),
        tuple(turns),
    )


def validate_batch(
    drafts: Sequence[ConversationDraft], path: str = "conversations"
) -> list[ConversationRecord]:
    """Every conversation of a request, or ValidationFailed listing every problem."""
    check = _Checker()
    if len(drafts) > CONVERSATIONS_MAX:
        raise ValidationFailed(
            [FieldError(path, f"holds more than {CONVERSATIONS_MAX:,} conversations")]
        )
    turns = sum(len(d.turns) for d in drafts)
    if turns > TURNS_MAX:
        raise ValidationFailed(
            [FieldError(path, f"holds {turns:,} turns; a request holds at most {TURNS_MAX:,}")]
        )
    steps = sum(len(t.run.steps) for d in drafts for t in d.turns if t.run is not None)
    if steps > STEPS_MAX:
        raise ValidationFailed(
            [FieldError(path, f"holds {steps:,} steps; a request holds at most {STEPS_MAX:,}")]
        )
    records: list[ConversationRecord] = []
    seen: set[str] = set()
    for index, draft in enumerate(drafts):
        record = _conversation(check, draft, f"{path}.{index}")
        if record.external_id and record.external_id in seen:
            check.fail(
                f"{path}.{index}.externalId", "another conversation of this request has this id"
            )
        seen.add(record.external_id)
        records.append(record)
    if check.errors:
        raise ValidationFailed(check.errors)
    return records
