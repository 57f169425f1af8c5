"""a generation's focus tag: the one tag every case it drafts is written about and
tagged with (Coverage's "Generate for this gap")

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01 14:20:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("generations", sa.Column("focus_tag", sa.String(100), nullable=True))


def downgrade() -> None:
    op.drop_column("generations", "focus_tag")
