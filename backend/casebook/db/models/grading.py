"""Grading: model connections, what model calls cost and may cost, and scores.

- ``model_connections``: a provider an organization's helpers call; its key is
  stored encrypted (``llm.secrets``), with a masked hint for display;
- ``model_usage``: one row per model call, booked to the organization and the
  helper that made it;
- ``model_budgets``: a monthly USD limit for the organization (``helper`` NULL)
  or for one helper;
- ``scores``: one answer graded against one case revision, with a copy of the
  configuration, the pins, each scorer's finding and a redacted copy of the answer;
  its repetition within a run (``run_key``), and what its structured result was
  computed from (the reference revision and the structured configuration hash)
  so that staleness is read by comparing them with the case and dataset now.
  The structured breakdown is in ``structured_results`` (``db/models/structured.py``);
  where it stands in review (waiting, decided) and its current decision's outcome;
- ``review_decisions``: every review decision a person made on a score, the current one
  and those withdrawn, undone or replaced.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlmodel import Field, SQLModel

from casebook.db.models.activity import END_USER_CHARS
from casebook.db.models.base import created_at_column, id_column, jsonb_column, timestamp_column


def _organization_column() -> Any:
    return Column(BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False)


def _user_column() -> Any:
    return Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))


class ModelConnection(SQLModel, table=True):
    __tablename__ = "model_connections"
    __table_args__ = (UniqueConstraint("organization_id", "name"),)

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    name: str = Field(sa_column=Column(String(200), nullable=False))
    provider: str = Field(sa_column=Column(String(20), nullable=False))
    base_url: str = Field(sa_column=Column(String(500), nullable=False))
    models: list[str] = Field(
        default_factory=list,
        sa_column=Column(ARRAY(Text), nullable=False, server_default=text("'{}'::text[]")),
    )
    # A Fernet token, never the key; NULL for a server that takes none (a local model server).
    key_ciphertext: str | None = Field(default=None, sa_column=Column(Text))
    key_hint: str | None = Field(default=None, sa_column=Column(String(40)))
    created_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class ModelUsage(SQLModel, table=True):
    __tablename__ = "model_usage"
    __table_args__ = (
        Index("ix_model_usage_org_time", "organization_id", "created_at"),
        Index("ix_model_usage_org_helper_time", "organization_id", "helper", "created_at"),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    helper: str = Field(sa_column=Column(String(40), nullable=False))
    kind: str = Field(sa_column=Column(String(20), nullable=False))
    model: str = Field(sa_column=Column(String(200), nullable=False))
    input_tokens: int = Field(sa_column=Column(BigInteger, nullable=False))
    output_tokens: int = Field(sa_column=Column(BigInteger, nullable=False))
    cost_usd: float = Field(sa_column=Column(Numeric(14, 6, asdecimal=False), nullable=False))
    priced: bool = Field(sa_column=Column(Boolean, nullable=False))
    latency_ms: float = Field(sa_column=Column(Float, nullable=False))
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())


class ModelBudget(SQLModel, table=True):
    __tablename__ = "model_budgets"
    __table_args__ = (
        Index(
            "ux_model_budgets_org_helper",
            "organization_id",
            "helper",
            unique=True,
            postgresql_nulls_not_distinct=True,
        ),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    # NULL: the whole organization's calls, every helper together.
    helper: str | None = Field(default=None, sa_column=Column(String(40)))
    monthly_limit_usd: float = Field(
        sa_column=Column(Numeric(14, 6, asdecimal=False), nullable=False)
    )
    updated_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    updated_at: datetime | None = Field(default=None, sa_column=timestamp_column())


class Score(SQLModel, table=True):
    __tablename__ = "scores"
    __table_args__ = (
        Index("ix_scores_dataset_id", "dataset_id", "id"),
        Index("ix_scores_dataset_outcome_id", "dataset_id", "outcome", "id"),
        Index("ix_scores_case", "case_id"),
        Index(
            "ix_scores_source_run",
            "source_run_id",
            postgresql_where=text("source_run_id IS NOT NULL"),
        ),
        Index(
            "ix_scores_asked_by_user",
            "organization_id",
            "asked_by_user_id",
            postgresql_where=text("asked_by_user_id IS NOT NULL"),
        ),
        Index(
            "ix_scores_asked_by_end_user",
            "organization_id",
            "asked_by_end_user",
            postgresql_where=text("asked_by_end_user IS NOT NULL"),
        ),
        Index(
            "ix_scores_eval_run",
            "eval_run_id",
            "id",
            postgresql_where=text("eval_run_id IS NOT NULL"),
        ),
        # An eval run's last rescoring, read by its results' fingerprint (results_cache).
        Index(
            "ix_scores_eval_run_rescored",
            "eval_run_id",
            "rescored_at",
            postgresql_where=text("eval_run_id IS NOT NULL"),
        ),
        # Per case and answering agent at most one score waits for review (spec: "Review").
        Index(
            "ux_scores_review_waiting",
            "case_id",
            "review_agent_key",
            unique=True,
            postgresql_where=text("review_state = 'waiting'"),
        ),
        Index(
            "ix_scores_review_waiting_dataset",
            "dataset_id",
            "id",
            postgresql_where=text("review_state = 'waiting'"),
        ),
        Index(
            "ux_scores_run_repetition",
            "dataset_id",
            "run_key",
            "case_id",
            "agent_name",
            "repetition",
            unique=True,
            postgresql_nulls_not_distinct=True,
            postgresql_where=text("run_key IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    dataset_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False)
    )
    case_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("dataset_cases.id", ondelete="CASCADE"), nullable=False
        )
    )
    case_revision_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("case_revisions.id", ondelete="CASCADE"), nullable=False
        )
    )
    case_revision: int = Field(sa_column=Column(Integer, nullable=False))
    dataset_version: int = Field(sa_column=Column(Integer, nullable=False))
    outcome: str = Field(sa_column=Column(String(20), nullable=False))
    outcome_reason: str = Field(sa_column=Column(Text, nullable=False))
    without_verdict: list[str] = Field(
        default_factory=list,
        sa_column=Column(ARRAY(Text), nullable=False, server_default=text("'{}'::text[]")),
    )
    results: dict[str, Any] = Field(default_factory=dict, sa_column=jsonb_column())
    verdict: dict[str, Any] | None = Field(default=None, sa_column=jsonb_column(nullable=True))
    config: dict[str, Any] = Field(default_factory=dict, sa_column=jsonb_column())
    pins: dict[str, Any] | None = Field(default=None, sa_column=jsonb_column(nullable=True))
    # The answer as graded: at most 8,000 characters, credentials redacted.
    answer_text: str | None = Field(default=None, sa_column=Column(Text))
    answer_chars: int = Field(sa_column=Column(Integer, nullable=False))
    answer_cut: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default="false")
    )
    tool_calls: list[Any] = Field(default_factory=list, sa_column=jsonb_column(default="[]"))
    redacted: int = Field(default=0, sa_column=Column(Integer, nullable=False, server_default="0"))
    cost_usd: float | None = Field(default=None, sa_column=Column(Float))
    latency_ms: float | None = Field(default=None, sa_column=Column(Float))
    agent_name: str | None = Field(default=None, sa_column=Column(String(200)))
    agent_version: str | None = Field(default=None, sa_column=Column(String(100)))
    answering_model: str | None = Field(default=None, sa_column=Column(String(200)))
    judged_on_answering_model: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default="false")
    )
    grading_cost_usd: float | None = Field(default=None, sa_column=Column(Float))
    scored_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    rescored_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    rescore_count: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default="0")
    )
    # A client's label for the answers of one run (an eval run's id, a CI build id);
    # answers of one case and agent in a run are numbered 1, 2, 3... (``repetition``).
    run_key: str | None = Field(default=None, sa_column=Column(String(200)))
    repetition: int | None = Field(default=None, sa_column=Column(Integer))
    # The structured scorer's quality, and what it was computed from; NULL without one.
    structured_quality: float | None = Field(default=None, sa_column=Column(Float))
    structured_reference_revision_id: int | None = Field(
        default=None,
        sa_column=Column(BigInteger, ForeignKey("case_revisions.id", ondelete="CASCADE")),
    )
    structured_config_hash: str | None = Field(default=None, sa_column=Column(String(64)))
    # The run in Activity whose answer was graded (Score against a case); a plain id,
    # cleared when the run is removed - the score stays.
    source_run_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    # Who asked the question that run answered, kept as a case keeps its authorship: plain
    # ids, never shown or exported, so an erasure finds the answer copy after the run and
    # its conversation are gone. Cleared with the copy.
    asked_by_user_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    asked_by_end_user: str | None = Field(default=None, sa_column=Column(String(END_USER_CHARS)))
    # The eval run that produced this score, and its work item; NULL for other scores.
    eval_run_id: int | None = Field(
        default=None,
        sa_column=Column(BigInteger, ForeignKey("eval_runs.id", ondelete="SET NULL")),
    )
    eval_item_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    # The answering agent when one is recorded (an eval run's agent, an Activity run's);
    # a plain id, so a deleted agent is one nobody has access to. NULL for an answer given
    # to scoreAnswer with a bare agent label.
    agent_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    # Review (spec: "Review"): not_queued, waiting or decided. ``decision`` is the current
    # decision's outcome (its row is in ``review_decisions``); ``review_agent_key`` names
    # the case's answering agent the queue keeps one waiting score for.
    review_state: str = Field(
        default="not_queued",
        sa_column=Column(String(20), nullable=False, server_default="not_queued"),
    )
    review_agent_key: str | None = Field(default=None, sa_column=Column(String(240)))
    review_sent_by: str | None = Field(default=None, sa_column=Column(String(30)))
    review_waiting_since: datetime | None = Field(default=None, sa_column=timestamp_column())
    decision: str | None = Field(default=None, sa_column=Column(String(10)))


class ReviewDecision(SQLModel, table=True):
    """A person's review decision on a score, kept after it ends (withdrawn, undone or
    replaced by a later decision) so that undo can bring back the one it replaced."""

    __tablename__ = "review_decisions"
    __table_args__ = (
        Index(
            "ux_review_decisions_current",
            "score_id",
            unique=True,
            postgresql_where=text("ended_at IS NULL"),
        ),
        Index("ix_review_decisions_dataset", "dataset_id", "id"),
        Index("ix_review_decisions_score", "score_id", "id"),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    dataset_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False)
    )
    score_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("scores.id", ondelete="CASCADE"), nullable=False)
    )
    outcome: str = Field(sa_column=Column(String(10), nullable=False))
    note: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    decided_by_user_id: int | None = Field(default=None, sa_column=_user_column())
    decided_at: datetime | None = Field(default=None, sa_column=created_at_column())
    # The decision this one took the place of (still the score's then).
    replaces_id: int | None = Field(
        default=None,
        sa_column=Column(BigInteger, ForeignKey("review_decisions.id", ondelete="SET NULL")),
    )
    ended_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    ended_how: str | None = Field(default=None, sa_column=Column(String(20)))
