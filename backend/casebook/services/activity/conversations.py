"""Conversations: read, list, share with the organization or one member, delete.

A conversation is private to the person it was with unless shared; only that
person shares it - with the organization, or with one member by a read grant.
``runs:view`` reads every conversation. Deleting one removes its messages and runs;
cases and scores taken from it stay, unlinked (``removal``). The person it was with
deletes it, and so may one who manages the organization.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Conversation, Membership, Message, ResourceGrant, User
from casebook.db.pagination import Page, check_page_size, decode_cursor, encode_cursor
from casebook.domain.access.catalog import GrantLevel, Permission, Visibility
from casebook.domain.access.policy import holds
from casebook.domain.activity.access import may_open, may_share
from casebook.services.activity.access import (
    CONVERSATION_KIND,
    conversation_facts,
    facts,
    granted_column,
    load_openable,
    openable_clause,
)
from casebook.services.activity.removal import remove_conversations
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Forbidden, NotFound


@dataclass(frozen=True)
class ConversationFilter:
    agent_id: int | None = None
    # Only the actor's own conversations (the chat's list), whatever else they may open.
    mine: bool = False


async def get_conversation(ctx: ServiceContext, conversation_id: int) -> Conversation:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        return await load_openable(session, actor, conversation_id)


async def conversations_by_id(
    ctx: ServiceContext, conversation_ids: Sequence[int]
) -> list[Conversation | None]:
    """Conversations the actor may open, by id, in one statement (None: not openable)."""
    actor = ctx.require_actor()
    if not conversation_ids:
        return []
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(Conversation).where(
                    col(Conversation.id).in_(set(conversation_ids)), openable_clause(actor)
                )
            )
        ).scalars()
        found = {r.id: r for r in rows}
    return [found.get(i) for i in conversation_ids]


async def list_conversations(
    ctx: ServiceContext, *, where: ConversationFilter, first: int, after: str | None
) -> Page[Conversation]:
    """Most recently active first (by id of creation, newest first)."""
    actor = ctx.require_actor()
    check_page_size(first)
    query = select(Conversation).where(openable_clause(actor))
    if where.mine:
        query = query.where(Conversation.owner_user_id == actor.user_id)
    if where.agent_id is not None:
        query = query.where(Conversation.agent_id == where.agent_id)
    if after is not None:
        query = query.where(col(Conversation.id) < decode_cursor(after))
    query = query.order_by(col(Conversation.id).desc()).limit(first + 1)
    async with ctx.reading() as session:
        rows = list((await session.execute(query)).scalars())
    items = rows[:first]
    return Page(items, [encode_cursor(c.id or 0) for c in items], len(rows) > first)


async def list_messages(
    ctx: ServiceContext, conversation_id: int, *, first: int, after: str | None
) -> Page[Message]:
    """Oldest first, as the conversation went."""
    actor = ctx.require_actor()
    check_page_size(first)
    async with ctx.reading() as session:
        await load_openable(session, actor, conversation_id)
        query = select(Message).where(Message.conversation_id == conversation_id)
        if after is not None:
            query = query.where(col(Message.position) > decode_cursor(after))
        rows = list(
            (
                await session.execute(query.order_by(col(Message.position)).limit(first + 1))
            ).scalars()
        )
    items = rows[:first]
    return Page(items, [encode_cursor(m.position) for m in items], len(rows) > first)


async def get_message(ctx: ServiceContext, message_id: int) -> Message:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        # The message, its conversation and the actor's grant on it in one statement: one
        # the actor may not open costs what one that never existed does.
        found = (
            await session.execute(
                select(Message, Conversation, granted_column(actor))
                .join(Conversation, col(Conversation.id) == Message.conversation_id)
                .where(Message.id == message_id)
            )
        ).first()
    if found is None:
        raise NotFound("message")
    message, conversation, granted = found
    if message.organization_id != actor.organization_id or not may_open(
        actor, conversation_facts(conversation, granted)
    ):
        raise NotFound("message")
    return message


async def _shareable(
    ctx: ServiceContext, session: AsyncSession, conversation_id: int
) -> Conversation:
    actor = ctx.require_actor()
    row = await load_openable(session, actor, conversation_id, for_update=True)
    if not may_share(actor, await facts(session, actor, row)):
        raise Forbidden("only the person this conversation was with may share it")
    return row


async def set_visibility(
    ctx: ServiceContext, conversation_id: int, visibility: Visibility
) -> Conversation:
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        row = await _shareable(ctx, session, conversation_id)
        if row.visibility != visibility.value:
            previous, row.visibility = row.visibility, visibility.value
            await audit.record(
                session,
                actor,
                "conversation.visibility",
                resource_type=CONVERSATION_KIND,
                resource_id=conversation_id,
                summary={"from": previous, "to": visibility.value},
                request_id=ctx.request_id,
            )
    return row


async def share_with(ctx: ServiceContext, conversation_id: int, user_id: int) -> Conversation:
    """A read grant for one member of the organization."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        row = await _shareable(ctx, session, conversation_id)
        member = (
            await session.execute(
                select(User)
                .join(Membership, Membership.user_id == User.id)
                .where(User.id == user_id, Membership.organization_id == actor.organization_id)
            )
        ).scalar_one_or_none()
        if member is None:
            raise BadUserInput.at("userId", "not a member of this organization")
        existing = (
            await session.execute(
                select(ResourceGrant).where(
                    ResourceGrant.resource_type == CONVERSATION_KIND,
                    ResourceGrant.resource_id == conversation_id,
                    ResourceGrant.grantee_user_id == user_id,
                )
            )
        ).scalar_one_or_none()
        if existing is None:
            session.add(
                ResourceGrant(
                    organization_id=actor.organization_id,
                    resource_type=CONVERSATION_KIND,
                    resource_id=conversation_id,
                    grantee_user_id=user_id,
                    level=GrantLevel.READ.value,
                    granted_by_user_id=actor.user_id,
                )
            )
            await audit.record(
                session,
                actor,
                "conversation.grant",
                resource_type=CONVERSATION_KIND,
                resource_id=conversation_id,
                summary={"user_id": user_id, "level": GrantLevel.READ.value},
                request_id=ctx.request_id,
            )
    return row


async def unshare_with(ctx: ServiceContext, conversation_id: int, user_id: int) -> Conversation:
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        row = await _shareable(ctx, session, conversation_id)
        await session.execute(
            delete(ResourceGrant).where(
                ResourceGrant.resource_type == CONVERSATION_KIND,
                ResourceGrant.resource_id == conversation_id,
                ResourceGrant.grantee_user_id == user_id,
            )
        )
        await audit.record(
            session,
            actor,
            "conversation.revoke_grant",
            resource_type=CONVERSATION_KIND,
            resource_id=conversation_id,
            summary={"user_id": user_id},
            request_id=ctx.request_id,
        )
    return row


async def shared_with(ctx: ServiceContext, conversation_id: int) -> list[User]:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        await load_openable(session, actor, conversation_id)
        rows = await session.execute(
            select(User)
            .join(ResourceGrant, ResourceGrant.grantee_user_id == User.id)
            .where(
                ResourceGrant.resource_type == CONVERSATION_KIND,
                ResourceGrant.resource_id == conversation_id,
            )
            .order_by(col(User.name))
        )
        return list(rows.scalars())


async def delete_conversation(ctx: ServiceContext, conversation_id: int) -> None:
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        row = await load_openable(session, actor, conversation_id, for_update=True)
        own = row.owner_user_id is not None and row.owner_user_id == actor.user_id
        if not own and not holds(actor, Permission.ORGANIZATION_MANAGE):
            raise Forbidden(
                "only the person this conversation was with, or one who manages the "
                "organization, may delete it"
            )
        await remove_conversations(session, actor.organization_id, [conversation_id])
        await audit.record(
            session,
            actor,
            "conversation.delete",
            resource_type=CONVERSATION_KIND,
            resource_id=conversation_id,
            summary={"messages": row.message_count},
            request_id=ctx.request_id,
        )


async def messages_by_id(ctx: ServiceContext, message_ids: Sequence[int]) -> list[Message | None]:
    """Messages of conversations the actor may open, by id, in one statement."""
    actor = ctx.require_actor()
    if not message_ids:
        return []
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(Message)
                .join(Conversation, Conversation.id == Message.conversation_id)
                .where(col(Message.id).in_(set(message_ids)), openable_clause(actor))
            )
        ).scalars()
        found = {m.id: m for m in rows}
    return [found.get(i) for i in message_ids]
