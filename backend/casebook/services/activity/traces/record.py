"""Recording OpenTelemetry traces into Activity: what ``POST /v1/traces`` stores.

The spans of an export request are read (``domain/activity/traces``), each service's
agent found or registered (``services/agents/trace_sources``), and every trace they
touch formed again from all its spans held so far: turns whose local root has come are
written as conversations through the same path as ``recordConversations``
(``ingestion.store_records``: the same validation, bounds, external ids and
idempotency), spans that came after their run extend it, the rest wait. One
transaction: a request is stored whole or not at all.

Recording needs ``runs:view``, as ``recordConversations`` does, and ``agents:run`` on
each agent recorded into (``agents:edit`` to register one). Spans the sender may not
record, or that cannot be read, are rejected and counted with the reason; the others are
stored. Concurrent requests that touch one trace or one conversation take turns on an
advisory lock, so a span sent twice at once is stored once.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Agent
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.activity.ingestion import (
    CONVERSATIONS_MAX,
    STEPS_MAX,
    TURNS_MAX,
    ConversationDraft,
    TurnDraft,
    validate_batch,
)
from casebook.domain.activity.traces.assembly import (
    Extension,
    PlacedSpan,
    TurnPlan,
    WaitingSpan,
    assemble,
)
from casebook.domain.activity.traces.drafts import (
    Held,
    conversation_external_id,
    draft_conversations,
    storable,
)
from casebook.domain.activity.traces.spans import Reading
from casebook.services.activity.ingestion import store_records
from casebook.services.activity.traces import staging
from casebook.services.activity.traces.extension import extend_runs
from casebook.services.agents.trace_sources import Refused, agents_for_names, version_numbers
from casebook.services.kernel import audit
from casebook.services.kernel.advisory_locks import lock_keys
from casebook.services.kernel.context import ServiceContext

NO_INVOCATION = (
    "their trace holds no agent, chain or LLM invocation, which Activity keeps as a turn"
)
NOTHING_TO_KEEP = (
    "their invocation recorded no text, tool call or error to keep (GenAI instrumentations "
    "record messages when OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true)"
)


@dataclass
class Outcome:
    """What placing spans did."""

    duplicates: int = 0
    waiting: int = 0
    turns_stored: int = 0
    runs_extended: int = 0
    redacted: int = 0
    # Spans not kept, by reason (those of this request are counted as rejected).
    not_kept: dict[str, int] = field(default_factory=dict)
    forgotten: int = 0


@dataclass(frozen=True)
class TraceIntake:
    """The answer to an export request."""

    spans: int
    rejected: int
    message: str
    outcome: Outcome


def trace_lock(organization_id: int, trace_id: str) -> str:
    return f"otel-trace:{organization_id}:{trace_id}"


async def record_traces(ctx: ServiceContext, reading: Reading) -> TraceIntake:
    """Store what an export request's spans make of Activity; the rejected counted."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    received = len(reading.spans) + reading.rejected_count + reading.duplicates
    outcome = Outcome()
    if reading.spans:
        async with ctx.transaction() as session:
            # Planned for the tables as they are at each request: a plan cached when they
            # were small (a scan of the organization's rows) would be kept as they grow, and
            # a batch's lookups cost more with every batch (measured: 18 to 113 ms a batch
            # over 60 batches of 128 traces, constant with this).
            await session.execute(text("SET LOCAL plan_cache_mode = force_custom_plan"))
            traces = sorted({s.trace_id for s in reading.spans})
            await lock_keys(session, [trace_lock(actor.organization_id, t) for t in traces])
            labels: dict[str, str | None] = {}
            for span in reading.spans:
                labels.setdefault(span.agent, span.version_label)
            named = await agents_for_names(session, ctx, labels)
            arriving = []
            for span in reading.spans:
                found = named[span.agent]
                if isinstance(found, Refused):
                    reading.reject(found.reason)
                else:
                    assert found.id is not None
                    arriving.append(WaitingSpan(span, found.id))
            agents = {a.id: a for a in named.values() if isinstance(a, Agent) and a.id}
            outcome = await place_spans(session, ctx, actor, agents, arriving)
            for reason, count in outcome.not_kept.items():
                reading.reject(reason, count)
            await audit.record(
                session,
                actor,
                "activity.record_traces",
                resource_type="conversation",
                summary={
                    "spans": received,
                    "rejected": reading.rejected_count,
                    "duplicates": reading.duplicates + outcome.duplicates,
                    "waiting": outcome.waiting,
                    "turns_stored": outcome.turns_stored,
                    "runs_extended": outcome.runs_extended,
                    "redacted": outcome.redacted,
                },
                request_id=ctx.request_id,
            )
    return TraceIntake(received, reading.rejected_count, reading.message(), outcome)


async def place_spans(
    session: AsyncSession,
    ctx: ServiceContext,
    actor: Actor,
    agents: dict[int, Agent],
    arriving: Sequence[WaitingSpan],
    *,
    traces: Iterable[str] = (),
    settled_before: datetime | None = None,
) -> Outcome:
    """Form every trace ``arriving`` touches (and ``traces``) from all its spans held so
    far, and store what is complete. The caller holds the traces' locks. ``agents``: the
    agents the actor may record into, by id; spans of other agents are left as they are.
    A waiting span received before ``settled_before`` waits no longer."""
    organization_id = actor.organization_id
    outcome = Outcome()
    touched = sorted({w.facts.trace_id for w in arriving} | set(traces))
    rows = await staging.rows_of(session, organization_id, touched, settled_before=settled_before)
    known = rows.known()
    new = [w for w in arriving if (w.facts.trace_id, w.facts.span_id) not in known]
    outcome.duplicates = len(arriving) - len(new)
    incoming: dict[str, list[WaitingSpan]] = {}
    for span in new:
        incoming.setdefault(span.facts.trace_id, []).append(span)
    spans = {(w.facts.trace_id, w.facts.span_id): w for w in new}
    waited: set[tuple[str, str]] = set()
    turns: list[TurnPlan] = []
    extensions: list[Extension] = []
    stays: list[WaitingSpan] = []
    forget: list[tuple[str, str]] = []
    for trace_id in touched:
        held = rows.waiting.get(trace_id, [])
        mine = [w for w in held if w.agent_id in agents]
        arrived = incoming.get(trace_id, [])
        if not arrived and not any(w.settled for w in mine):
            continue
        # Another agent's waiting spans stand only as the boundary of this agent's tree.
        others = [
            PlacedSpan(w.facts.span_id, w.facts.parent_id, w.agent_id, None, "above")
            for w in held
            if w.agent_id not in agents
        ]
        for w in mine:
            spans[(trace_id, w.facts.span_id)] = w
            waited.add((trace_id, w.facts.span_id))
        plan = assemble([*rows.placed.get(trace_id, []), *others], [*mine, *arrived])
        turns.extend(plan.turns)
        extensions.extend(plan.extensions)
        stays.extend(w for w in plan.waiting if (trace_id, w.facts.span_id) not in waited)
        for span in plan.dropped:
            _not_kept(outcome, span, waited, forget, NO_INVOCATION)
    kept_turns = []
    for turn in turns:
        if storable(turn):
            kept_turns.append(turn)
            continue
        for key in turn.roles:
            _not_kept(outcome, spans[key], waited, forget, NOTHING_TO_KEEP)
    stored, continuing = await _store_turns(session, ctx, actor, agents, kept_turns)
    placements = [_placement(spans[key], run_id, role) for key, run_id, role in stored]
    extensions.extend(continuing)
    extended, redacted = await extend_runs(session, organization_id, extensions)
    outcome.runs_extended = len(extended)
    outcome.redacted += redacted
    outcome.turns_stored = sum(1 for p in placements if p.role == "turn")
    for extension in extensions:
        for key, role in extension.roles.items():
            if extension.run_id in extended:
                placements.append(_placement(spans[key], extension.run_id, role))
            else:
                _not_kept(outcome, spans[key], waited, forget, "their run was deleted")
    await staging.place(session, actor, placements, waited)
    await staging.forget(session, organization_id, forget)
    outcome.waiting = await staging.add_waiting(session, actor, stays)
    return outcome


def _not_kept(
    outcome: Outcome,
    span: WaitingSpan,
    waited: set[tuple[str, str]],
    forget: list[tuple[str, str]],
    reason: str,
) -> None:
    key = (span.facts.trace_id, span.facts.span_id)
    if key in waited:
        forget.append(key)
        outcome.forgotten += 1
    else:
        outcome.not_kept[reason] = outcome.not_kept.get(reason, 0) + 1


def _placement(span: WaitingSpan, run_id: int | None, role: str) -> staging.Placement:
    facts = span.facts
    return staging.Placement(
        facts.trace_id, facts.span_id, facts.parent_id, span.agent_id, run_id, role
    )


async def _store_turns(
    session: AsyncSession,
    ctx: ServiceContext,
    actor: Actor,
    agents: dict[int, Agent],
    turns: Sequence[TurnPlan],
) -> tuple[list[tuple[tuple[str, str], int | None, str]], list[Extension]]:
    """The turns written as conversations; each of their spans with its run and role, and
    what the turns that go on with a stored run add to it."""
    if not turns:
        return [], []
    organization_id = actor.organization_id
    externals = sorted({conversation_external_id(t.agent_id, t.session, t.trace_id) for t in turns})
    # A conversation of one trace is only ever touched under that trace's lock, held.
    await lock_keys(
        session,
        [f"otel-conversation:{organization_id}:{e}" for e in externals if ":session:" in e],
    )
    held = await _held(session, organization_id, externals)
    labelled = [(agents[t.agent_id], t.version_label) for t in turns if t.version_label]
    versions = await version_numbers(session, ctx, labelled)
    drafted = draft_conversations(turns, held, versions)
    run_of: dict[tuple[str, str], int | None] = {}
    for chunk in _chunks(drafted.conversations):
        for result in await store_records(session, actor, agents, validate_batch(chunk)):
            for turn in result.turns:
                run_of[(result.external_id or "", turn.external_id)] = turn.run_id
    placed = [
        (span, run_of.get(key), role)
        for key, plan in drafted.turns.items()
        for span, role in plan.roles.items()
    ]
    return placed, drafted.extensions


async def _held(
    session: AsyncSession, organization_id: int, externals: Sequence[str]
) -> dict[str, Held]:
    """The conversations already stored among ``externals``, with their last run."""
    rows = await session.execute(
        text(
            # One index probe per conversation (see staging.rows_of).
            """SELECT c.external_id, c.owner_user_id, c.end_user, r.id
               FROM unnest(CAST(:ids AS text[])) AS u(external_id)
               CROSS JOIN LATERAL (
                   SELECT k.id, k.external_id, k.owner_user_id, k.end_user, k.message_count
                   FROM conversations k
                   WHERE k.organization_id = :org AND k.external_id = u.external_id
                   LIMIT 1) AS c
               LEFT JOIN messages m ON m.conversation_id = c.id
                    AND m.position = c.message_count AND m.role = 'agent'
               LEFT JOIN runs r ON r.message_id = m.id"""
        ),
        {"org": organization_id, "ids": list(externals)},
    )
    return {external: Held(owner, end_user, run_id) for external, owner, end_user, run_id in rows}


def _chunks(conversations: Sequence[ConversationDraft]) -> list[list[ConversationDraft]]:
    """Conversations in batches within ``validate_batch``'s bounds per request; one
    conversation's turns split across batches when they are more than a batch holds."""
    chunks: list[list[ConversationDraft]] = [[]]
    turns = steps = 0
    named: set[str] = set()
    for conversation in conversations:
        for piece in _pieces(conversation):
            piece_steps = sum(len(t.run.steps) for t in piece.turns if t.run is not None)
            current = chunks[-1]
            if current and (
                len(current) >= CONVERSATIONS_MAX
                or turns + len(piece.turns) > TURNS_MAX
                or steps + piece_steps > STEPS_MAX
                or piece.external_id in named
            ):
                chunks.append([])
                turns = steps = 0
                named = set()
            named.add(piece.external_id)
            chunks[-1].append(piece)
            turns += len(piece.turns)
            steps += piece_steps
    return [c for c in chunks if c]


def _pieces(conversation: ConversationDraft) -> list[ConversationDraft]:
    """A conversation's turns in pieces of at most half a batch's turns and steps."""
    pieces: list[list[TurnDraft]] = [[]]
    steps = 0
    for turn in conversation.turns:
        more = len(turn.run.steps) if turn.run is not None else 0
        if pieces[-1] and (len(pieces[-1]) >= TURNS_MAX // 2 or steps + more > STEPS_MAX // 2):
            pieces.append([])
            steps = 0
        pieces[-1].append(turn)
        steps += more
    if len(pieces) == 1:
        return [conversation]
    return [replace(conversation, turns=piece) for piece in pieces]
