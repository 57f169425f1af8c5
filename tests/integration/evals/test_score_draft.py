"""An eval answer's score draft names only the score table's columns, and every column it
leaves out may be left to the database (nullable or defaulted), so its multi-row insert
stores what an ORM flush of the same row would."""

from dataclasses import fields

from casebook.db.models import Score
from casebook.services.evals.score_draft import ScoreDraft


def test_a_draft_names_columns_and_leaves_out_only_what_the_database_fills() -> None:
    columns = {column.key: column for column in Score.__table__.columns}  # type: ignore[attr-defined]
    named = {f.name for f in fields(ScoreDraft)}
    assert named <= set(columns)
    left_out = [
        key
        for key, column in columns.items()
        if key not in named
        and not column.primary_key
        and not column.nullable
        and column.server_default is None
    ]
    assert left_out == []


def test_a_draft_becomes_the_same_row() -> None:
    draft = ScoreDraft(
        organization_id=1,
        dataset_id=2,
        case_id=3,
        case_revision_id=4,
        case_revision=1,
        dataset_version=1,
        answer_chars=3,
        cost_usd=None,
        latency_ms=1.5,
        agent_name="Bot",
        agent_version="2",
        answering_model=None,
        scored_by_user_id=5,
        run_key="eval-run:1",
        repetition=1,
        source_run_id=6,
        eval_run_id=7,
        eval_item_id=8,
        agent_id=None,
    )
    draft.results = {"checks": {"passed": True}}
    row = draft.row()
    assert {name: getattr(row, name) for name in draft.values()} == draft.values()
    assert row.rescore_count == 0 and row.structured_quality is None
