"""personal data: conversation retention per organization; authorship filled for cases
written before it was kept; indexes erasure and retention look people up by

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 06:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A case taken from a conversation whose run is still there gets the authorship it would
# have been given: the question's author, each earlier turn's when it was kept "with the
# conversation" (none for the agent's), and the thumbs-down whose comment became its note.
# One whose conversation is already gone has no link left to fill it from.
BACKFILL_AUTHORSHIP = """
INSERT INTO case_authorship (case_id, organization_id, question_user_id, question_end_user,
                             turn_user_ids, turn_end_users, note_user_id, note_end_user)
SELECT c.id, d.organization_id, q.author_user_id, q.author_end_user,
       CASE WHEN jsonb_array_length(COALESCE(first.content -> 'history', '[]'::jsonb)) > 0
            THEN turns.user_ids ELSE '{}'::bigint[] END,
       CASE WHEN jsonb_array_length(COALESCE(first.content -> 'history', '[]'::jsonb)) > 0
            THEN turns.end_users ELSE '{}'::text[] END,
       note.rater_user_id, note.rater_end_user
FROM dataset_cases c
JOIN datasets d ON d.id = c.dataset_id
JOIN runs r ON r.id = c.source_run_id
JOIN messages q ON q.id = r.question_message_id
JOIN LATERAL (
    SELECT content FROM case_revisions WHERE case_id = c.id ORDER BY revision LIMIT 1
) first ON true
JOIN LATERAL (
    SELECT COALESCE(array_agg(CASE WHEN m.role = 'user' THEN m.author_user_id END
                              ORDER BY m.position), '{}'::bigint[]) AS user_ids,
           COALESCE(array_agg(CASE WHEN m.role = 'user' THEN m.author_end_user END
                              ORDER BY m.position), '{}'::text[]) AS end_users
    FROM messages m
    WHERE m.conversation_id = q.conversation_id AND m.position < q.position
) turns ON true
LEFT JOIN LATERAL (
    SELECT rt.rater_user_id, rt.rater_end_user FROM ratings rt
    WHERE rt.run_id = r.id AND rt.value = 'down' AND rt.comment = first.content ->> 'note'
    ORDER BY rt.updated_at DESC, rt.id DESC LIMIT 1
) note ON true
WHERE c.source_run_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM case_authorship a WHERE a.case_id = c.id)
"""


def upgrade() -> None:
    op.add_column(
        "organizations", sa.Column("conversation_retention_days", sa.Integer(), nullable=True)
    )
    op.create_index(
        "ix_case_authorship_question_end_user",
        "case_authorship",
        ["organization_id", "question_end_user"],
        unique=False,
    )
    op.create_index(
        "ix_conversations_org_end_user",
        "conversations",
        ["organization_id", "end_user"],
        unique=False,
    )
    op.create_index(
        "ix_conversations_org_updated",
        "conversations",
        ["organization_id", "updated_at"],
        unique=False,
    )
    op.execute(BACKFILL_AUTHORSHIP)


def downgrade() -> None:
    op.drop_index("ix_conversations_org_updated", table_name="conversations")
    op.drop_index("ix_conversations_org_end_user", table_name="conversations")
    op.drop_index("ix_case_authorship_question_end_user", table_name="case_authorship")
    op.drop_column("organizations", "conversation_retention_days")
