"""an agent's test set: the agent a dataset is the test set of, and generations whose
drafts are accepted automatically (its bootstrap)

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01 12:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "datasets",
        sa.Column(
            "test_set_agent_id",
            sa.BigInteger(),
            sa.ForeignKey("agents.id", ondelete="SET NULL"),
            nullable=True,
        ),
    )
    op.create_index(
        "ix_datasets_test_set_agent",
        "datasets",
        ["test_set_agent_id"],
        postgresql_where=sa.text("test_set_agent_id IS NOT NULL"),
    )
    op.add_column(
        "generations",
        sa.Column("auto_accept", sa.Boolean(), server_default="false", nullable=False),
    )


def downgrade() -> None:
    op.drop_column("generations", "auto_accept")
    op.drop_index("ix_datasets_test_set_agent", table_name="datasets")
    op.drop_column("datasets", "test_set_agent_id")
