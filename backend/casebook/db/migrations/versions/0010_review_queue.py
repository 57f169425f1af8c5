"""the review queue: where each score stands in review, people's decisions, a dataset's
Review by a person and low-confidence settings, and a score's answering agent

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 05:50:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WAITING = sa.text("review_state = 'waiting'")
_CURRENT = sa.text("ended_at IS NULL")


def upgrade() -> None:
    op.add_column(
        "datasets",
        sa.Column(
            "review_by_person", sa.String(length=20), server_default="nothing", nullable=False
        ),
    )
    op.add_column(
        "datasets",
        sa.Column("review_low_confidence", sa.Boolean(), server_default="false", nullable=False),
    )
    op.add_column("scores", sa.Column("agent_id", sa.BigInteger(), nullable=True))
    op.add_column(
        "scores",
        sa.Column(
            "review_state", sa.String(length=20), server_default="not_queued", nullable=False
        ),
    )
    op.add_column("scores", sa.Column("review_agent_key", sa.String(length=240), nullable=True))
    op.add_column("scores", sa.Column("review_sent_by", sa.String(length=30), nullable=True))
    op.add_column(
        "scores", sa.Column("review_waiting_since", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column("scores", sa.Column("decision", sa.String(length=10), nullable=True))
    op.create_index(
        "ux_scores_review_waiting",
        "scores",
        ["case_id", "review_agent_key"],
        unique=True,
        postgresql_where=_WAITING,
    )
    op.create_index(
        "ix_scores_review_waiting_dataset",
        "scores",
        ["dataset_id", "id"],
        unique=False,
        postgresql_where=_WAITING,
    )
    # The answering agent of scores kept so far: an eval run's agent, else the agent of
    # the Activity run that was scored.
    op.execute(
        "UPDATE scores SET agent_id = a.agent_id FROM eval_items i "
        "JOIN eval_run_agents a ON a.id = i.run_agent_id "
        "WHERE scores.eval_item_id = i.id AND a.agent_id IS NOT NULL"
    )
    op.execute(
        "UPDATE scores SET agent_id = r.agent_id FROM runs r "
        "WHERE scores.source_run_id = r.id AND scores.agent_id IS NULL "
        "AND scores.eval_item_id IS NULL"
    )
    op.create_table(
        "review_decisions",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=False), nullable=False),
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("dataset_id", sa.BigInteger(), nullable=False),
        sa.Column("score_id", sa.BigInteger(), nullable=False),
        sa.Column("outcome", sa.String(length=10), nullable=False),
        sa.Column("note", sa.Text(), server_default="", nullable=False),
        sa.Column("decided_by_user_id", sa.BigInteger(), nullable=True),
        sa.Column(
            "decided_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column("replaces_id", sa.BigInteger(), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_how", sa.String(length=20), nullable=True),
        sa.ForeignKeyConstraint(["organization_id"], ["organizations.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["score_id"], ["scores.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["decided_by_user_id"], ["users.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["replaces_id"], ["review_decisions.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "ux_review_decisions_current",
        "review_decisions",
        ["score_id"],
        unique=True,
        postgresql_where=_CURRENT,
    )
    op.create_index(
        "ix_review_decisions_dataset", "review_decisions", ["dataset_id", "id"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_review_decisions_dataset", table_name="review_decisions")
    op.drop_index(
        "ux_review_decisions_current", table_name="review_decisions", postgresql_where=_CURRENT
    )
    op.drop_table("review_decisions")
    op.drop_index(
        "ix_scores_review_waiting_dataset", table_name="scores", postgresql_where=_WAITING
    )
    op.drop_index("ux_scores_review_waiting", table_name="scores", postgresql_where=_WAITING)
    for column in (
        "decision",
        "review_waiting_since",
        "review_sent_by",
        "review_agent_key",
        "review_state",
        "agent_id",
    ):
        op.drop_column("scores", column)
    op.drop_column("datasets", "review_low_confidence")
    op.drop_column("datasets", "review_by_person")
