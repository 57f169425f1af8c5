"""local agents: a version's label (the commit or branch its client named it by), the
label an eval run's agent answered with, and when a run's clients last claimed or answered

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-03 23:50:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("agent_versions", sa.Column("label", sa.String(length=200), nullable=True))
    op.create_index(
        "ix_agent_versions_label",
        "agent_versions",
        ["agent_id", "label", "version"],
        postgresql_where=sa.text("label IS NOT NULL"),
    )
    op.add_column(
        "eval_run_agents", sa.Column("version_label", sa.String(length=200), nullable=True)
    )
    op.add_column(
        "eval_runs", sa.Column("clients_seen_at", sa.DateTime(timezone=True), nullable=True)
    )


def downgrade() -> None:
    op.drop_column("eval_runs", "clients_seen_at")
    op.drop_column("eval_run_agents", "version_label")
    op.drop_index("ix_agent_versions_label", table_name="agent_versions")
    op.drop_column("agent_versions", "label")
