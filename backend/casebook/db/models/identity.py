"""Organizations, users, memberships, console sessions and API keys."""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, id_column, jsonb_column, timestamp_column


class Organization(SQLModel, table=True):
    __tablename__ = "organizations"

    id: int | None = Field(default=None, sa_column=id_column())
    name: str = Field(sa_column=Column(String(200), nullable=False))
    # The structured scorer's embedding model for datasets that name none (a model choice
    # as the dataset's setting stores it); None: the organization has none.
    default_embedding_model: Any = Field(default=None, sa_column=jsonb_column(nullable=True))
    # Conversations untouched this many days are deleted (spec: Personal data); None: kept.
    conversation_retention_days: int | None = Field(
        default=None, sa_column=Column(Integer, nullable=True)
    )
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class User(SQLModel, table=True):
    __tablename__ = "users"
    __table_args__ = (Index("ix_users_email_lower", text("lower(email)"), unique=True),)

    id: int | None = Field(default=None, sa_column=id_column())
    email: str = Field(sa_column=Column(String(320), nullable=False))
    name: str = Field(sa_column=Column(String(200), nullable=False))
    password_hash: str = Field(sa_column=Column(String(300), nullable=False))
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class Membership(SQLModel, table=True):
    __tablename__ = "memberships"
    __table_args__ = (UniqueConstraint("organization_id", "user_id"),)

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False
        )
    )
    user_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    role: str = Field(sa_column=Column(String(20), nullable=False))
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class UserSession(SQLModel, table=True):
    """A console sign-in. The cookie holds a random token; only its hash is stored."""

    __tablename__ = "user_sessions"

    id: int | None = Field(default=None, sa_column=id_column())
    token_hash: str = Field(sa_column=Column(String(64), nullable=False, unique=True))
    user_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False)
    )
    organization_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False
        )
    )
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    expires_at: datetime = Field(sa_column=timestamp_column(nullable=False))
    revoked_at: datetime | None = Field(default=None, sa_column=timestamp_column())


class ApiKey(SQLModel, table=True):
    """A key for integrators: shown once, stored as a hash, scoped, expiring, revocable."""

    __tablename__ = "api_keys"

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(
        sa_column=Column(
            BigInteger,
            ForeignKey("organizations.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        )
    )
    issuer_user_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="CASCADE"), nullable=False)
    )
    name: str = Field(sa_column=Column(String(200), nullable=False))
    prefix: str = Field(sa_column=Column(String(32), nullable=False, unique=True))
    secret_hash: str = Field(sa_column=Column(String(64), nullable=False))
    scopes: list[str] = Field(default_factory=list, sa_column=jsonb_column(default="[]"))
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    expires_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    revoked_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    last_used_at: datetime | None = Field(default=None, sa_column=timestamp_column())
