"""Documents of a knowledge base: uploaded whole or not at all, split into passages.

An upload needs ``agents:edit`` on the base; reading documents and passages needs
read access to it (``agents:view`` on the base). A document of a base one may not
read is "not found", as one that never existed.
"""

import asyncio
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, update

from casebook.db.models import KnowledgeBase, KnowledgeDocument, KnowledgePassage
from casebook.db.pagination import Page, check_page_size, keyset_page
from casebook.domain.access.catalog import Permission
from casebook.domain.knowledge.documents import DocumentText, read_document
from casebook.domain.knowledge.passages import Passage, split_within_bounds
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.knowledge.bases import KIND

DOCUMENT_LABEL = "knowledge document"


@dataclass(frozen=True)
class DocumentHeader:
    """A document without its text: what a search hit carries."""

    id: int
    base_id: int
    title: str
    filename: str
    kind: str
    size_bytes: int
    passage_count: int
    created_at: datetime | None


HEADER_COLUMNS: tuple[Any, ...] = (
    KnowledgeDocument.id,
    KnowledgeDocument.base_id,
    KnowledgeDocument.title,
    KnowledgeDocument.filename,
    KnowledgeDocument.kind,
    KnowledgeDocument.size_bytes,
    KnowledgeDocument.passage_count,
    KnowledgeDocument.created_at,
)


@dataclass(frozen=True)
class Upload:
    data: bytes
    filename: str
    content_type: str | None
    title: str | None = None


def _read_and_split(upload: Upload) -> tuple[DocumentText, list[Passage]]:
    document = read_document(
        upload.data,
        filename=upload.filename,
        content_type=upload.content_type,
        title=upload.title,
    )
    return document, split_within_bounds(document.content, document.kind)


async def upload_document(ctx: ServiceContext, base_id: int, upload: Upload) -> KnowledgeDocument:
    """Store a document and its passages in one transaction: all of it, or nothing."""
    actor = ctx.require_actor()
    # Decoding and splitting a megabyte is CPU work: off the event loop.
    document, passages = await asyncio.to_thread(_read_and_split, upload)
    async with ctx.transaction() as session:
        base: KnowledgeBase = await sharing.load_authorized(
            session, actor, KIND, base_id, Permission.AGENTS_EDIT, for_update=True
        )
        row = KnowledgeDocument(
            base_id=base_id,
            title=document.title,
            filename=document.filename,
            kind=document.kind,
            content=document.content,
            size_bytes=document.size_bytes,
            passage_count=len(passages),
            created_by_user_id=actor.user_id,
        )
        session.add(row)
        await session.flush()
        await session.execute(
            insert(KnowledgePassage),
            [
                {
                    "document_id": row.id,
                    "base_id": base_id,
                    "ordinal": p.ordinal,
                    "heading_path": list(p.heading_path),
                    "heading": p.heading,
                    "text": p.text,
                }
                for p in passages
            ],
        )
        await session.execute(
            update(KnowledgeBase).where(KnowledgeBase.id == base.id).values(updated_at=func.now())
        )
        await audit.record(
            session,
            actor,
            "knowledge_base.upload_document",
            resource_type=KIND,
            resource_id=base_id,
            summary={
                "document_id": row.id,
                "title": row.title,
                "size_bytes": row.size_bytes,
                "passages": row.passage_count,
            },
            request_id=ctx.request_id,
        )
    return row


async def get_document(ctx: ServiceContext, document_id: int) -> KnowledgeDocument:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        document, _ = await sharing.load_child_authorized(
            session,
            actor,
            KIND,
            KnowledgeDocument,
            document_id,
            Permission.AGENTS_VIEW,
            parent_key=KnowledgeDocument.base_id,
            label=DOCUMENT_LABEL,
        )
    return document  # type: ignore[no-any-return]


async def delete_document(ctx: ServiceContext, document_id: int) -> KnowledgeBase:
    """Delete a document and its passages; needs ``agents:edit`` on its base."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        document, base = await sharing.load_child_authorized(
            session,
            actor,
            KIND,
            KnowledgeDocument,
            document_id,
            Permission.AGENTS_EDIT,
            parent_key=KnowledgeDocument.base_id,
            label=DOCUMENT_LABEL,
        )
        await session.delete(document)
        await audit.record(
            session,
            actor,
            "knowledge_base.delete_document",
            resource_type=KIND,
            resource_id=base.id,
            summary={"document_id": document_id, "title": document.title},
            request_id=ctx.request_id,
        )
    return base  # type: ignore[no-any-return]


async def list_documents(
    ctx: ServiceContext, base_id: int, *, first: int, after: str | None
) -> Page[KnowledgeDocument]:
    """A base's documents, newest first."""
    actor = ctx.require_actor()
    check_page_size(first)
    async with ctx.reading() as session:
        await sharing.load_authorized(session, actor, KIND, base_id, Permission.AGENTS_VIEW)
        query = select(KnowledgeDocument).where(KnowledgeDocument.base_id == base_id)
        return await keyset_page(
            session,
            query,
            KnowledgeDocument.id,
            first=first,
            after=after,
            descending=True,
            with_total=True,
        )


async def list_passages(
    ctx: ServiceContext, document_id: int, *, first: int, after: str | None
) -> Page[KnowledgePassage]:
    """A document's passages in order; needs read access to its base."""
    actor = ctx.require_actor()
    check_page_size(first)
    async with ctx.reading() as session:
        await sharing.load_child_authorized(
            session,
            actor,
            KIND,
            KnowledgeDocument,
            document_id,
            Permission.AGENTS_VIEW,
            parent_key=KnowledgeDocument.base_id,
            label=DOCUMENT_LABEL,
        )
        query = select(KnowledgePassage).where(KnowledgePassage.document_id == document_id)
        return await keyset_page(
            session,
            query,
            KnowledgePassage.ordinal,
            first=first,
            after=after,
            key_of=lambda passage: passage.ordinal,
        )
