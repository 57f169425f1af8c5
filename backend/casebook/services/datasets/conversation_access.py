"""Whether an actor may open a conversation a case was copied from.

Conversation text is readable with ``runs:view`` (which reads every run in the
organization) or with access to that conversation. Casebook has no
conversation store yet, so no conversation can be opened through it: a case's
copied text is readable with ``runs:view`` only, and a missing source stays
masked, as the spec says. When the Activity store lands, it answers here.
"""

from collections.abc import Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, holds


async def openable_conversations(
    session: AsyncSession, actor: Actor, conversation_ids: Iterable[int]
) -> set[int]:
    del session, actor, conversation_ids
    return set()


async def masked_conversations(
    session: AsyncSession, actor: Actor, conversation_ids: Iterable[int]
) -> set[int]:
    """The conversations among these whose copied text the actor may not read."""
    wanted = {c for c in conversation_ids}
    if not wanted or holds(actor, Permission.RUNS_VIEW):
        return set()
    return wanted - await openable_conversations(session, actor, wanted)
