"""The audit log: who did what, when, to which resource. Never a secret."""

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Column, ForeignKey, Index, String
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, id_column, jsonb_column


class AuditEntry(SQLModel, table=True):
    __tablename__ = "audit_entries"
    __table_args__ = (Index("ix_audit_entries_org_id", "organization_id", "id"),)

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False
        )
    )
    actor_user_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    )
    actor_api_key_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("api_keys.id", ondelete="SET NULL"))
    )
    action: str = Field(sa_column=Column(String(80), nullable=False))
    resource_type: str | None = Field(default=None, sa_column=Column(String(40)))
    resource_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    summary: dict[str, Any] = Field(default_factory=dict, sa_column=jsonb_column())
    request_id: str | None = Field(default=None, sa_column=Column(String(64)))
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
