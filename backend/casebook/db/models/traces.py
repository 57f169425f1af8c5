"""OpenTelemetry spans on their way into Activity.

- ``trace_sources``: which agent a service's spans answer as (the service's name, or the
  ``casebook.agent.name`` it sets), one per name and organization, made on first sight;
- ``trace_spans``: every span received, by its trace and span id: while its local root
  has not come, its facts (``facts``, JSON) wait here; once placed, only its ids, its
  role and its run stay, so a span sent again is known and a later child finds its run.
  A placed span goes with its run; a waiting one lives at most the settling window.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Index,
    PrimaryKeyConstraint,
    String,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column


class TraceSource(SQLModel, table=True):
    __tablename__ = "trace_sources"
    __table_args__ = (PrimaryKeyConstraint("organization_id", "name"),)

    organization_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False
        )
    )
    name: str = Field(sa_column=Column(String(200), nullable=False))
    agent_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("agents.id", ondelete="CASCADE"), nullable=False)
    )
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class TraceSpan(SQLModel, table=True):
    __tablename__ = "trace_spans"
    __table_args__ = (
        PrimaryKeyConstraint("organization_id", "trace_id", "span_id"),
        Index("ix_trace_spans_run", "run_id"),
        Index("ix_trace_spans_waiting", "received_at", postgresql_where=text("facts IS NOT NULL")),
    )

    organization_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False
        )
    )
    trace_id: str = Field(sa_column=Column(String(32), nullable=False))
    span_id: str = Field(sa_column=Column(String(16), nullable=False))
    parent_span_id: str | None = Field(default=None, sa_column=Column(String(16)))
    agent_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("agents.id", ondelete="CASCADE"), nullable=False)
    )
    # The run it is part of once placed; NULL while it waits.
    run_id: int | None = Field(
        default=None,
        sa_column=Column(BigInteger, ForeignKey("runs.id", ondelete="CASCADE")),
    )
    # What it is to its run (``domain/activity/traces/assembly.ROLES``); NULL while it waits.
    role: str | None = Field(default=None, sa_column=Column(String(10)))
    # The span's facts while it waits for its local root; NULL once placed.
    facts: dict[str, Any] | None = Field(default=None, sa_column=Column(JSONB))
    # Who sent it, so a span placed when its window passes is stored as theirs.
    sent_by_user_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"))
    )
    sent_with_api_key_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    received_at: datetime | None = Field(default=None, sa_column=created_at_column())
