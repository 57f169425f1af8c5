"""Review decisions by score, every one (current or ended): a run's record at its end reads
the decisions its answers held then; an eval run's last rescoring, for its results'
fingerprint

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-06 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_review_decisions_score", "review_decisions", ["score_id", "id"])
    op.create_index(
        "ix_scores_eval_run_rescored",
        "scores",
        ["eval_run_id", "rescored_at"],
        postgresql_where=sa.text("eval_run_id IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_scores_eval_run_rescored", table_name="scores")
    op.drop_index("ix_review_decisions_score", table_name="review_decisions")
