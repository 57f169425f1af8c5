"""Turns formed from spans written as the drafts every way into Activity validates.

A conversation is the spans sharing a ``session.id`` (or ``gen_ai.conversation.id``) with
one agent, else one trace: its external id is ``otel:<agent id>:session:<id>`` or
``otel:<agent id>:trace:<trace id>``. Its person is the end user ``user.id`` (or
``enduser.id``) names; without one, the session (``session:<id>``) or the trace
(``trace:<trace id>``) stands for them, so two people's anonymous conversations never
become one person's for erasure and export. A conversation keeps the person it was
first recorded with.

Each turn is a question (when it brings one) and the agent's reply with its run; the
turns of a new conversation are preceded by the earlier messages the first turn's input
held. A turn that brings no new question goes on with the conversation's last run. Every
text is redacted (credentials) before it is drafted, as every text a case keeps is.
"""

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import orjson

from casebook.domain.activity.ingestion import (
    STEPS_PER_RUN_MAX,
    ConversationDraft,
    RunDraft,
    StepDraft,
    TurnDraft,
)
from casebook.domain.activity.traces.assembly import (
    Extension,
    StepPlan,
    TurnPlan,
    extension_of,
    merge_into,
    run_attributes,
)
from casebook.domain.activity.traces.limits import ID_MAX, SESSION_ID_MAX
from casebook.domain.jsonvalue import JSONObject
from casebook.domain.measures import cost_problem, latency_problem
from casebook.domain.redaction import may_hold_a_credential, redact_json, redact_text

EXTERNAL_PREFIX = "otel"


@dataclass(frozen=True)
class Held:
    """A conversation already stored, as drafting needs it."""

    owner_user_id: int | None
    end_user: str | None
    # The run that wrote its last message, when that message is the agent's.
    last_run_id: int | None


@dataclass
class Drafted:
    conversations: list[ConversationDraft] = field(default_factory=list)
    # Each drafted reply's turn, by (conversation external id, turn external id).
    turns: dict[tuple[str, str], TurnPlan] = field(default_factory=dict)
    # What continuing turns add to runs already stored.
    extensions: list[Extension] = field(default_factory=list)
    redacted: int = 0


def _bounded_id(value: str, limit: int) -> str:
    """An id within ``limit`` characters: a longer one keeps its start and a digest of all."""
    if len(value) <= limit:
        return value
    digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{value[: limit - 17]}~{digest}"


def conversation_external_id(agent_id: int, session: str | None, trace_id: str) -> str:
    if session:
        return f"{EXTERNAL_PREFIX}:{agent_id}:session:{_bounded_id(session, SESSION_ID_MAX)}"
    return f"{EXTERNAL_PREFIX}:{agent_id}:trace:{trace_id}"


def end_user_of(plan: TurnPlan) -> str:
    if plan.user:
        return _bounded_id(" ".join(plan.user.split()), ID_MAX)
    if plan.session:
        return f"session:{_bounded_id(plan.session, SESSION_ID_MAX)}"
    return f"trace:{plan.trace_id}"


def reply_external_id(plan: TurnPlan) -> str:
    return f"{plan.trace_id}:{plan.span_id}"


def moment(ns: int) -> datetime | None:
    """A span's time in nanoseconds since 1970 as a datetime; None for 0 or out of range."""
    if ns <= 0:
        return None
    try:
        return datetime.fromtimestamp(ns / 1e9, UTC)
    except (OverflowError, ValueError, OSError):
        return None


class Redactor:
    """Credentials redacted from every text and JSON value drafted, counted."""

    def __init__(self) -> None:
        self.count = 0

    def text(self, text: str) -> str:
        redacted, n = redact_text(text)
        self.count += n
        return redacted

    def optional(self, text: str | None) -> str | None:
        return None if text is None else self.text(text)

    def object(self, value: JSONObject) -> JSONObject:
        # The triggers hold nothing JSON escapes: none in the whole text, none anywhere in it.
        if not may_hold_a_credential(orjson.dumps(value).decode()):
            return value
        redacted, n = redact_json(value)
        self.count += n
        return redacted if isinstance(redacted, dict) else value

    def step(self, step: StepDraft) -> StepDraft:
        arguments = step.arguments
        return StepDraft(
            step.kind,
            text=self.optional(step.text),
            tool_name=self.optional(step.tool_name),
            arguments=self.object(arguments) if isinstance(arguments, dict) else arguments,
            status=step.status,
            result=self.optional(step.result),
        )


def bounded_steps(steps: Sequence[StepPlan]) -> tuple[list[StepDraft], int]:
    """At most ``STEPS_PER_RUN_MAX`` steps - the first ones, and the last text (the answer)
    - and how many were left out."""
    drafts = [s.step for s in steps]
    if len(drafts) <= STEPS_PER_RUN_MAX:
        return drafts, 0
    last_text = next((d for d in reversed(drafts) if d.kind == "text"), None)
    room = STEPS_PER_RUN_MAX - (1 if last_text is not None else 0)
    kept = drafts[:room] + ([last_text] if last_text is not None else [])
    return kept, len(drafts) - len(kept)


def draft_conversations(
    turns: Sequence[TurnPlan],
    held: Mapping[str, Held],
    versions: Mapping[tuple[int, str], int],
) -> Drafted:
    """The conversations ``turns`` are recorded in, and what continuing turns add to runs
    already stored. ``held``: the conversations stored already, by external id;
    ``versions``: the agent version numbers of labels (agent id, label)."""
    drafted = Drafted()
    redactor = Redactor()
    grouped: dict[str, list[TurnPlan]] = {}
    for plan in sorted(turns, key=lambda t: (t.start_ns, t.trace_id, t.span_id)):
        external = conversation_external_id(plan.agent_id, plan.session, plan.trace_id)
        grouped.setdefault(external, []).append(plan)
    for external, plans in grouped.items():
        found = held.get(external)
        kept: list[TurnPlan] = []
        for plan in plans:
            if plan.continues and kept:
                merge_into(kept[-1], plan)
            elif plan.continues and found is not None and found.last_run_id is not None:
                drafted.extensions.append(extension_of(found.last_run_id, plan))
            else:
                if plan.continues:
                    plan.steps = plan.prior_steps + plan.steps
                kept.append(plan)
        if not kept:
            continue
        turn_drafts: list[TurnDraft] = []
        if found is None:
            turn_drafts.extend(_history(kept[0], redactor))
        for plan in kept:
            turn_drafts.extend(_turn(plan, versions, redactor))
            drafted.turns[(external, reply_external_id(plan))] = plan
        if found is None:
            member, person = None, end_user_of(kept[0])
        elif found.owner_user_id is not None:
            member, person = found.owner_user_id, None
        else:
            member, person = None, found.end_user
        drafted.conversations.append(
            ConversationDraft(
                external_id=external,
                agent_id=kept[0].agent_id,
                member_user_id=member,
                end_user=person,
                turns=turn_drafts,
            )
        )
    drafted.redacted = redactor.count
    return drafted


def _history(plan: TurnPlan, redactor: Redactor) -> list[TurnDraft]:
    """The earlier messages a new conversation's first turn was asked after."""
    drafts = []
    at = moment(plan.start_ns)
    for index, (role, text) in enumerate(plan.history):
        external = f"{reply_external_id(plan)}:history:{index}"
        if role == "user":
            drafts.append(TurnDraft(external, "user", redactor.text(text), at=at))
        else:
            run = RunDraft(
                steps=[StepDraft("text", text=redactor.text(text))],
                trace_id=plan.trace_id,
                attributes={"read_from": f"the input of span {plan.span_id}"},
            )
            drafts.append(TurnDraft(external, "agent", None, run, at))
    return drafts


def _turn(
    plan: TurnPlan, versions: Mapping[tuple[int, str], int], redactor: Redactor
) -> list[TurnDraft]:
    drafts = []
    if plan.question:
        drafts.append(
            TurnDraft(
                f"{reply_external_id(plan)}:question",
                "user",
                redactor.text(plan.question),
                at=moment(plan.start_ns),
            )
        )
    steps, left_out = bounded_steps(plan.steps)
    attributes = run_attributes(plan.attributes, plan.resource)
    if left_out:
        attributes["steps_left_out"] = left_out
    figures = plan.figures
    run = RunDraft(
        steps=[redactor.step(s) for s in steps],
        model=figures.model,
        cost_usd=_within(figures.cost_usd, cost_problem),
        latency_ms=_within(max(0, plan.end_ns - plan.start_ns) / 1e6, latency_problem),
        input_tokens=figures.input_tokens,
        output_tokens=figures.output_tokens,
        agent_version=versions.get((plan.agent_id, plan.version_label))
        if plan.version_label
        else None,
        error=redactor.optional(plan.error),
        started_at=moment(plan.start_ns),
        trace_id=plan.trace_id,
        span_id=plan.span_id,
        attributes=redactor.object(attributes),
    )
    drafts.append(TurnDraft(reply_external_id(plan), "agent", None, run, moment(plan.end_ns)))
    return drafts


def _within(figure: float | None, problem: Callable[[object], str | None]) -> float | None:
    """A figure a span gave beyond what a run keeps (a turn that took longer than a day,
    a cost past the bound) is not known rather than a refused request: spans are read,
    not typed by a person who could correct them."""
    return None if figure is None or problem(figure) else figure


def storable(plan: TurnPlan) -> bool:
    """Whether a turn holds anything a run can keep: a step, or the error it ended with."""
    return bool(plan.steps or plan.prior_steps or plan.error)
