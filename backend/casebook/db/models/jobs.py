"""Background jobs, recorded before they are enqueued so they survive restarts."""

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Column, ForeignKey, Index, Integer, String, Text
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, id_column, jsonb_column, timestamp_column


class Job(SQLModel, table=True):
    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_status_heartbeat", "status", "heartbeat_at"),)

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(
        sa_column=Column(
            BigInteger,
            ForeignKey("organizations.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        )
    )
    kind: str = Field(sa_column=Column(String(40), nullable=False))
    status: str = Field(sa_column=Column(String(20), nullable=False))
    payload: dict[str, Any] = Field(default_factory=dict, sa_column=jsonb_column())
    result: dict[str, Any] | None = Field(default=None, sa_column=jsonb_column(nullable=True))
    error: str | None = Field(default=None, sa_column=Column(Text))
    attempts: int = Field(default=0, sa_column=Column(Integer, nullable=False, server_default="0"))
    created_by_user_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    )
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    started_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    finished_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    heartbeat_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    worker_id: str | None = Field(default=None, sa_column=Column(String(100)))
    # W3C trace context of the request that queued the job, so its run joins that trace.
    trace_context: dict[str, str] | None = Field(
        default=None, sa_column=jsonb_column(nullable=True)
    )
