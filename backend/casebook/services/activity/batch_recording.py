"""Recording many agent runs at once: an eval run's questions, then their replies.

The same rows ``recording`` writes for one question - a conversation of the actor with
the agent, private to them, holding the earlier turns and the question; then the reply
as a message and the run that wrote it with every step - written for many questions in
a few statements (multi-row inserts), so that an eval run of a thousand cases does not
pay a dozen round trips for each. The statements go to the tables themselves (Core),
not through the ORM's bulk inserts, whose bookkeeping for each row costs more CPU than
the database spends storing it. The questions are stored first, in their own
transaction; the replies when the agent has answered, in the caller's transaction
(where an eval run marks its work items answered).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, insert, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Conversation, Message, Run, RunStep
from casebook.domain.access.catalog import Visibility
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import Reply
from casebook.domain.agents.webhook_contract import Turn
from casebook.services.activity.recording import TITLE_CHARS

_conversations = Conversation.__table__  # type: ignore[attr-defined]
_messages = Message.__table__  # type: ignore[attr-defined]
_runs = Run.__table__  # type: ignore[attr-defined]
_steps = RunStep.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Question:
    agent_id: int
    history: Sequence[Turn]
    text: str


@dataclass(frozen=True)
class Asked:
    """Where a question was stored: its conversation, its message, the reply's position."""

    conversation_id: int
    question_message_id: int
    reply_position: int


@dataclass(frozen=True)
class Answered:
    asked: Asked
    agent_id: int
    agent_version_id: int | None
    agent_version: int
    reply: Reply


async def ask_many(
    session: AsyncSession, actor: Actor, questions: Sequence[Question]
) -> list[Asked]:
    """A conversation per question holding its earlier turns and the question; in order."""
    if not questions:
        return []
    now = datetime.now(UTC)
    conversations = [
        {
            "organization_id": actor.organization_id,
            "agent_id": q.agent_id,
            "owner_user_id": actor.user_id,
            "visibility": Visibility.PRIVATE.value,
            "title": " ".join(q.text.split())[:TITLE_CHARS],
            "message_count": len(q.history) + 1,
            "created_by_user_id": actor.user_id,
            "updated_at": now,
        }
        for q in questions
    ]
    ids = list(
        (
            await session.execute(
                insert(_conversations).returning(_conversations.c.id, sort_by_parameter_order=True),
                conversations,
            )
        ).scalars()
    )
    messages: list[dict[str, Any]] = []
    for conversation_id, question in zip(ids, questions, strict=True):
        for position, turn in enumerate(question.history, start=1):
            role = "user" if turn.role == "user" else "agent"
            messages.append(
                _message(actor, conversation_id, position, role, turn.content, role == "user")
            )
        messages.append(
            _message(actor, conversation_id, len(question.history) + 1, "user", question.text, True)
        )
    message_ids = list(
        (
            await session.execute(
                insert(_messages).returning(_messages.c.id, sort_by_parameter_order=True), messages
            )
        ).scalars()
    )
    asked: list[Asked] = []
    end = 0
    for conversation_id, question in zip(ids, questions, strict=True):
        end += len(question.history) + 1
        asked.append(Asked(conversation_id, message_ids[end - 1], len(question.history) + 2))
    return asked


def _message(
    actor: Actor, conversation_id: int, position: int, role: str, content: str, by_actor: bool
) -> dict[str, Any]:
    return {
        "organization_id": actor.organization_id,
        "conversation_id": conversation_id,
        "position": position,
        "role": role,
        "content": content,
        "author_user_id": actor.user_id if by_actor else None,
        "author_end_user": None,
        "external_id": None,
    }


async def record_replies(
    session: AsyncSession,
    actor: Actor,
    answered: Sequence[Answered],
    *,
    isolated: bool,
    eval_run: bool,
) -> list[int]:
    """Each reply as a message and the run that wrote it with every step; the runs' ids, in
    order. The conversations are the caller's own (``ask_many``): nobody else appends."""
    if not answered:
        return []
    now = datetime.now(UTC)
    message_ids = list(
        (
            await session.execute(
                insert(_messages).returning(_messages.c.id, sort_by_parameter_order=True),
                [
                    _message(
                        actor,
                        a.asked.conversation_id,
                        a.asked.reply_position,
                        "agent",
                        a.reply.text,
                        False,
                    )
                    for a in answered
                ],
            )
        ).scalars()
    )
    await session.execute(
        update(Conversation)
        .where(col(Conversation.id).in_([a.asked.conversation_id for a in answered]))
        .values(message_count=Conversation.message_count + 1, updated_at=func.now())
    )
    runs = [
        {
            "organization_id": actor.organization_id,
            "conversation_id": a.asked.conversation_id,
            "message_id": message_id,
            "question_message_id": a.asked.question_message_id,
            "agent_id": a.agent_id,
            "agent_version_id": a.agent_version_id,
            "agent_version": a.agent_version,
            "status": a.reply.status,
            "error": a.reply.error,
            "model": a.reply.model,
            "cost_usd": a.reply.cost_usd,
            "latency_ms": a.reply.latency_ms,
            "input_tokens": a.reply.input_tokens,
            "output_tokens": a.reply.output_tokens,
            "isolated": isolated,
            "eval": eval_run,
            "has_transcript": bool(a.reply.steps),
            "started_at": now,
            "created_by_user_id": actor.user_id,
        }
        for a, message_id in zip(answered, message_ids, strict=True)
    ]
    run_ids: list[int] = [
        run_id
        for run_id in (
            await session.execute(
                insert(_runs).returning(_runs.c.id, sort_by_parameter_order=True), runs
            )
        ).scalars()
        if run_id is not None
    ]
    steps = [
        {
            "run_id": run_id,
            "position": position,
            "kind": step.kind,
            "text": step.text,
            "tool_name": step.tool_name,
            "arguments": step.arguments,
            "status": step.status,
            "result": step.result,
            "read_only": step.read_only,
        }
        for a, run_id in zip(answered, run_ids, strict=True)
        for position, step in enumerate(a.reply.steps, start=1)
    ]
    if steps:
        await session.execute(insert(_steps), steps)
    return run_ids
