"""Erasure in Activity outside the person's own conversations: a message they wrote in a
conversation held with somebody else is replaced, with the agent's answer to it, and the
title such a conversation took from their words. Their own conversations are deleted."""

from typing import Any

from sqlalchemy import Select, case, exists, literal_column, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Conversation, Message, Run, RunStep
from casebook.domain.erasure.rules import ERASED_TEXT
from casebook.services.erasure.person import Person, conversations_of


async def erase_runs(session: AsyncSession, runs: Select[Any]) -> None:
    """These runs' steps - their text, the calls' arguments and results - and their error
    replaced; tool names, statuses and figures kept."""
    chosen = runs.scalar_subquery()
    await session.execute(
        update(RunStep)
        .where(col(RunStep.run_id).in_(chosen))
        .values(
            text=case((col(RunStep.text).is_(None), None), else_=ERASED_TEXT),
            arguments=case(
                (col(RunStep.arguments).is_(None), None), else_=literal_column("'{}'::jsonb")
            ),
            result=case((col(RunStep.result).is_(None), None), else_=ERASED_TEXT),
        )
        .execution_options(synchronize_session=False)
    )
    await session.execute(
        update(Run)
        .where(col(Run.id).in_(chosen), col(Run.error).is_not(None))
        .values(error=ERASED_TEXT)
        .execution_options(synchronize_session=False)
    )


async def erase_messages_in_others(
    session: AsyncSession, person: Person, organization_id: int
) -> int:
    """Replace what the person wrote in conversations that are not theirs; how many."""
    own = select(col(Conversation.id)).where(conversations_of(person, organization_id))
    written = select(col(Message.id)).where(
        Message.organization_id == organization_id,
        person.matches(Message.author_user_id, Message.author_end_user),
        col(Message.conversation_id).not_in(own.scalar_subquery()),
        # An eval run's questions are stored as its starter's: they are the dataset's words.
        ~exists(
            select(col(Run.id)).where(
                Run.conversation_id == Message.conversation_id, col(Run.eval).is_(True)
            )
        ),
    )
    ids = [int(i) for i in (await session.execute(written)).scalars()]
    if not ids:
        return 0
    answers = select(col(Run.id)).where(col(Run.question_message_id).in_(ids))
    answer_messages = select(col(Run.message_id)).where(col(Run.question_message_id).in_(ids))
    await session.execute(
        update(Message)
        .where((col(Message.id).in_(ids)) | col(Message.id).in_(answer_messages.scalar_subquery()))
        .values(content=ERASED_TEXT)
        .execution_options(synchronize_session=False)
    )
    await erase_runs(session, answers)
    conversations = select(col(Message.conversation_id)).where(col(Message.id).in_(ids))
    await session.execute(
        update(Conversation)
        .where(col(Conversation.id).in_(conversations.scalar_subquery()))
        .values(title=ERASED_TEXT)
        .execution_options(synchronize_session=False)
    )
    return len(ids)
