"""Activity: conversations, their messages, the runs that wrote the agent's replies, ratings.

- ``conversations``: with one agent and one person - a member, or an end user the
  integrator names - private to that person unless shared (visibility, grants);
  ``external_id`` is the integrator's own id, unique in the organization;
- ``messages``: the turns in order (``position``); a question is a ``user`` message, an
  agent's whole reply one ``agent`` message written by exactly one run;
- ``runs``: one reply: which agent and version answered, figures, flags, the question
  it answered; its steps (tool calls, then the answer) are ``run_steps``;
- ``ratings``: thumbs up or down with an optional comment, one per person and run;
- ``case_authorship``: whose words a case taken from a message holds (never shown or
  exported; plain ids, so it outlives the conversation and the people's rows).
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    PrimaryKeyConstraint,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, id_column, timestamp_column

EXTERNAL_ID_CHARS = 200
END_USER_CHARS = 200


def _organization_column() -> Any:
    return Column(BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False)


def _user_column() -> Any:
    return Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))


class Conversation(SQLModel, table=True):
    __tablename__ = "conversations"
    __table_args__ = (
        Index(
            "ux_conversations_org_external",
            "organization_id",
            "external_id",
            unique=True,
            postgresql_where=text("external_id IS NOT NULL"),
        ),
        Index("ix_conversations_org_owner", "organization_id", "owner_user_id", "id"),
        Index("ix_conversations_agent", "agent_id", "id"),
        Index("ix_conversations_org_end_user", "organization_id", "end_user"),
        Index("ix_conversations_org_updated", "organization_id", "updated_at"),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    agent_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("agents.id", ondelete="CASCADE"), nullable=False)
    )
    # The member it was with; NULL for an end user the integrator names (``end_user``).
    owner_user_id: int | None = Field(default=None, sa_column=_user_column())
    end_user: str | None = Field(default=None, sa_column=Column(String(END_USER_CHARS)))
    external_id: str | None = Field(default=None, sa_column=Column(String(EXTERNAL_ID_CHARS)))
    visibility: str = Field(
        default="private", sa_column=Column(String(20), nullable=False, server_default="private")
    )
    title: str = Field(default="", sa_column=Column(String(200), nullable=False, server_default=""))
    message_count: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default="0")
    )
    created_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    updated_at: datetime | None = Field(default=None, sa_column=timestamp_column())


class Message(SQLModel, table=True):
    __tablename__ = "messages"
    __table_args__ = (
        UniqueConstraint("conversation_id", "position"),
        Index(
            "ux_messages_conversation_external",
            "conversation_id",
            "external_id",
            unique=True,
            postgresql_where=text("external_id IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    conversation_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("conversations.id", ondelete="CASCADE"), nullable=False
        )
    )
    position: int = Field(sa_column=Column(Integer, nullable=False))
    role: str = Field(sa_column=Column(String(20), nullable=False))
    content: str = Field(sa_column=Column(Text, nullable=False))
    author_user_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    author_end_user: str | None = Field(default=None, sa_column=Column(String(END_USER_CHARS)))
    external_id: str | None = Field(default=None, sa_column=Column(String(EXTERNAL_ID_CHARS)))
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class Run(SQLModel, table=True):
    __tablename__ = "runs"
    __table_args__ = (
        Index("ix_runs_org_id", "organization_id", "id"),
        Index("ix_runs_org_agent_id", "organization_id", "agent_id", "id"),
        Index("ix_runs_conversation", "conversation_id"),
        # A run read from OpenTelemetry spans is found by its trace (ratings by trace id).
        Index(
            "ix_runs_org_trace",
            "organization_id",
            "trace_id",
            postgresql_where=text("trace_id IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    conversation_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("conversations.id", ondelete="CASCADE"), nullable=False
        )
    )
    # The agent's reply this run wrote, and the question it answered.
    message_id: int = Field(
        sa_column=Column(
            BigInteger,
            ForeignKey("messages.id", ondelete="CASCADE"),
            nullable=False,
            unique=True,
        )
    )
    question_message_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    agent_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("agents.id", ondelete="CASCADE"), nullable=False)
    )
    agent_version_id: int | None = Field(
        default=None,
        sa_column=Column(BigInteger, ForeignKey("agent_versions.id", ondelete="SET NULL")),
    )
    agent_version: int | None = Field(default=None, sa_column=Column(Integer))
    status: str = Field(sa_column=Column(String(20), nullable=False))
    error: str | None = Field(default=None, sa_column=Column(Text))
    model: str | None = Field(default=None, sa_column=Column(String(200)))
    cost_usd: float | None = Field(default=None, sa_column=Column(Numeric(14, 6, asdecimal=False)))
    latency_ms: float | None = Field(default=None, sa_column=Column(Float))
    input_tokens: int | None = Field(default=None, sa_column=Column(BigInteger))
    output_tokens: int | None = Field(default=None, sa_column=Column(BigInteger))
    isolated: bool = Field(default=False, sa_column=Column(Boolean, nullable=False))
    eval: bool = Field(default=False, sa_column=Column(Boolean, nullable=False))
    has_transcript: bool = Field(default=True, sa_column=Column(Boolean, nullable=False))
    started_at: datetime | None = Field(default=None, sa_column=created_at_column())
    created_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    # Read from OpenTelemetry spans: the trace and the turn's span (hex), and what the
    # spans said that no column holds (``domain/activity/traces``).
    trace_id: str | None = Field(default=None, sa_column=Column(String(32)))
    span_id: str | None = Field(default=None, sa_column=Column(String(16)))
    attributes: dict[str, Any] | None = Field(default=None, sa_column=Column(JSONB))


class RunStep(SQLModel, table=True):
    __tablename__ = "run_steps"
    __table_args__ = (PrimaryKeyConstraint("run_id", "position"),)

    run_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("runs.id", ondelete="CASCADE"), nullable=False)
    )
    position: int = Field(sa_column=Column(Integer, nullable=False))
    kind: str = Field(sa_column=Column(String(20), nullable=False))
    text: str | None = Field(default=None, sa_column=Column(Text))
    tool_name: str | None = Field(default=None, sa_column=Column(String(200)))
    arguments: dict[str, Any] | None = Field(default=None, sa_column=Column(JSONB))
    status: str | None = Field(default=None, sa_column=Column(String(20)))
    result: str | None = Field(default=None, sa_column=Column(Text))
    # Whether the answering agent version declared the tool read-only (NULL: not known).
    read_only: bool | None = Field(default=None, sa_column=Column(Boolean))


class Rating(SQLModel, table=True):
    __tablename__ = "ratings"
    __table_args__ = (
        UniqueConstraint("run_id", "rater_key"),
        Index("ix_ratings_org_value", "organization_id", "value", "run_id"),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    run_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("runs.id", ondelete="CASCADE"), nullable=False)
    )
    # "user:<id>" or "end:<name>": one rating per person and run.
    rater_key: str = Field(sa_column=Column(String(240), nullable=False))
    rater_user_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    rater_end_user: str | None = Field(default=None, sa_column=Column(String(END_USER_CHARS)))
    value: str = Field(sa_column=Column(String(10), nullable=False))
    comment: str | None = Field(default=None, sa_column=Column(Text))
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    updated_at: datetime | None = Field(default=None, sa_column=created_at_column())


class CaseAuthorship(SQLModel, table=True):
    __tablename__ = "case_authorship"
    __table_args__ = (
        Index("ix_case_authorship_question_user", "question_user_id"),
        Index("ix_case_authorship_question_end_user", "organization_id", "question_end_user"),
        Index("ix_case_authorship_note_user", "note_user_id"),
        Index("ix_case_authorship_turn_users", "turn_user_ids", postgresql_using="gin"),
    )

    case_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("dataset_cases.id", ondelete="CASCADE"), primary_key=True
        )
    )
    organization_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    question_user_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    question_end_user: str | None = Field(default=None, sa_column=Column(String(END_USER_CHARS)))
    # One entry per earlier turn, oldest first; NULL for the agent's turns.
    turn_user_ids: list[int | None] = Field(
        default_factory=list,
        sa_column=Column(ARRAY(BigInteger), nullable=False, server_default=text("'{}'::bigint[]")),
    )
    turn_end_users: list[str | None] = Field(
        default_factory=list,
        sa_column=Column(ARRAY(Text), nullable=False, server_default=text("'{}'::text[]")),
    )
    note_user_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    note_end_user: str | None = Field(default=None, sa_column=Column(String(END_USER_CHARS)))
