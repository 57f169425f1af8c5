"""Recording conversations, turns and runs for integrators, idempotent by their own ids.

A request holds conversations, each with its turns in order: questions (``user``)
and the agent's replies (``agent``), each reply with its run - steps, figures and
flags. A conversation is found or created by its external id; a turn whose id its
conversation already holds is skipped, so a retried request - or the same batch
twice, even at the same time - stores everything once. New turns are appended after
what the conversation holds, in one transaction, rows written with COPY.

Recording needs ``runs:view`` (it writes Activity, which that permission reads) and
``agents:run`` on each agent named.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import orjson
from sqlalchemy import select, text, tuple_
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import (
    Agent,
    AgentVersion,
    Conversation,
    Membership,
    Message,
    Run,
    RunStep,
)
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.activity.ingestion import (
    ConversationDraft,
    ConversationRecord,
    RunRecord,
    TurnDraft,
    TurnRecord,
    run_text,
    validate_batch,
)
from casebook.domain.activity.model import Step
from casebook.domain.activity.replies import continues_reply, one_reply, reply_content
from casebook.domain.agents.model import AgentConfig, config_from_json
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.services.agents.agents import KIND as AGENT_KIND
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.bulk import copy_rows, raw_connection, reserve_ids
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Forbidden, NotFound

TITLE_FROM_QUESTION_CHARS = 80

_messages = Message.__table__.c  # type: ignore[attr-defined]
_runs = Run.__table__.c  # type: ignore[attr-defined]
_steps = RunStep.__table__.c  # type: ignore[attr-defined]
# The columns each COPY fills, in the order of its records, named by the tables' metadata.
MESSAGE_COLUMNS = (
    _messages.id,
    _messages.organization_id,
    _messages.conversation_id,
    _messages.position,
    _messages.role,
    _messages.content,
    _messages.author_user_id,
    _messages.author_end_user,
    _messages.external_id,
    _messages.created_at,
)
RUN_COLUMNS = (
    _runs.id,
    _runs.organization_id,
    _runs.conversation_id,
    _runs.message_id,
    _runs.question_message_id,
    _runs.agent_id,
    _runs.agent_version_id,
    _runs.agent_version,
    _runs.status,
    _runs.error,
    _runs.model,
    _runs.cost_usd,
    _runs.latency_ms,
    _runs.input_tokens,
    _runs.output_tokens,
    _runs.isolated,
    _runs.eval,
    _runs.has_transcript,
    _runs.started_at,
    _runs.created_by_user_id,
    _runs.created_at,
    _runs.trace_id,
    _runs.span_id,
    _runs.attributes,
)
STEP_COLUMNS = (
    _steps.run_id,
    _steps.position,
    _steps.kind,
    _steps.text,
    _steps.tool_name,
    _steps.arguments,
    _steps.status,
    _steps.result,
    _steps.read_only,
)


@dataclass(frozen=True)
class RecordedTurn:
    external_id: str
    message_id: int
    run_id: int | None
    stored: bool


@dataclass
class RecordedConversation:
    external_id: str | None
    conversation_id: int
    created: bool
    turns: list[RecordedTurn] = field(default_factory=list)

    @property
    def turns_stored(self) -> int:
        return sum(1 for t in self.turns if t.stored)


_conversations = Conversation.__table__.c  # type: ignore[attr-defined]
# What appending reads of a conversation: plain rows, not ORM objects, for a batch of hundreds.
HELD_COLUMNS = (
    _conversations.id,
    _conversations.external_id,
    _conversations.agent_id,
    _conversations.owner_user_id,
    _conversations.end_user,
    _conversations.message_count,
)


@dataclass(frozen=True)
class _Held:
    """A conversation as appending needs it, read under its row lock."""

    id: int
    external_id: str | None
    agent_id: int
    owner_user_id: int | None
    end_user: str | None
    message_count: int


@dataclass(frozen=True)
class _StoredReply:
    """The reply a conversation ends on, as stored: an agent turn appended next is a later
    part of it (``domain.activity.replies``)."""

    message_id: int
    content: str
    run: RunRecord
    run_id: int
    steps: int


@dataclass
class _Target:
    """One conversation of the request, locked, and the turns to append to it."""

    row: _Held
    path: str
    turns: Sequence[TurnRecord]
    created: bool
    known: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    last_question_id: int | None = None
    open_reply: _StoredReply | None = None


# A version's tools by name: whether each is read-only.
ReadOnlyTools = dict[str, bool]


@dataclass
class _Rows:
    messages: list[tuple[object, ...]] = field(default_factory=list)
    runs: list[tuple[object, ...]] = field(default_factory=list)
    steps: list[tuple[object, ...]] = field(default_factory=list)


async def record_conversations(
    ctx: ServiceContext, drafts: Sequence[ConversationDraft]
) -> list[RecordedConversation]:
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    records = validate_batch(drafts)
    if not records:
        return []
    async with ctx.transaction() as session:
        agents = await _runnable_agents(session, actor, records)
        results = await store_records(session, actor, agents, records)
        await _audit(session, ctx, actor, results)
    return results


async def store_records(
    session: AsyncSession,
    actor: Actor,
    agents: dict[int, Agent],
    records: Sequence[ConversationRecord],
) -> list[RecordedConversation]:
    """Validated conversations written in the caller's transaction: each found or created
    by its external id (locked), the turns it does not hold yet appended. ``agents`` are
    those the records name, already authorized for the actor."""
    await _check_members(session, actor, records)
    targets = await _upsert_conversations(session, actor, records)
    return await _store(session, actor, agents, targets)


async def append_turns(
    ctx: ServiceContext, conversation_id: int, turns: Sequence[TurnDraft]
) -> RecordedConversation:
    """Append turns to a conversation known by its id (one the console started, say)."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.transaction() as session:
        found = (
            await session.execute(
                select(*HELD_COLUMNS)
                .where(
                    _conversations.id == conversation_id,
                    _conversations.organization_id == actor.organization_id,
                )
                .with_for_update()
            )
        ).one_or_none()
        if found is None:
            raise NotFound("conversation")
        row = _Held(*found)
        draft = ConversationDraft(
            external_id=row.external_id or f"conversation-{row.id}",
            agent_id=row.agent_id,
            member_user_id=row.owner_user_id,
            end_user=row.end_user if row.owner_user_id is None else None,
            turns=turns,
        )
        try:
            record = validate_batch([draft], path="conversation")[0]
        except ValidationFailed as refused:
            raise BadUserInput(
                [
                    FieldError(e.path.removeprefix("conversation.0."), e.message)
                    for e in refused.errors
                ]
            ) from None
        agents = await _runnable_agents(session, actor, [record])
        target = _Target(row, "", record.turns, created=False)
        await _read_known(session, [target])
        results = await _store(session, actor, agents, [target])
        await _audit(session, ctx, actor, results)
    return results[0]


async def _runnable_agents(
    session: AsyncSession, actor: Actor, records: Sequence[ConversationRecord]
) -> dict[int, Agent]:
    found: dict[int, Agent] = {}
    for index, record in enumerate(records):
        if record.agent_id in found:
            continue
        path = f"conversations.{index}.agentId"
        try:
            found[record.agent_id] = await sharing.load_authorized(
                session, actor, AGENT_KIND, record.agent_id, Permission.AGENTS_RUN
            )
        except NotFound:
            raise BadUserInput.at(path, "agent not found") from None
        except Forbidden:
            raise Forbidden(f"{path}: recording its runs needs agents:run on the agent") from None
    return found


async def _check_members(
    session: AsyncSession, actor: Actor, records: Sequence[ConversationRecord]
) -> None:
    wanted = {r.member_user_id for r in records if r.member_user_id is not None}
    if not wanted:
        return
    members = set(
        (
            await session.execute(
                select(col(Membership.user_id)).where(
                    Membership.organization_id == actor.organization_id,
                    Membership.user_id.in_(sorted(wanted)),  # type: ignore[attr-defined]
                )
            )
        ).scalars()
    )
    errors = [
        FieldError(f"conversations.{i}.memberId", "not a member of this organization")
        for i, r in enumerate(records)
        if r.member_user_id is not None and r.member_user_id not in members
    ]
    if errors:
        raise BadUserInput(errors)


def _title(record: ConversationRecord) -> str:
    if record.title:
        return record.title
    question = next((t.content for t in record.turns if t.role == "user"), "")
    words = " ".join(question.split())
    return words[:TITLE_FROM_QUESTION_CHARS]


async def _upsert_conversations(
    session: AsyncSession, actor: Actor, records: Sequence[ConversationRecord]
) -> list[_Target]:
    external_ids = [r.external_id for r in records]
    inserted = await session.execute(
        text(
            """INSERT INTO conversations (organization_id, agent_id, owner_user_id, end_user,
                   external_id, visibility, title, message_count, created_by_user_id, updated_at)
               SELECT :org, u.agent_id, u.owner_id, u.end_user, u.external_id, 'private',
                      u.title, 0, :me, now()
               FROM unnest(CAST(:agents AS bigint[]), CAST(:owners AS bigint[]),
                           CAST(:end_users AS text[]), CAST(:external_ids AS text[]),
                           CAST(:titles AS text[]))
                    AS u(agent_id, owner_id, end_user, external_id, title)
               ON CONFLICT (organization_id, external_id) WHERE external_id IS NOT NULL
               DO NOTHING
               RETURNING external_id"""
        ),
        {
            "org": actor.organization_id,
            "me": actor.user_id,
            "agents": [r.agent_id for r in records],
            "owners": [r.member_user_id for r in records],
            "end_users": [r.end_user for r in records],
            "external_ids": external_ids,
            "titles": [_title(r) for r in records],
        },
    )
    created = {row[0] for row in inserted}
    # Locked in id order, so concurrent requests naming the same conversations queue up.
    rows = await session.execute(
        select(*HELD_COLUMNS)
        .where(
            _conversations.organization_id == actor.organization_id,
            _conversations.external_id.in_(external_ids),
        )
        .order_by(_conversations.id)
        .with_for_update()
    )
    by_external = {held.external_id: held for held in (_Held(*row) for row in rows)}
    targets: list[_Target] = []
    errors: list[FieldError] = []
    for index, record in enumerate(records):
        row = by_external[record.external_id]
        path = f"conversations.{index}"
        if row.agent_id != record.agent_id:
            errors.append(FieldError(f"{path}.agentId", "this conversation is with another agent"))
        if (row.owner_user_id, row.end_user) != (record.member_user_id, record.end_user):
            errors.append(
                FieldError(f"{path}.memberId", "this conversation is with another person")
            )
        targets.append(_Target(row, path, record.turns, created=record.external_id in created))
    if errors:
        raise BadUserInput(errors)
    await _read_known(session, [t for t in targets if not t.created])
    return targets


async def _read_known(session: AsyncSession, targets: Sequence[_Target]) -> None:
    """The turns each existing conversation already holds (by external id), and its last
    question, in two statements."""
    if not targets:
        return
    by_id = {t.row.id: t for t in targets}
    pairs = [(t.row.id, turn.external_id) for t in targets for turn in t.turns]
    if pairs:
        known = await session.execute(
            text(
                """SELECT m.conversation_id, m.external_id, m.id, COALESCE(r.id, lead.id)
                   FROM unnest(CAST(:cids AS bigint[]), CAST(:exts AS text[])) AS u(cid, ext)
                   JOIN messages m ON m.conversation_id = u.cid AND m.external_id = u.ext
                   LEFT JOIN runs r ON r.message_id = m.id
                   -- A later part of a reply: the run of the reply it continues.
                   LEFT JOIN LATERAL (
                       SELECT runs.id FROM runs JOIN messages reply ON reply.id = runs.message_id
                       WHERE r.id IS NULL AND m.role = 'agent'
                         AND runs.conversation_id = m.conversation_id
                         AND reply.position < m.position
                         AND NOT EXISTS (
                             SELECT 1 FROM messages q
                             WHERE q.conversation_id = m.conversation_id AND q.role = 'user'
                               AND q.position > reply.position AND q.position < m.position)
                       ORDER BY reply.position DESC LIMIT 1) lead ON true"""
            ),
            {"cids": [p[0] for p in pairs], "exts": [p[1] for p in pairs]},
        )
        for conversation_id, external_id, message_id, run_id in known:
            by_id[conversation_id].known[external_id] = (message_id, run_id)
    last = await session.execute(
        text(
            """SELECT DISTINCT ON (conversation_id) conversation_id, id FROM messages
               WHERE conversation_id = ANY(CAST(:cids AS bigint[])) AND role = 'user'
               ORDER BY conversation_id, position DESC"""
        ),
        {"cids": list(by_id)},
    )
    for conversation_id, message_id in last:
        by_id[conversation_id].last_question_id = message_id
    ending = await session.execute(
        text(
            """SELECT DISTINCT ON (m.conversation_id) m.conversation_id, m.role, m.id, m.content,
                      r.id, r.model, r.cost_usd, r.latency_ms, r.input_tokens, r.output_tokens,
                      r.isolated, r.eval, r.agent_version, r.error, r.started_at,
                      (SELECT COALESCE(max(s.position), 0) FROM run_steps s WHERE s.run_id = r.id)
               FROM messages m
               LEFT JOIN LATERAL (
                   SELECT runs.* FROM runs JOIN messages reply ON reply.id = runs.message_id
                   WHERE runs.conversation_id = m.conversation_id AND reply.role = 'agent'
                     AND reply.position > COALESCE(
                         (SELECT max(q.position) FROM messages q
                          WHERE q.conversation_id = m.conversation_id AND q.role = 'user'), 0)
                   ORDER BY reply.position DESC LIMIT 1) r ON true
               WHERE m.conversation_id = ANY(CAST(:cids AS bigint[]))
               ORDER BY m.conversation_id, m.position DESC"""
        ),
        {"cids": list(by_id)},
    )
    for conversation_id, role, message_id, content, run_id, *figures, steps in ending:
        if role != "agent" or run_id is None:
            continue
        model, cost, latency, tokens_in, tokens_out, isolated, eval_run, version, error, at = (
            figures
        )
        stored = RunRecord(
            (),
            model,
            float(cost) if cost is not None else None,  # NUMERIC reads as Decimal
            latency,
            tokens_in,
            tokens_out,
            isolated,
            eval_run,
            version,
            error,
            at,
        )
        by_id[conversation_id].open_reply = _StoredReply(
            message_id, content, stored, run_id, int(steps)
        )


async def _versions(
    session: AsyncSession, agents: dict[int, Agent], targets: Sequence[_Target]
) -> dict[tuple[int, int], tuple[int, ReadOnlyTools]]:
    """The id of every agent version the new runs name and which of its tools are
    read-only, in one query; an unknown version is refused on its path."""
    wanted: set[tuple[int, int]] = set()
    errors: list[FieldError] = []
    for target in targets:
        agent = agents[target.row.agent_id]
        if target.open_reply is not None:
            # Later parts of the reply it ends on take its version's tools.
            number = target.open_reply.run.agent_version or agent.latest_version
            wanted.add((agent.id or 0, number))
        for index, turn in enumerate(target.turns):
            if turn.run is None or turn.external_id in target.known:
                continue
            number = turn.run.agent_version or agent.latest_version
            if number > agent.latest_version:
                errors.append(
                    FieldError(
                        f"{target.path}.turns.{index}.run.agentVersion".lstrip("."),
                        f"the agent has versions 1 to {agent.latest_version}",
                    )
                )
            wanted.add((agent.id or 0, number))
    if errors:
        raise BadUserInput(errors)
    if not wanted:
        return {}
    rows = (
        await session.execute(
            select(AgentVersion).where(
                tuple_(AgentVersion.agent_id, AgentVersion.version).in_(sorted(wanted))
            )
        )
    ).scalars()
    return {
        (r.agent_id, r.version): (r.id or 0, _read_only_tools(config_from_json(r.config)))
        for r in rows
    }


def _read_only_tools(config: AgentConfig) -> ReadOnlyTools:
    """Whether each declared tool is read-only: made once per version, read for each step."""
    return {tool.name: tool.read_only for tool in config.tools}


@dataclass(eq=False)
class _Reply:
    """A reply of this request, its parts gathered before it is written: the turn that
    starts it (or the stored reply it continues) and the agent turns after it."""

    run_id: int
    message_id: int
    parts: list[RunRecord]
    lead: TurnRecord | None = None
    stored: _StoredReply | None = None


def _replies(targets: Sequence[_Target]) -> list[list[_Reply | None]]:
    """Per target and new turn: the reply it starts or continues, still without ids (0),
    or None for a question. A reply recorded as agent turns in a row is one."""
    found: list[list[_Reply | None]] = []
    for target in targets:
        open_reply: _Reply | None = None
        if target.open_reply is not None:
            stored = target.open_reply
            open_reply = _Reply(stored.run_id, stored.message_id, [], stored=stored)
        per_turn: list[_Reply | None] = []
        for turn in target.turns:
            if turn.external_id in target.known:
                continue
            if turn.role == "user" or turn.run is None:
                open_reply = None
                per_turn.append(None)
                continue
            if not continues_reply(turn.role, open_reply is not None):
                open_reply = _Reply(0, 0, [], lead=turn)
            assert open_reply is not None
            open_reply.parts.append(turn.run)
            per_turn.append(open_reply)
        found.append(per_turn)
    return found


async def _store(
    session: AsyncSession, actor: Actor, agents: dict[int, Agent], targets: Sequence[_Target]
) -> list[RecordedConversation]:
    versions = await _versions(session, agents, targets)
    replies = _replies(targets)
    new_turns = sum(len(per_turn) for per_turn in replies)
    leads = sum(1 for per_turn in replies for r in per_turn if r is not None and r.lead)
    message_ids = iter(await reserve_ids(session, _messages.id, new_turns))
    run_ids = iter(await reserve_ids(session, _runs.id, leads))
    now = datetime.now(UTC)
    rows = _Rows()
    results: list[RecordedConversation] = []
    counts: list[tuple[int, int]] = []
    continued: list[_Reply] = []
    targets_agent: dict[int, int] = {}
    for target, per_turn in zip(targets, replies, strict=True):
        conversation = target.row
        assert conversation.id is not None
        result = RecordedConversation(conversation.external_id, conversation.id, target.created)
        position = conversation.message_count
        agent = agents[conversation.agent_id]
        new = iter(per_turn)
        for turn in target.turns:
            if turn.external_id in target.known:
                message_id, run_id = target.known[turn.external_id]
                result.turns.append(RecordedTurn(turn.external_id, message_id, run_id, False))
                continue
            reply = next(new)
            position += 1
            message_id = next(message_ids)
            is_question = turn.role == "user"
            content = turn.content
            if reply is not None and reply.lead is turn:
                reply.run_id, reply.message_id = next(run_ids), message_id
                whole = one_reply(reply.parts)
                content = run_text(whole)
                number = whole.agent_version or agent.latest_version
                version_id, read_only = versions[(conversation.agent_id, number)]
                _add_run(
                    rows,
                    actor,
                    target,
                    turn,
                    whole,
                    reply.run_id,
                    message_id,
                    version_id,
                    number,
                    read_only,
                    now,
                )
            elif reply is not None:
                # A later part of the reply: its place and id kept, its steps in the run.
                content = ""
                if reply.stored is not None and reply not in continued:
                    continued.append(reply)
                    targets_agent[reply.run_id] = conversation.agent_id
            rows.messages.append(
                (
                    message_id,
                    actor.organization_id,
                    conversation.id,
                    position,
                    turn.role,
                    content,
                    conversation.owner_user_id if is_question else None,
                    conversation.end_user if is_question else None,
                    turn.external_id,
                    turn.at or now,
                )
            )
            if is_question:
                target.last_question_id = message_id
            run_id = reply.run_id if reply is not None else None
            result.turns.append(RecordedTurn(turn.external_id, message_id, run_id, True))
        if position != conversation.message_count:
            counts.append((conversation.id, position))
        results.append(result)
    for reply in continued:
        assert reply.stored is not None
        agent_id = targets_agent[reply.run_id]
        stored_version = reply.stored.run.agent_version or agents[agent_id].latest_version
        _add_steps(rows, reply, versions[(agent_id, stored_version)][1])
    await _copy(session, rows)
    await _continue_stored(session, continued)
    if counts:
        await session.execute(
            text(
                """UPDATE conversations c SET message_count = u.n, updated_at = now()
                   FROM unnest(CAST(:ids AS bigint[]), CAST(:ns AS integer[])) AS u(id, n)
                   WHERE c.id = u.id"""
            ),
            {"ids": [c for c, _ in counts], "ns": [n for _, n in counts]},
        )
    return results


def _add_run(
    rows: _Rows,
    actor: Actor,
    target: _Target,
    turn: TurnRecord,
    run: RunRecord,
    run_id: int,
    message_id: int,
    version_id: int,
    number: int,
    read_only: ReadOnlyTools,
    now: datetime,
) -> None:
    rows.runs.append(
        (
            run_id,
            actor.organization_id,
            target.row.id,
            message_id,
            target.last_question_id,
            target.row.agent_id,
            version_id,
            number,
            "failed" if run.error else "succeeded",
            run.error,
            run.model,
            run.cost_usd,
            run.latency_ms,
            run.input_tokens,
            run.output_tokens,
            run.isolated,
            run.eval,
            bool(run.steps),
            run.started_at or turn.at or now,
            actor.user_id,
            now,
            run.trace_id,
            run.span_id,
            orjson.dumps(run.attributes).decode() if run.attributes is not None else None,
        )
    )
    rows.steps.extend(step_rows(run_id, run.steps, read_only))


def step_rows(
    run_id: int, steps: Sequence[Step], read_only: ReadOnlyTools, first: int = 1
) -> list[tuple[object, ...]]:
    """A run's steps as the records of ``STEP_COLUMNS``, numbered from ``first``."""
    return [
        (
            run_id,
            position,
            step.kind,
            step.text,
            step.tool_name,
            orjson.dumps(step.arguments).decode() if step.arguments is not None else None,
            step.status,
            step.result,
            read_only.get(step.tool_name) if step.tool_name else None,
        )
        for position, step in enumerate(steps, start=first)
    ]


def _add_steps(rows: _Rows, reply: _Reply, read_only: ReadOnlyTools) -> None:
    """The steps of later parts of a stored reply, after those it holds."""
    assert reply.stored is not None
    rows.steps.extend(
        step_rows(reply.run_id, one_reply(reply.parts).steps, read_only, reply.stored.steps + 1)
    )


async def _continue_stored(session: AsyncSession, replies: Sequence[_Reply]) -> None:
    """A stored reply continued by this request: its run's figures and its message's text
    now those of the whole reply."""
    for reply in replies:
        stored = reply.stored
        assert stored is not None
        added = one_reply(reply.parts)
        whole = one_reply([stored.run, added])
        await session.execute(
            text(
                """UPDATE runs SET model = :model, cost_usd = :cost, latency_ms = :latency,
                       input_tokens = :tokens_in, output_tokens = :tokens_out, error = :error,
                       status = :status, has_transcript = :transcript
                   WHERE id = :id"""
            ),
            {
                "id": reply.run_id,
                "model": whole.model,
                "cost": whole.cost_usd,
                "latency": whole.latency_ms,
                "tokens_in": whole.input_tokens,
                "tokens_out": whole.output_tokens,
                "error": whole.error,
                "status": "failed" if whole.error else "succeeded",
                "transcript": bool(stored.steps or added.steps),
            },
        )
        await session.execute(
            text("UPDATE messages SET content = :content WHERE id = :id"),
            {"id": reply.message_id, "content": reply_content([stored.content, run_text(added)])},
        )


async def _copy(session: AsyncSession, rows: _Rows) -> None:
    connection = await raw_connection(session)
    if rows.messages:
        await copy_rows(connection, MESSAGE_COLUMNS, rows.messages)
    if rows.runs:
        await copy_rows(connection, RUN_COLUMNS, rows.runs)
    if rows.steps:
        await copy_rows(connection, STEP_COLUMNS, rows.steps)


async def _audit(
    session: AsyncSession,
    ctx: ServiceContext,
    actor: Actor,
    results: Sequence[RecordedConversation],
) -> None:
    stored = sum(r.turns_stored for r in results)
    await audit.record(
        session,
        actor,
        "activity.record",
        resource_type="conversation",
        summary={
            "conversations": len(results),
            "created": sum(1 for r in results if r.created),
            "turns_stored": stored,
            "turns_known": sum(len(r.turns) for r in results) - stored,
        },
        request_id=ctx.request_id,
    )
