"""Removing conversations: the cases and scores taken from them stay, unlinked (spec:
Personal data). "When the conversation is deleted, the case stays and every link from
it back to the conversation is cleared: the run, the conversation and the message it
came from"; a score "stays without the link to" the run it graded.
"""

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Conversation, DatasetCase, Run, Score


async def clear_links_to_conversations(
    session: AsyncSession,
    organization_id: int,
    *,
    conversation_id: int | None = None,
    agent_id: int | None = None,
) -> None:
    """Clear every case's and score's link into the conversations about to be deleted: one
    conversation, or every conversation of an agent."""
    chosen = select(col(Conversation.id)).where(Conversation.organization_id == organization_id)
    if conversation_id is not None:
        chosen = chosen.where(Conversation.id == conversation_id)
    if agent_id is not None:
        chosen = chosen.where(Conversation.agent_id == agent_id)
    await session.execute(
        update(DatasetCase)
        .where(DatasetCase.source_conversation_id.in_(chosen.scalar_subquery()))  # type: ignore[union-attr]
        .values(source_run_id=None, source_conversation_id=None, source_message_id=None)
    )
    runs = select(col(Run.id)).where(Run.conversation_id.in_(chosen.scalar_subquery()))  # type: ignore[attr-defined]
    await session.execute(
        update(Score)
        .where(Score.source_run_id.in_(runs.scalar_subquery()))  # type: ignore[union-attr]
        .values(source_run_id=None)
    )
