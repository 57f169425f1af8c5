"""Which conversations an actor may open, as SQL and for one row (``domain.activity.access``).

``runs:view`` opens every conversation of the organization; anyone else opens their
own, those shared with the organization, and those shared with them by a grant.
A conversation one may not open is "not found", like one that never existed.
"""

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import ColumnElement, and_, exists, or_, select, true
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Conversation, ResourceGrant
from casebook.domain.access.catalog import GrantLevel, Visibility
from casebook.domain.access.policy import Actor
from casebook.domain.activity.access import (
    ConversationFacts,
    copied_text_masked,
    may_open,
    reads_every_run,
)
from casebook.services.kernel.errors import NotFound

CONVERSATION_KIND = "conversation"
CONVERSATION_SOURCE = "conversation"
OPENING_GRANTS = (GrantLevel.READ.value, GrantLevel.EDIT.value)


def _granted(actor: Actor) -> ColumnElement[bool]:
    return exists().where(
        ResourceGrant.resource_type == CONVERSATION_KIND,
        ResourceGrant.resource_id == Conversation.id,
        ResourceGrant.grantee_user_id == actor.user_id,
        ResourceGrant.level.in_(OPENING_GRANTS),  # type: ignore[attr-defined]
    )


def openable_clause(actor: Actor) -> ColumnElement[bool]:
    """SQL for "the actor may open this conversation" - the routes of ``may_open``."""
    in_organization = Conversation.organization_id == actor.organization_id
    if reads_every_run(actor):
        return and_(in_organization, true())
    return and_(
        in_organization,
        or_(
            Conversation.owner_user_id == actor.user_id,
            Conversation.visibility == Visibility.ORGANIZATION.value,
            _granted(actor),
        ),
    )


def granted_column(actor: Actor) -> ColumnElement[bool]:
    """Whether a grant opens the conversation to the actor, as a column of a query that
    reads the conversation row: its access is then decided from that one statement."""
    return _granted(actor).label("granted")


def conversation_facts(row: Conversation, granted: Any) -> ConversationFacts:
    return ConversationFacts(
        row.organization_id, row.owner_user_id, Visibility(row.visibility), bool(granted)
    )


async def facts(session: AsyncSession, actor: Actor, row: Conversation) -> ConversationFacts:
    granted = (
        await session.execute(
            select(
                exists().where(
                    ResourceGrant.resource_type == CONVERSATION_KIND,
                    ResourceGrant.resource_id == row.id,
                    ResourceGrant.grantee_user_id == actor.user_id,
                    ResourceGrant.level.in_(OPENING_GRANTS),  # type: ignore[attr-defined]
                )
            )
        )
    ).scalar_one()
    return conversation_facts(row, granted)


async def load_openable(
    session: AsyncSession, actor: Actor, conversation_id: int, *, for_update: bool = False
) -> Conversation:
    """The conversation when the actor may open it, read with the actor's grant on it in
    one statement: one the actor may not open costs what one that never existed does, so
    the time of the answer does not tell that it exists."""
    query = select(Conversation, granted_column(actor)).where(Conversation.id == conversation_id)
    if for_update:
        query = query.with_for_update(of=Conversation).execution_options(populate_existing=True)
    found = (await session.execute(query)).first()
    if found is None or not may_open(actor, conversation_facts(found[0], found[1])):
        raise NotFound("conversation")
    row: Conversation = found[0]
    return row


async def openable_conversations(
    session: AsyncSession, actor: Actor, conversation_ids: Iterable[int]
) -> set[int]:
    wanted = sorted(set(conversation_ids))
    if not wanted:
        return set()
    rows = await session.execute(
        select(col(Conversation.id)).where(Conversation.id.in_(wanted), openable_clause(actor))  # type: ignore[union-attr]
    )
    return {int(r[0]) for r in rows}


async def copied_text_hidden(
    session: AsyncSession, actor: Actor, sources: Sequence[tuple[str, int | None]]
) -> list[bool]:
    """For each case as (source, source conversation id): whether its copied text is masked
    for this reader. Only ``conversation`` cases hold copied text; one whose link was
    cleared stays masked for readers without ``runs:view``."""
    if reads_every_run(actor):
        return [False] * len(sources)
    linked = [c for s, c in sources if s == CONVERSATION_SOURCE and c is not None]
    openable = await openable_conversations(session, actor, linked)
    return [
        source == CONVERSATION_SOURCE
        and copied_text_masked(actor, None if conversation is None else conversation in openable)
        for source, conversation in sources
    ]


def copied_text_readable(actor: Actor, source: Any, conversation_id: Any) -> ColumnElement[bool]:
    """SQL for "this reader reads the case's copied text" over a case's ``source`` and
    ``source_conversation_id`` columns: the rule of ``copied_text_hidden``, so searches and
    twin checks read only what the reader may read."""
    if reads_every_run(actor):
        return true()
    return or_(
        source != CONVERSATION_SOURCE,
        exists().where(Conversation.id == conversation_id, openable_clause(actor)),
    )
