"""Datasets and their versions: a version stores only what it changed.

- ``dataset_cases``: a case's identity and where it came from (never changes);
- ``case_revisions``: one row per stored content of a case (an add or an edit);
- ``dataset_versions``: one row per version, numbered from 1 per dataset;
- ``version_changes``: which case each version touched and the revision it
  points at, or NULL when the version removed the case.

The cases of version N are, per case, the newest change at or below N that is
not a removal (see ``db/queries/cases_at_version.py``).
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, id_column, jsonb_column, timestamp_column


class Dataset(SQLModel, table=True):
    __tablename__ = "datasets"
    __table_args__ = (
        Index("ix_datasets_org_id", "organization_id", "id"),
        Index(
            "ix_datasets_test_set_agent",
            "test_set_agent_id",
            postgresql_where=text("test_set_agent_id IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False
        )
    )
    name: str = Field(sa_column=Column(String(200), nullable=False))
    description: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    owner_user_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    )
    visibility: str = Field(sa_column=Column(String(20), nullable=False))
    latest_version: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default="0")
    )
    scoring: dict[str, Any] = Field(default_factory=dict, sa_column=jsonb_column())
    # Review by a person (nothing, not_passed, every), and whether low-confidence verdicts
    # are sent to review (spec: "Review"; issue 13, judge trust).
    review_by_person: str = Field(
        default="nothing",
        sa_column=Column(String(20), nullable=False, server_default="nothing"),
    )
    review_low_confidence: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default="false")
    )
    # The case generator's model, chosen in Settings as the judge's is: a saved connection
    # and one of its models (spec: "Helpers are code-defined").
    generator_model_connection_id: str | None = Field(default=None, sa_column=Column(String(200)))
    generator_model: str | None = Field(default=None, sa_column=Column(String(200)))
    # Set on an agent's test set (spec: "An agent's test set"): the agent whose rated
    # answers it is made from, so the next call adds to it rather than making another.
    test_set_agent_id: int | None = Field(
        default=None,
        sa_column=Column(BigInteger, ForeignKey("agents.id", ondelete="SET NULL")),
    )
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    updated_at: datetime | None = Field(default=None, sa_column=timestamp_column())


class DatasetCase(SQLModel, table=True):
    __tablename__ = "dataset_cases"
    __table_args__ = (
        Index(
            "ix_dataset_cases_source_conversation",
            "source_conversation_id",
            postgresql_where=text("source_conversation_id IS NOT NULL"),
        ),
        Index(
            "ix_dataset_cases_source_document",
            "source_document_id",
            postgresql_where=text("source_document_id IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    dataset_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    source: str = Field(sa_column=Column(String(20), nullable=False))
    # Where a case taken from a conversation came from. Plain ids: the run
    # store may remove the run, and the case must stay complete without it.
    source_run_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    source_conversation_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    source_message_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    # Where a generated case came from, as its draft did: the question it varies (in
    # ``source_conversation_id``), or the knowledge document and passage it cites.
    source_question_message_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    source_document_id: int | None = Field(
        default=None,
        sa_column=Column(BigInteger, ForeignKey("knowledge_documents.id", ondelete="SET NULL")),
    )
    source_passage_id: str | None = Field(default=None, sa_column=Column(String(40)))
    created_by_user_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    )
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    # Set when the person who asked its question was erased and its text replaced
    # ("Anonymised after erasure"): eval runs leave it out until its curator rewrites it.
    anonymised_at: datetime | None = Field(default=None, sa_column=timestamp_column())


class CaseRevision(SQLModel, table=True):
    __tablename__ = "case_revisions"
    __table_args__ = (
        UniqueConstraint("case_id", "revision"),
        Index("ix_case_revisions_org", "organization_id"),
        Index("ix_case_revisions_dataset_question", "dataset_id", "question_key"),
        Index("ix_case_revisions_tags", "tags", postgresql_using="gin"),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    case_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("dataset_cases.id", ondelete="CASCADE"), nullable=False
        )
    )
    dataset_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    organization_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    revision: int = Field(sa_column=Column(Integer, nullable=False))
    content: dict[str, Any] = Field(sa_column=jsonb_column())
    question_key: str = Field(sa_column=Column(Text, nullable=False))
    tags: list[str] = Field(
        default_factory=list,
        sa_column=Column(ARRAY(Text), nullable=False, server_default=text("'{}'::text[]")),
    )
    search_text: str = Field(sa_column=Column(Text, nullable=False))
    reference_verified: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default="false")
    )
    created_by_user_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    )
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class DatasetVersion(SQLModel, table=True):
    __tablename__ = "dataset_versions"
    __table_args__ = (PrimaryKeyConstraint("dataset_id", "version"),)

    dataset_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False)
    )
    version: int = Field(sa_column=Column(Integer, nullable=False))
    action: str = Field(sa_column=Column(String(20), nullable=False))
    summary: dict[str, Any] = Field(default_factory=dict, sa_column=jsonb_column())
    case_count: int = Field(sa_column=Column(Integer, nullable=False))
    created_by_user_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    )
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class VersionChange(SQLModel, table=True):
    __tablename__ = "version_changes"
    __table_args__ = (
        PrimaryKeyConstraint("dataset_id", "case_id", "version"),
        Index("ix_version_changes_dataset_version", "dataset_id", "version"),
    )

    dataset_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False)
    )
    case_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("dataset_cases.id", ondelete="CASCADE"), nullable=False
        )
    )
    version: int = Field(sa_column=Column(Integer, nullable=False))
    revision_id: int | None = Field(
        default=None,
        sa_column=Column(BigInteger, ForeignKey("case_revisions.id", ondelete="CASCADE")),
    )


class OrganizationUsage(SQLModel, table=True):
    """Counters kept in the transaction that changes them (the revision cap reads one)."""

    __tablename__ = "organization_usage"

    organization_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
        )
    )
    case_revisions: int = Field(
        default=0, sa_column=Column(BigInteger, nullable=False, server_default="0")
    )
