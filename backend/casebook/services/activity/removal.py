"""Removing conversations: the cases and scores taken from them stay, unlinked (spec:
Personal data). "When the conversation is deleted, the case stays and every link from
it back to the conversation is cleared: the run, the conversation and the message it
came from"; a score "stays without the link to" the run it graded.

One path for every removal - its person or an admin deleting one, an agent deleted
with its conversations, retention, an erasure - so none of them forgets a link.
Drafts of the case generator taken from these conversations are deleted with them:
"nobody chose to keep it" (spec: Personal data, on drafts).
"""

from collections.abc import Sequence

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import (
    Conversation,
    DatasetCase,
    ProposedCase,
    ResourceGrant,
    Run,
    Score,
)
from casebook.services.activity.access import CONVERSATION_KIND


async def clear_links_to_conversations(
    session: AsyncSession,
    organization_id: int,
    *,
    conversation_ids: Sequence[int] | None = None,
    agent_id: int | None = None,
) -> None:
    """Clear every case's and score's link into the conversations about to be deleted -
    these conversations, or every conversation of an agent - and delete the drafts taken
    from them."""
    chosen = select(col(Conversation.id)).where(Conversation.organization_id == organization_id)
    if conversation_ids is not None:
        chosen = chosen.where(col(Conversation.id).in_(list(conversation_ids)))
    if agent_id is not None:
        chosen = chosen.where(Conversation.agent_id == agent_id)
    await session.execute(
        update(DatasetCase)
        .where(col(DatasetCase.source_conversation_id).in_(chosen.scalar_subquery()))
        .values(
            source_run_id=None,
            source_conversation_id=None,
            source_message_id=None,
            source_question_message_id=None,
        )
        .execution_options(synchronize_session=False)
    )
    await session.execute(
        delete(ProposedCase)
        .where(col(ProposedCase.conversation_id).in_(chosen.scalar_subquery()))
        .execution_options(synchronize_session=False)
    )
    runs = select(col(Run.id)).where(col(Run.conversation_id).in_(chosen.scalar_subquery()))
    await session.execute(
        update(Score)
        .where(col(Score.source_run_id).in_(runs.scalar_subquery()))
        .values(source_run_id=None)
        .execution_options(synchronize_session=False)
    )


async def remove_conversations(
    session: AsyncSession, organization_id: int, conversation_ids: Sequence[int]
) -> int:
    """Delete these conversations of the organization with their messages, runs, steps,
    ratings and grants, after unlinking what was copied from them; how many went."""
    ids = sorted(set(conversation_ids))
    if not ids:
        return 0
    await clear_links_to_conversations(session, organization_id, conversation_ids=ids)
    await session.execute(
        delete(ResourceGrant).where(
            ResourceGrant.resource_type == CONVERSATION_KIND,
            col(ResourceGrant.resource_id).in_(ids),
        )
    )
    removed = await session.execute(
        delete(Conversation)
        .where(Conversation.organization_id == organization_id, col(Conversation.id).in_(ids))
        .returning(col(Conversation.id))
    )
    return len(removed.scalars().all())
