"""the seed's rules where the code drifted: who asked the question a score's answer
answered; whose questions a generation's prompt quoted, the generator model it was queued
with and a bootstrap's gradable cases; where an accepted generated case came from; the case
generator seeded in every organization

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-05 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A score of a run still linked: the question's author, or the conversation's person when
# the question names none. Eval runs asked a dataset's questions, nobody's.
BACKFILL_SCORE_ASKERS = """
UPDATE scores s
SET asked_by_user_id = CASE WHEN q.author_user_id IS NOT NULL OR q.author_end_user IS NOT NULL
                            THEN q.author_user_id ELSE c.owner_user_id END,
    asked_by_end_user = CASE WHEN q.author_user_id IS NOT NULL OR q.author_end_user IS NOT NULL
                             THEN q.author_end_user ELSE c.end_user END
FROM runs r
JOIN conversations c ON c.id = r.conversation_id
LEFT JOIN messages q ON q.id = r.question_message_id
WHERE r.id = s.source_run_id AND NOT r.eval
"""

# Which questions an earlier generation from chats showed was not kept: every person who
# had asked its agent a production question by then is counted, so an erasure reaches
# its run rather than missing it.
BACKFILL_QUOTED = """
UPDATE generations g
SET quoted_user_ids = COALESCE(asked.user_ids, '{}'::bigint[]),
    quoted_end_users = COALESCE(asked.end_users, '{}'::text[])
FROM (
    SELECT g2.id,
           array_agg(DISTINCT m.author_user_id)
               FILTER (WHERE m.author_user_id IS NOT NULL) AS user_ids,
           array_agg(DISTINCT m.author_end_user)
               FILTER (WHERE m.author_end_user IS NOT NULL) AS end_users
    FROM generations g2
    JOIN runs r ON r.agent_id = g2.agent_id AND r.organization_id = g2.organization_id
                AND NOT r.eval AND NOT r.isolated
    JOIN messages m ON m.id = r.question_message_id AND m.created_at <= g2.created_at
    WHERE 'chats' = ANY(g2.sources) AND g2.run_id IS NOT NULL
    GROUP BY g2.id
) AS asked
WHERE asked.id = g.id
"""

BACKFILL_GENERATOR_MODEL = """
UPDATE generations g
SET generator_model_connection_id = d.generator_model_connection_id,
    generator_model = d.generator_model
FROM datasets d
WHERE d.id = g.dataset_id
"""

SEED_GENERATORS = """
INSERT INTO agents (organization_id, name, description, kind, visibility, latest_version,
                    system_role, updated_at)
SELECT o.id, 'Case generator',
       'Casebook''s case generator: drafts proposed cases for a dataset from an agent, its '
       'knowledge, its chats and a red team. It has no tools; everything it reads is handed '
       'to it in its prompt.',
       'model', 'organization', 0, 'generator', now()
FROM organizations o
ON CONFLICT (organization_id, system_role) WHERE system_role IS NOT NULL DO NOTHING
"""


def upgrade() -> None:
    op.add_column("scores", sa.Column("asked_by_user_id", sa.BigInteger(), nullable=True))
    op.add_column("scores", sa.Column("asked_by_end_user", sa.String(length=200), nullable=True))
    op.create_index(
        "ix_scores_asked_by_user",
        "scores",
        ["organization_id", "asked_by_user_id"],
        postgresql_where=sa.text("asked_by_user_id IS NOT NULL"),
    )
    op.create_index(
        "ix_scores_asked_by_end_user",
        "scores",
        ["organization_id", "asked_by_end_user"],
        postgresql_where=sa.text("asked_by_end_user IS NOT NULL"),
    )
    op.execute(BACKFILL_SCORE_ASKERS)

    op.add_column(
        "generations",
        sa.Column(
            "quoted_user_ids",
            postgresql.ARRAY(sa.BigInteger()),
            server_default=sa.text("'{}'::bigint[]"),
            nullable=False,
        ),
    )
    op.add_column(
        "generations",
        sa.Column(
            "quoted_end_users",
            postgresql.ARRAY(sa.Text()),
            server_default=sa.text("'{}'::text[]"),
            nullable=False,
        ),
    )
    op.create_index(
        "ix_generations_quoted_users",
        "generations",
        ["quoted_user_ids"],
        postgresql_using="gin",
    )
    op.add_column(
        "generations",
        sa.Column("generator_model_connection_id", sa.String(length=200), nullable=True),
    )
    op.add_column("generations", sa.Column("generator_model", sa.String(length=200), nullable=True))
    op.add_column("generations", sa.Column("gradable_cases", sa.Integer(), nullable=True))
    op.execute(BACKFILL_QUOTED)
    op.execute(BACKFILL_GENERATOR_MODEL)

    op.add_column(
        "dataset_cases", sa.Column("source_question_message_id", sa.BigInteger(), nullable=True)
    )
    op.add_column(
        "dataset_cases",
        sa.Column(
            "source_document_id",
            sa.BigInteger(),
            sa.ForeignKey("knowledge_documents.id", ondelete="SET NULL"),
            nullable=True,
        ),
    )
    op.add_column(
        "dataset_cases", sa.Column("source_passage_id", sa.String(length=40), nullable=True)
    )
    op.create_index(
        "ix_dataset_cases_source_document",
        "dataset_cases",
        ["source_document_id"],
        postgresql_where=sa.text("source_document_id IS NOT NULL"),
    )

    op.execute(SEED_GENERATORS)


def downgrade() -> None:
    # The seeded generators stay: an organization's generator was made on demand before.
    op.drop_index("ix_dataset_cases_source_document", table_name="dataset_cases")
    op.drop_column("dataset_cases", "source_passage_id")
    op.drop_column("dataset_cases", "source_document_id")
    op.drop_column("dataset_cases", "source_question_message_id")
    op.drop_column("generations", "gradable_cases")
    op.drop_column("generations", "generator_model")
    op.drop_column("generations", "generator_model_connection_id")
    op.drop_index("ix_generations_quoted_users", table_name="generations")
    op.drop_column("generations", "quoted_end_users")
    op.drop_column("generations", "quoted_user_ids")
    op.drop_index("ix_scores_asked_by_end_user", table_name="scores")
    op.drop_index("ix_scores_asked_by_user", table_name="scores")
    op.drop_column("scores", "asked_by_end_user")
    op.drop_column("scores", "asked_by_user_id")
