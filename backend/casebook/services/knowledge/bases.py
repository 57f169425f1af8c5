"""Knowledge bases (DESIGN: "Surroundings" - Knowledge; docs/knowledge.md).

A knowledge base is a shared resource like a skill - owner, visibility, grants -
and, like a skill, part of what a model agent runs with, so the agents
permissions govern it: ``agents:view`` reads it (its documents, passages and
search), ``agents:edit`` creates, changes, uploads to, shares and deletes it.
A base one may not read is "not found", exactly as one that never existed.
"""

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import KnowledgeBase, KnowledgeDocument, ResourceGrant
from casebook.db.pagination import Page
from casebook.domain.access.catalog import Permission, Visibility
from casebook.domain.access.policy import Actor
from casebook.domain.agents.validation import DESCRIPTION_MAX, clean_name, clean_text
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.edits import apply_edits

KIND = "knowledge_base"

sharing.register_shared_kind(KIND, KnowledgeBase, family="agents")


def _checked(name: str | None, description: str | None) -> tuple[str | None, str | None]:
    errors: list[FieldError] = []
    cleaned = (
        clean_name(name, "name", errors, what="a knowledge base") if name is not None else None
    )
    about = (
        clean_text(description, "description", DESCRIPTION_MAX, errors)
        if description is not None
        else None
    )
    if errors:
        raise ValidationFailed(errors)
    return cleaned, about


async def create_base(
    ctx: ServiceContext, *, name: str, description: str = "", private: bool = False
) -> KnowledgeBase:
    actor = ctx.require_actor()
    sharing.ensure_can_create(actor, KIND)
    cleaned, about = _checked(name, description)
    base = KnowledgeBase(
        organization_id=actor.organization_id,
        name=cleaned or "",
        description=about or "",
        owner_user_id=actor.user_id,
        visibility=(Visibility.PRIVATE if private else Visibility.ORGANIZATION).value,
        created_by_user_id=actor.user_id,
        updated_at=datetime.now(UTC),
    )
    async with ctx.transaction() as session:
        session.add(base)
        await session.flush()
        await audit.record(
            session,
            actor,
            "knowledge_base.create",
            resource_type=KIND,
            resource_id=base.id,
            summary={"name": base.name, "visibility": base.visibility},
            request_id=ctx.request_id,
        )
    return base


async def update_base(
    ctx: ServiceContext, base_id: int, *, name: str | None, description: str | None
) -> KnowledgeBase:
    actor = ctx.require_actor()
    cleaned, about = _checked(name, description)
    async with ctx.transaction() as session:
        base: KnowledgeBase = await sharing.load_authorized(
            session, actor, KIND, base_id, Permission.AGENTS_EDIT, for_update=True
        )
        edits = {"name": cleaned, "description": about}
        await apply_edits(
            session, ctx, base, edits, action="knowledge_base.update", resource_type=KIND
        )
    return base


async def delete_base(ctx: ServiceContext, base_id: int) -> None:
    """Delete a base with its documents, passages and grants. Agent versions that list it
    keep its id and run without it."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        base: KnowledgeBase = await sharing.load_authorized(
            session, actor, KIND, base_id, Permission.AGENTS_EDIT, for_update=True
        )
        await session.execute(
            delete(ResourceGrant).where(
                ResourceGrant.resource_type == KIND, ResourceGrant.resource_id == base_id
            )
        )
        await session.delete(base)
        await audit.record(
            session,
            actor,
            "knowledge_base.delete",
            resource_type=KIND,
            resource_id=base_id,
            summary={"name": base.name},
            request_id=ctx.request_id,
        )


async def get_base(ctx: ServiceContext, base_id: int) -> KnowledgeBase:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        base: KnowledgeBase = await sharing.load_authorized(
            session, actor, KIND, base_id, Permission.AGENTS_VIEW
        )
    return base


async def list_bases(
    ctx: ServiceContext, *, first: int, after: str | None, search: str | None = None
) -> Page[KnowledgeBase]:
    """The knowledge bases the actor may read, newest first; ``search`` looks in the name."""
    return await sharing.visible_page(
        ctx, KnowledgeBase, KIND, first=first, after=after, search=search
    )


async def visible_bases(
    ctx: ServiceContext, base_ids: Sequence[int]
) -> tuple[list[KnowledgeBase], int]:
    """The bases among these the actor may read, in the given order, and how many others
    (hidden from it, or deleted) there are."""
    actor = ctx.require_actor()
    if not base_ids:
        return [], 0
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(KnowledgeBase).where(
                    col(KnowledgeBase.id).in_(set(base_ids)), sharing.visible_clause(actor, KIND)
                )
            )
        ).scalars()
        found = {b.id: b for b in rows}
    shown = [found[i] for i in base_ids if i in found]
    return shown, len(base_ids) - len(shown)


async def readable_bases_of_documents(
    session: AsyncSession, actor: Actor, document_ids: Sequence[int]
) -> dict[int, KnowledgeBase]:
    """The base of each of these documents that the actor may read, by document id, in one
    statement; a document whose base it may not read (or that was deleted) is left out, as
    one that never existed."""
    if not document_ids:
        return {}
    rows = await session.execute(
        select(col(KnowledgeDocument.id), KnowledgeBase)
        .join(KnowledgeBase, col(KnowledgeBase.id) == KnowledgeDocument.base_id)
        .where(
            col(KnowledgeDocument.id).in_(set(document_ids)), sharing.visible_clause(actor, KIND)
        )
    )
    return {document_id: base for document_id, base in rows.all() if document_id is not None}
