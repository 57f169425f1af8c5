"""case generation: each generation asked for, the drafts it proposed, the generator's
system agent and its model chosen in a dataset's Settings

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _created_at() -> sa.Column[sa.DateTime]:
    return sa.Column(
        "created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False
    )


def upgrade() -> None:
    op.add_column("agents", sa.Column("system_role", sa.String(length=20), nullable=True))
    op.create_index(
        "ux_agents_org_system_role",
        "agents",
        ["organization_id", "system_role"],
        unique=True,
        postgresql_where=sa.text("system_role IS NOT NULL"),
    )
    op.add_column(
        "datasets",
        sa.Column("generator_model_connection_id", sa.String(length=200), nullable=True),
    )
    op.add_column("datasets", sa.Column("generator_model", sa.String(length=200), nullable=True))
    op.create_table(
        "generations",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("dataset_id", sa.BigInteger(), nullable=False),
        sa.Column("agent_id", sa.BigInteger(), nullable=True),
        sa.Column("agent_version", sa.Integer(), nullable=False),
        sa.Column("requested_by_user_id", sa.BigInteger(), nullable=True),
        sa.Column("job_id", sa.BigInteger(), nullable=True),
        sa.Column("sources", postgresql.ARRAY(sa.String(length=20)), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("kept", sa.Integer(), server_default="0", nullable=False),
        sa.Column("unreadable", sa.Integer(), server_default="0", nullable=False),
        sa.Column("rule_broken", sa.Integer(), server_default="0", nullable=False),
        sa.Column("run_id", sa.BigInteger(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        _created_at(),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["agent_id"], ["agents.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["requested_by_user_id"], ["users.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["job_id"], ["jobs.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["run_id"], ["runs.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_generations_dataset", "generations", ["dataset_id", "id"], unique=False)
    op.create_table(
        "proposed_cases",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("dataset_id", sa.BigInteger(), nullable=False),
        sa.Column("generation_id", sa.BigInteger(), nullable=False),
        sa.Column("source", sa.String(length=20), nullable=False),
        sa.Column(
            "content",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default=sa.text("'{}'::jsonb"),
            nullable=False,
        ),
        sa.Column("document_id", sa.BigInteger(), nullable=True),
        sa.Column("passage_id", sa.String(length=40), nullable=True),
        sa.Column("category", sa.String(length=40), nullable=True),
        sa.Column("conversation_id", sa.BigInteger(), nullable=True),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("asked_by_user_id", sa.BigInteger(), nullable=True),
        sa.Column("asked_by_end_user", sa.String(length=200), nullable=True),
        _created_at(),
        sa.ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["generation_id"], ["generations.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["document_id"], ["knowledge_documents.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["conversation_id"], ["conversations.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "ix_proposed_cases_dataset", "proposed_cases", ["dataset_id", "id"], unique=False
    )
    op.create_index(
        "ix_proposed_cases_conversation", "proposed_cases", ["conversation_id"], unique=False
    )
    op.create_index(
        "ix_proposed_cases_asker",
        "proposed_cases",
        ["organization_id", "asked_by_user_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_table("proposed_cases")
    op.drop_table("generations")
    op.drop_column("datasets", "generator_model")
    op.drop_column("datasets", "generator_model_connection_id")
    op.drop_index("ux_agents_org_system_role", table_name="agents")
    op.drop_column("agents", "system_role")
