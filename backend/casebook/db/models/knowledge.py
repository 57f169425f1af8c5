"""Knowledge bases, their documents, and the passages search reads (DESIGN: Knowledge).

- ``knowledge_bases``: a shared resource (owner, visibility, grants in
  ``resource_grants``) governed by the agents permissions, as a skill is;
- ``knowledge_documents``: one uploaded text or Markdown file, its whole text kept;
- ``knowledge_passages``: the document split in order (domain/knowledge/passages); each
  holds a generated ``tsvector`` of its heading path (weight A) and text (weight B) under
  the ``english`` configuration, GIN-indexed, which search matches with
  ``websearch_to_tsquery`` under the same configuration.

A model agent version lists the bases it uses in its configuration (``knowledge_base_ids``),
as it lists its skills.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Computed,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY, TSVECTOR
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, id_column, timestamp_column

SEARCH_CONFIG = "english"
_SEARCH_VECTOR = (
    f"setweight(to_tsvector('{SEARCH_CONFIG}'::regconfig, heading), 'A') || "
    f"setweight(to_tsvector('{SEARCH_CONFIG}'::regconfig, text), 'B')"
)


def _organization_column() -> Any:
    return Column(BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False)


def _user_column() -> Any:
    return Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))


class KnowledgeBase(SQLModel, table=True):
    __tablename__ = "knowledge_bases"
    __table_args__ = (Index("ix_knowledge_bases_org_id", "organization_id", "id"),)

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    name: str = Field(sa_column=Column(String(200), nullable=False))
    description: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    owner_user_id: int | None = Field(default=None, sa_column=_user_column())
    visibility: str = Field(sa_column=Column(String(20), nullable=False))
    created_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    updated_at: datetime | None = Field(default=None, sa_column=timestamp_column())


class KnowledgeDocument(SQLModel, table=True):
    __tablename__ = "knowledge_documents"
    __table_args__ = (Index("ix_knowledge_documents_base_id", "base_id", "id"),)

    id: int | None = Field(default=None, sa_column=id_column())
    base_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("knowledge_bases.id", ondelete="CASCADE"), nullable=False
        )
    )
    title: str = Field(sa_column=Column(String(200), nullable=False))
    filename: str = Field(sa_column=Column(String(255), nullable=False))
    kind: str = Field(sa_column=Column(String(20), nullable=False))
    content: str = Field(sa_column=Column(Text, nullable=False))
    size_bytes: int = Field(sa_column=Column(Integer, nullable=False))
    passage_count: int = Field(sa_column=Column(Integer, nullable=False))
    created_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class KnowledgePassage(SQLModel, table=True):
    __tablename__ = "knowledge_passages"
    __table_args__ = (
        Index("ux_knowledge_passages_document_ordinal", "document_id", "ordinal", unique=True),
        Index("ix_knowledge_passages_base_id", "base_id"),
        Index("ix_knowledge_passages_search", "search_vector", postgresql_using="gin"),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    document_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("knowledge_documents.id", ondelete="CASCADE"), nullable=False
        )
    )
    # The document's base, kept here so search filters passages by base without a join.
    base_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("knowledge_bases.id", ondelete="CASCADE"), nullable=False
        )
    )
    ordinal: int = Field(sa_column=Column(Integer, nullable=False))
    # The titles of the headings it sits under, outermost first; ``heading`` joins them
    # with " > " for search and display.
    heading_path: list[str] = Field(
        default_factory=list,
        sa_column=Column(ARRAY(Text), nullable=False, server_default=text("'{}'::text[]")),
    )
    heading: str = Field(sa_column=Column(Text, nullable=False, server_default=""))
    text: str = Field(sa_column=Column(Text, nullable=False))
    search_vector: str | None = Field(
        default=None,
        sa_column=Column(TSVECTOR, Computed(_SEARCH_VECTOR, persisted=True), nullable=True),
    )
