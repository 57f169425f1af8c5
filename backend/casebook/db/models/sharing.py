"""Grants on shared resources (datasets today; agents and others later)."""

from datetime import datetime

from sqlalchemy import BigInteger, Column, ForeignKey, String, UniqueConstraint
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, id_column


class ResourceGrant(SQLModel, table=True):
    __tablename__ = "resource_grants"
    __table_args__ = (UniqueConstraint("resource_type", "resource_id", "grantee_user_id"),)

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False
        )
    )
    resource_type: str = Field(sa_column=Column(String(40), nullable=False))
    resource_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    grantee_user_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    level: str = Field(sa_column=Column(String(10), nullable=False))
    granted_by_user_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    )
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
