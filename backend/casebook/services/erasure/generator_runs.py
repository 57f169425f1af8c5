"""Erasure in the case generator's own runs: a generation from chats quoted people's
questions in its prompt, and its reply varied them, and both are kept in Activity as the
generator's run (``services.generation.recording``). The generation keeps whose questions
it quoted; erasing one of them replaces the run's prompt and reply - the messages of its
conversation, its steps and its error - and takes them off the generation, so a rerun
finds only what is left. The run keeps its figures, the generation its counts."""

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Generation, Message, Run
from casebook.domain.erasure.rules import ERASED_TEXT
from casebook.services.erasure.messages import erase_runs
from casebook.services.erasure.person import Person


async def erase_generator_runs(session: AsyncSession, person: Person, organization_id: int) -> int:
    """Replace the prompt and reply of every generator run that quoted the person; how many
    generations quoted them."""
    quoting = (
        Generation.organization_id == organization_id,
        person.in_arrays(Generation.quoted_user_ids, Generation.quoted_end_users),
    )
    runs = select(col(Generation.run_id)).where(*quoting, col(Generation.run_id).is_not(None))
    conversations = select(col(Run.conversation_id)).where(col(Run.id).in_(runs.scalar_subquery()))
    await session.execute(
        update(Message)
        .where(col(Message.conversation_id).in_(conversations.scalar_subquery()))
        .values(content=ERASED_TEXT)
        .execution_options(synchronize_session=False)
    )
    await erase_runs(session, runs)
    untied = await session.execute(
        update(Generation)
        .where(*quoting)
        .values(
            quoted_user_ids=func.array_remove(Generation.quoted_user_ids, person.user_id)
            if person.user_id is not None
            else Generation.quoted_user_ids,
            quoted_end_users=func.array_remove(Generation.quoted_end_users, person.end_user)
            if person.end_user is not None
            else Generation.quoted_end_users,
        )
        .returning(col(Generation.id))
        .execution_options(synchronize_session=False)
    )
    return len(untied.scalars().all())
