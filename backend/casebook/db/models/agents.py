"""Agents, their versions, and skills.

- ``agents``: a shared resource (owner, visibility, grants) of one kind, ``model``
  (Casebook calls a model itself), ``webhook`` (an HTTP endpoint answers) or ``local``
  (the team's own code answers, through Casebook's clients); a webhook agent's signing
  secret is stored encrypted;
- ``agent_versions``: what an agent answered with, numbered from 1 per agent; every
  change of model, instructions, tools, skills or endpoint is a new version, and runs
  and scores name the version that answered. A local agent's version also carries the
  label its client named it by (a commit, a branch): a label not seen before is a new
  version;
- ``skills``: named Markdown instruction blocks, shared resources of their own that
  an agent version lists and uses all of when it runs.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, id_column, jsonb_column, timestamp_column


def _organization_column() -> Any:
    return Column(BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False)


def _user_column() -> Any:
    return Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))


class Agent(SQLModel, table=True):
    __tablename__ = "agents"
    __table_args__ = (
        Index("ix_agents_org_id", "organization_id", "id"),
        # One system agent per role and organization (the case generator).
        Index(
            "ux_agents_org_system_role",
            "organization_id",
            "system_role",
            unique=True,
            postgresql_where=text("system_role IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    name: str = Field(sa_column=Column(String(200), nullable=False))
    description: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    kind: str = Field(sa_column=Column(String(20), nullable=False))
    owner_user_id: int | None = Field(default=None, sa_column=_user_column())
    visibility: str = Field(sa_column=Column(String(20), nullable=False))
    latest_version: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default="0")
    )
    # A Fernet token of the HMAC secret a webhook agent's requests are signed with.
    webhook_secret_ciphertext: str | None = Field(default=None, sa_column=Column(Text))
    # Set on an agent Casebook runs for itself ("generator"); NULL on every agent people make.
    system_role: str | None = Field(default=None, sa_column=Column(String(20)))
    created_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    updated_at: datetime | None = Field(default=None, sa_column=timestamp_column())


class AgentVersion(SQLModel, table=True):
    __tablename__ = "agent_versions"
    __table_args__ = (
        UniqueConstraint("agent_id", "version"),
        Index(
            "ix_agent_versions_label",
            "agent_id",
            "label",
            "version",
            postgresql_where=text("label IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    agent_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("agents.id", ondelete="CASCADE"), nullable=False)
    )
    organization_id: int = Field(sa_column=_organization_column())
    version: int = Field(sa_column=Column(Integer, nullable=False))
    config: dict[str, Any] = Field(default_factory=dict, sa_column=jsonb_column())
    label: str | None = Field(default=None, sa_column=Column(String(200)))
    created_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class Skill(SQLModel, table=True):
    __tablename__ = "skills"
    __table_args__ = (Index("ix_skills_org_id", "organization_id", "id"),)

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    name: str = Field(sa_column=Column(String(200), nullable=False))
    description: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    instructions: str = Field(sa_column=Column(Text, nullable=False))
    owner_user_id: int | None = Field(default=None, sa_column=_user_column())
    visibility: str = Field(sa_column=Column(String(20), nullable=False))
    created_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    updated_at: datetime | None = Field(default=None, sa_column=timestamp_column())
