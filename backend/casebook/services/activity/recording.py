"""Writing what an agent run said into Activity: the question, then the reply and its run.

The question is stored first, in its own transaction, so a conversation keeps what was
asked even when the agent then fails; the reply - every step, the figures, the flags,
or the error - is stored when the agent has answered. Positions are taken under the
conversation's row lock, so concurrent turns never share one.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Agent, AgentVersion, Conversation, Message, Run, RunStep
from casebook.domain.access.catalog import Visibility
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import Reply
from casebook.domain.agents.webhook_contract import Turn

TITLE_CHARS = 80


@dataclass(frozen=True)
class RecordedRun:
    conversation_id: int
    question_message_id: int
    reply_message_id: int
    run_id: int
    reply: Reply


async def new_conversation(
    session: AsyncSession, actor: Actor, agent: Agent, title: str
) -> Conversation:
    """A conversation of the actor with the agent, private to them."""
    assert agent.id is not None
    row = Conversation(
        organization_id=actor.organization_id,
        agent_id=agent.id,
        owner_user_id=actor.user_id,
        visibility=Visibility.PRIVATE.value,
        title=" ".join(title.split())[:TITLE_CHARS],
        created_by_user_id=actor.user_id,
        updated_at=datetime.now(UTC),
    )
    session.add(row)
    await session.flush()
    return row


async def locked(session: AsyncSession, conversation_id: int) -> Conversation:
    return (
        await session.execute(
            select(Conversation)
            .where(Conversation.id == conversation_id)
            .with_for_update()
            .execution_options(populate_existing=True)
        )
    ).scalar_one()


async def append_message(
    session: AsyncSession,
    actor: Actor,
    conversation: Conversation,
    role: str,
    content: str,
    *,
    author_user_id: int | None = None,
) -> Message:
    """Append a turn; ``conversation`` must be locked (or new) in this transaction."""
    assert conversation.id is not None
    conversation.message_count += 1
    conversation.updated_at = datetime.now(UTC)
    message = Message(
        organization_id=actor.organization_id,
        conversation_id=conversation.id,
        position=conversation.message_count,
        role=role,
        content=content,
        author_user_id=author_user_id,
    )
    session.add(message)
    await session.flush()
    return message


async def append_history(
    session: AsyncSession, actor: Actor, conversation: Conversation, turns: Sequence[Turn]
) -> int | None:
    """Earlier turns (a case's, say) written as they were; returns the last question's id."""
    last_question = None
    for turn in turns:
        role = "user" if turn.role == "user" else "agent"
        author = actor.user_id if role == "user" else None
        message = await append_message(
            session, actor, conversation, role, turn.content, author_user_id=author
        )
        if role == "user":
            last_question = message.id
    return last_question


async def append_reply(
    session: AsyncSession,
    actor: Actor,
    conversation: Conversation,
    *,
    question_message_id: int | None,
    version: AgentVersion,
    reply: Reply,
    isolated: bool,
    eval_run: bool,
) -> tuple[Message, Run]:
    """The agent's reply as a message, and the run that wrote it with every step."""
    message = await append_message(session, actor, conversation, "agent", reply.text)
    run = await record_run(
        session,
        actor,
        conversation,
        message,
        question_message_id=question_message_id,
        agent_id=version.agent_id,
        version=version,
        reply=reply,
        isolated=isolated,
        eval_run=eval_run,
    )
    return message, run


async def record_run(
    session: AsyncSession,
    actor: Actor,
    conversation: Conversation,
    answer: Message,
    *,
    question_message_id: int | None,
    agent_id: int,
    version: AgentVersion | None,
    reply: Reply,
    isolated: bool,
    eval_run: bool,
) -> Run:
    """The run that wrote ``answer``, with every step of ``reply``. ``version`` is None for
    an agent without versions (the case generator)."""
    assert answer.id is not None and conversation.id is not None
    run = Run(
        organization_id=actor.organization_id,
        conversation_id=conversation.id,
        message_id=answer.id,
        question_message_id=question_message_id,
        agent_id=agent_id,
        agent_version_id=version.id if version is not None else None,
        agent_version=version.version if version is not None else None,
        status=reply.status,
        error=reply.error,
        model=reply.model,
        cost_usd=reply.cost_usd,
        latency_ms=reply.latency_ms,
        input_tokens=reply.input_tokens,
        output_tokens=reply.output_tokens,
        isolated=isolated,
        eval=eval_run,
        has_transcript=bool(reply.steps),
        started_at=datetime.now(UTC),
        created_by_user_id=actor.user_id,
    )
    session.add(run)
    await session.flush()
    assert run.id is not None
    for position, step in enumerate(reply.steps, start=1):
        session.add(
            RunStep(
                run_id=run.id,
                position=position,
                kind=step.kind,
                text=step.text,
                tool_name=step.tool_name,
                arguments=step.arguments,
                status=step.status,
                result=step.result,
                read_only=step.read_only,
            )
        )
    await session.flush()
    return run


async def history_of(session: AsyncSession, conversation_id: int, limit: int) -> list[Turn]:
    """The conversation's turns so far, oldest first, the newest ``limit`` of them."""
    rows = (
        await session.execute(
            select(Message)
            .where(Message.conversation_id == conversation_id)
            .order_by(Message.position.desc())  # type: ignore[attr-defined]
            .limit(limit)
        )
    ).scalars()
    return [Turn(m.role, m.content) for m in reversed(list(rows)) if m.content]
