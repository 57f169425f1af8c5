"""OpenTelemetry traces into Activity: a run's trace, span and unmapped attributes; which
agent a service's spans answer as; the spans received, waiting or placed

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-05 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("runs", sa.Column("trace_id", sa.String(length=32), nullable=True))
    op.add_column("runs", sa.Column("span_id", sa.String(length=16), nullable=True))
    op.add_column(
        "runs", sa.Column("attributes", postgresql.JSONB(astext_type=sa.Text()), nullable=True)
    )
    op.create_index(
        "ix_runs_org_trace",
        "runs",
        ["organization_id", "trace_id"],
        postgresql_where=sa.text("trace_id IS NOT NULL"),
    )
    op.create_table(
        "trace_sources",
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("agent_id", sa.BigInteger(), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["agent_id"], ["agents.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("organization_id", "name"),
    )
    op.create_table(
        "trace_spans",
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("trace_id", sa.String(length=32), nullable=False),
        sa.Column("span_id", sa.String(length=16), nullable=False),
        sa.Column("parent_span_id", sa.String(length=16), nullable=True),
        sa.Column("agent_id", sa.BigInteger(), nullable=False),
        sa.Column("run_id", sa.BigInteger(), nullable=True),
        sa.Column("role", sa.String(length=10), nullable=True),
        sa.Column("facts", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("sent_by_user_id", sa.BigInteger(), nullable=True),
        sa.Column("sent_with_api_key_id", sa.BigInteger(), nullable=True),
        sa.Column(
            "received_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["agent_id"], ["agents.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["run_id"], ["runs.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["sent_by_user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("organization_id", "trace_id", "span_id"),
    )
    op.create_index("ix_trace_spans_run", "trace_spans", ["run_id"])
    op.create_index(
        "ix_trace_spans_waiting",
        "trace_spans",
        ["received_at"],
        postgresql_where=sa.text("facts IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_trace_spans_waiting", table_name="trace_spans")
    op.drop_index("ix_trace_spans_run", table_name="trace_spans")
    op.drop_table("trace_spans")
    op.drop_table("trace_sources")
    op.drop_index("ix_runs_org_trace", table_name="runs")
    op.drop_column("runs", "attributes")
    op.drop_column("runs", "span_id")
    op.drop_column("runs", "trace_id")
