"""eval runs, their agents, the case revisions they answer, their work items;
scores name their eval run; cases anonymised after erasure

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 02:34:24.024139
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "eval_runs",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("dataset_id", sa.BigInteger(), nullable=False),
        sa.Column("dataset_version", sa.Integer(), nullable=False),
        sa.Column(
            "scoring",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default=sa.text("'{}'::jsonb"),
            nullable=False,
        ),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("status_reason", sa.Text(), nullable=True),
        sa.Column("repetitions", sa.Integer(), nullable=False),
        sa.Column("tags", postgresql.ARRAY(sa.Text()), nullable=True),
        sa.Column("concurrency", sa.Integer(), nullable=False),
        sa.Column("budget_usd", sa.Float(), nullable=True),
        sa.Column("baseline_run_id", sa.BigInteger(), nullable=True),
        sa.Column("confirm_flips", sa.Integer(), nullable=False),
        sa.Column("started_by_user_id", sa.BigInteger(), nullable=True),
        sa.Column("job_id", sa.BigInteger(), nullable=True),
        sa.Column("executions", sa.Integer(), server_default="0", nullable=False),
        sa.Column("cases", sa.Integer(), server_default="0", nullable=False),
        sa.Column("anonymised_left_out", sa.Integer(), server_default="0", nullable=False),
        sa.Column("total", sa.Integer(), server_default="0", nullable=False),
        sa.Column("answered", sa.Integer(), server_default="0", nullable=False),
        sa.Column("scored", sa.Integer(), server_default="0", nullable=False),
        sa.Column("passed", sa.Integer(), server_default="0", nullable=False),
        sa.Column("failed", sa.Integer(), server_default="0", nullable=False),
        sa.Column("not_graded", sa.Integer(), server_default="0", nullable=False),
        sa.Column("cost_usd", sa.Float(), server_default="0", nullable=False),
        sa.Column("sequence", sa.Integer(), server_default="0", nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["baseline_run_id"], ["eval_runs.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["job_id"], ["jobs.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["started_by_user_id"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "ix_eval_runs_active",
        "eval_runs",
        ["status"],
        unique=False,
        postgresql_where=sa.text("status IN ('queued', 'running', 'confirming')"),
    )
    op.create_index("ix_eval_runs_dataset_id", "eval_runs", ["dataset_id", "id"], unique=False)
    op.create_index("ix_eval_runs_org_id", "eval_runs", ["organization_id", "id"], unique=False)
    op.create_table(
        "eval_run_agents",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("run_id", sa.BigInteger(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("agent_id", sa.BigInteger(), nullable=True),
        sa.Column("agent_version", sa.Integer(), nullable=False),
        sa.Column("agent_name", sa.String(length=200), nullable=False),
        sa.Column("agent_kind", sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(["agent_id"], ["agents.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["run_id"], ["eval_runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("run_id", "position"),
    )
    op.create_table(
        "eval_run_cases",
        sa.Column("run_id", sa.BigInteger(), nullable=False),
        sa.Column("case_id", sa.BigInteger(), nullable=False),
        sa.Column("revision_id", sa.BigInteger(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["case_id"], ["dataset_cases.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["revision_id"], ["case_revisions.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["run_id"], ["eval_runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("run_id", "case_id"),
    )
    op.create_table(
        "eval_items",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("run_id", sa.BigInteger(), nullable=False),
        sa.Column("case_id", sa.BigInteger(), nullable=False),
        sa.Column("revision_id", sa.BigInteger(), nullable=False),
        sa.Column("run_agent_id", sa.BigInteger(), nullable=False),
        sa.Column("repetition", sa.Integer(), nullable=False),
        sa.Column("purpose", sa.String(length=10), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("lease_owner", sa.String(length=100), nullable=True),
        sa.Column("lease_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("activity_run_id", sa.BigInteger(), nullable=True),
        sa.Column("score_id", sa.BigInteger(), nullable=True),
        sa.Column("cost_usd", sa.Float(), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("scored_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["run_agent_id"], ["eval_run_agents.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["run_id"], ["eval_runs.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["score_id"], ["scores.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("run_id", "case_id", "run_agent_id", "repetition", "purpose"),
    )
    op.create_index(
        "ix_eval_items_run_status", "eval_items", ["run_id", "status", "id"], unique=False
    )
    op.add_column(
        "dataset_cases", sa.Column("anonymised_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column("scores", sa.Column("eval_run_id", sa.BigInteger(), nullable=True))
    op.add_column("scores", sa.Column("eval_item_id", sa.BigInteger(), nullable=True))
    op.create_index(
        "ix_scores_eval_run",
        "scores",
        ["eval_run_id", "id"],
        unique=False,
        postgresql_where=sa.text("eval_run_id IS NOT NULL"),
    )
    op.create_foreign_key(
        "scores_eval_run_id_fkey",
        "scores",
        "eval_runs",
        ["eval_run_id"],
        ["id"],
        ondelete="SET NULL",
    )


def downgrade() -> None:
    op.drop_constraint("scores_eval_run_id_fkey", "scores", type_="foreignkey")
    op.drop_index(
        "ix_scores_eval_run",
        table_name="scores",
        postgresql_where=sa.text("eval_run_id IS NOT NULL"),
    )
    op.drop_column("scores", "eval_item_id")
    op.drop_column("scores", "eval_run_id")
    op.drop_column("dataset_cases", "anonymised_at")
    op.drop_index("ix_eval_items_run_status", table_name="eval_items")
    op.drop_table("eval_items")
    op.drop_table("eval_run_cases")
    op.drop_table("eval_run_agents")
    op.drop_index("ix_eval_runs_org_id", table_name="eval_runs")
    op.drop_index("ix_eval_runs_dataset_id", table_name="eval_runs")
    op.drop_index(
        "ix_eval_runs_active",
        table_name="eval_runs",
        postgresql_where=sa.text("status IN ('queued', 'running', 'confirming')"),
    )
    op.drop_table("eval_runs")
