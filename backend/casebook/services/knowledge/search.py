"""Searching passages with PostgreSQL full-text search, only in bases the actor may read.

The query is read by ``websearch_to_tsquery`` (words, "quoted phrases", ``or``,
``-excluded``) under the same ``english`` configuration the passages' generated
``tsvector`` uses; hits are ranked by ``ts_rank`` (a heading match weighs more than
one in the text), ties by the passage's id, so pages are stable. Results are paged
by position: a search is ranked, not a list one walks for ever, so at most
``SEARCH_MAX_RESULTS`` results are reachable.
"""

import base64
import binascii
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Float, cast, func, literal, select
from sqlalchemy.dialects.postgresql import REGCONFIG
from sqlmodel import col

from casebook.db.models import KnowledgeBase, KnowledgeDocument, KnowledgePassage
from casebook.db.models.knowledge import SEARCH_CONFIG
from casebook.db.pagination import Page, check_page_size
from casebook.domain.agents.reference import MAX_PASSAGES, ReferencePassage, search_words
from casebook.domain.errors import FieldError
from casebook.domain.storable_text import text_problem
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput
from casebook.services.knowledge.bases import KIND
from casebook.services.knowledge.documents import HEADER_COLUMNS, DocumentHeader

QUERY_MAX_CHARS = 500
SEARCH_BASES_MAX = 50
SEARCH_MAX_RESULTS = 1_000


@dataclass(frozen=True)
class PassageHit:
    passage: KnowledgePassage
    document: DocumentHeader
    rank: float


def _cursor(position: int) -> str:
    return base64.urlsafe_b64encode(f"p:{position}".encode()).decode().rstrip("=")


def _position(cursor: str | None) -> int:
    if cursor is None:
        return 0
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        prefix, _, raw = base64.urlsafe_b64decode(padded.encode()).decode().partition(":")
        position = int(raw)
        if prefix != "p" or not 0 < position <= SEARCH_MAX_RESULTS:
            raise ValueError
        return position
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise BadUserInput.at("after", "not a cursor this search gave out") from None


def _checked_query(query: str) -> str:
    problem = text_problem(query)
    if problem:
        raise BadUserInput.at("query", problem)
    words = " ".join(query.split())
    if not words:
        raise BadUserInput.at("query", "needs a word to search for")
    if len(words) > QUERY_MAX_CHARS:
        raise BadUserInput.at("query", f"must be at most {QUERY_MAX_CHARS} characters")
    return words


async def _check_bases(ctx: ServiceContext, base_ids: list[int]) -> None:
    """Each base named must be one the actor may read: else "not found", on its field, as
    for an id that never existed."""
    if len(base_ids) > SEARCH_BASES_MAX:
        raise BadUserInput.at("baseIds", f"at most {SEARCH_BASES_MAX} knowledge bases")
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        found = await sharing.authorize_many(
            session, actor, KIND, base_ids, sharing.view_permission(KIND)
        )
    errors = [
        FieldError(f"baseIds.{index}", "knowledge base not found")
        for index, base_id in enumerate(base_ids)
        if not isinstance(found[base_id], KnowledgeBase)
    ]
    if errors:
        raise BadUserInput(errors)


async def search_passages(
    ctx: ServiceContext,
    query: str,
    *,
    base_ids: list[int] | None = None,
    first: int = 20,
    after: str | None = None,
) -> Page[PassageHit]:
    """The passages matching ``query`` in the bases the actor may read (or those of
    ``base_ids``), best first."""
    actor = ctx.require_actor()
    words = _checked_query(query)
    check_page_size(first)
    start = _position(after)
    if base_ids is not None:
        await _check_bases(ctx, base_ids)
    tsquery = func.websearch_to_tsquery(cast(literal(SEARCH_CONFIG), REGCONFIG), words)
    rank = cast(func.ts_rank(KnowledgePassage.search_vector, tsquery), Float)
    statement = (
        select(KnowledgePassage, rank, *HEADER_COLUMNS)
        .join(KnowledgeDocument, col(KnowledgeDocument.id) == KnowledgePassage.document_id)
        .join(KnowledgeBase, col(KnowledgeBase.id) == KnowledgePassage.base_id)
        .where(
            KnowledgePassage.search_vector.op("@@")(tsquery),  # type: ignore[union-attr]
            sharing.visible_clause(actor, KIND),
        )
    )
    if base_ids is not None:
        statement = statement.where(col(KnowledgePassage.base_id).in_(set(base_ids)))
    size = max(0, min(first, SEARCH_MAX_RESULTS - start))
    statement = (
        statement.order_by(rank.desc(), col(KnowledgePassage.id).asc())
        .offset(start)
        .limit(size + 1)
    )
    async with ctx.reading() as session:
        rows = (await session.execute(statement)).all()
    hits = [PassageHit(row[0], DocumentHeader(*row[2:]), float(row[1])) for row in rows]
    shown = hits[:size]
    return Page(
        shown,
        [_cursor(start + index + 1) for index in range(len(shown))],
        len(hits) > size and start + size < SEARCH_MAX_RESULTS,
    )


async def reference_passages(
    ctx: ServiceContext, base_ids: Sequence[int], question: str
) -> list[ReferencePassage]:
    """What a model agent answering ``question`` is handed from the knowledge bases it uses:
    the best ``MAX_PASSAGES`` passages of those bases, found by the same ranking as
    ``search_passages`` with any of the question's words.

    An agent uses every base attached to it whoever runs it, as it uses every skill: the
    bases are part of the agent version, so a chat and an eval run test the same agent
    whoever asks. Only bases of the actor's organization are searched; a base deleted
    since is gone with its passages."""
    words = search_words(question)
    if not base_ids or words is None:
        return []
    actor = ctx.require_actor()
    tsquery = func.websearch_to_tsquery(cast(literal(SEARCH_CONFIG), REGCONFIG), words)
    rank = cast(func.ts_rank(KnowledgePassage.search_vector, tsquery), Float)
    statement = (
        select(KnowledgePassage, col(KnowledgeDocument.title))
        .join(KnowledgeDocument, col(KnowledgeDocument.id) == KnowledgePassage.document_id)
        .join(KnowledgeBase, col(KnowledgeBase.id) == KnowledgePassage.base_id)
        .where(
            KnowledgePassage.search_vector.op("@@")(tsquery),  # type: ignore[union-attr]
            col(KnowledgePassage.base_id).in_(set(base_ids)),
            KnowledgeBase.organization_id == actor.organization_id,
        )
        .order_by(rank.desc(), col(KnowledgePassage.id).asc())
        .limit(MAX_PASSAGES)
    )
    async with ctx.reading() as session:
        rows = (await session.execute(statement)).all()
    return [
        ReferencePassage(passage.id or 0, title, passage.heading, passage.text)
        for passage, title in rows
    ]
