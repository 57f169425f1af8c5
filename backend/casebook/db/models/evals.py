"""Eval runs: every case of one dataset version answered by one or more agents and graded.

- ``eval_runs``: the run - the dataset version it pins, the grading configuration it
  started with (a copy), its settings (repetitions, tags, concurrency, budget,
  baseline, flips to confirm), status with its reason, the counters its progress
  reads, and ``sequence``, the number of the last progress event published, taken
  under the row's lock so two workers never publish the same number;
- ``eval_run_agents``: the agents it compares, each pinned to the version it started with
  (a local agent's with the label its client gave);
- ``eval_run_cases``: which revision of each case the run answers (``INSERT … SELECT``
  from the version when it starts), so a case edited afterwards is answered as it was;
- ``eval_items``: one work item per (case, agent, repetition, purpose): ``answer``, or
  ``confirm`` (a rerun of a flipped case). Its lease says which worker - or, for a local
  agent, which client's claim - holds it and until when; its answer (a run in Activity) is stored before its score, so an item
  answered but not scored is scored again, never asked again.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, id_column, jsonb_column, timestamp_column


def _organization_column() -> Any:
    return Column(BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False)


def _run_column() -> Any:
    return Column(BigInteger, ForeignKey("eval_runs.id", ondelete="CASCADE"), nullable=False)


def _counter() -> Any:
    return Column(Integer, nullable=False, server_default="0")


class EvalRun(SQLModel, table=True):
    __tablename__ = "eval_runs"
    __table_args__ = (
        Index("ix_eval_runs_org_id", "organization_id", "id"),
        Index("ix_eval_runs_dataset_id", "dataset_id", "id"),
        Index(
            "ix_eval_runs_active",
            "status",
            postgresql_where=text("status IN ('queued', 'running', 'confirming')"),
        ),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    organization_id: int = Field(sa_column=_organization_column())
    dataset_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False)
    )
    dataset_version: int = Field(sa_column=Column(Integer, nullable=False))
    # The dataset's grading configuration when the run started; every answer is graded by it.
    scoring: dict[str, Any] = Field(default_factory=dict, sa_column=jsonb_column())
    status: str = Field(sa_column=Column(String(20), nullable=False))
    status_reason: str | None = Field(default=None, sa_column=Column(Text))
    repetitions: int = Field(sa_column=Column(Integer, nullable=False))
    tags: list[str] | None = Field(default=None, sa_column=Column(ARRAY(Text)))
    concurrency: int = Field(sa_column=Column(Integer, nullable=False))
    budget_usd: float | None = Field(default=None, sa_column=Column(Float))
    baseline_run_id: int | None = Field(
        default=None,
        sa_column=Column(BigInteger, ForeignKey("eval_runs.id", ondelete="SET NULL")),
    )
    confirm_flips: int = Field(sa_column=Column(Integer, nullable=False))
    started_by_user_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    )
    # The background job executing the run now (a new one when a worker died).
    job_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("jobs.id", ondelete="SET NULL"))
    )
    executions: int = Field(default=0, sa_column=_counter())
    cases: int = Field(default=0, sa_column=_counter())
    anonymised_left_out: int = Field(default=0, sa_column=_counter())
    total: int = Field(default=0, sa_column=_counter())
    answered: int = Field(default=0, sa_column=_counter())
    scored: int = Field(default=0, sa_column=_counter())
    passed: int = Field(default=0, sa_column=_counter())
    failed: int = Field(default=0, sa_column=_counter())
    not_graded: int = Field(default=0, sa_column=_counter())
    cost_usd: float = Field(
        default=0.0, sa_column=Column(Float, nullable=False, server_default="0")
    )
    sequence: int = Field(default=0, sa_column=_counter())
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
    started_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    finished_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    # When a client last claimed or answered a local agent's work (to a few seconds).
    clients_seen_at: datetime | None = Field(default=None, sa_column=timestamp_column())


class EvalRunAgent(SQLModel, table=True):
    __tablename__ = "eval_run_agents"
    __table_args__ = (UniqueConstraint("run_id", "position"),)

    id: int | None = Field(default=None, sa_column=id_column())
    run_id: int = Field(sa_column=_run_column())
    position: int = Field(sa_column=Column(Integer, nullable=False))
    # NULL once the agent is deleted; the run keeps its name and version.
    agent_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("agents.id", ondelete="SET NULL"))
    )
    agent_version: int = Field(sa_column=Column(Integer, nullable=False))
    agent_name: str = Field(sa_column=Column(String(200), nullable=False))
    agent_kind: str = Field(sa_column=Column(String(20), nullable=False))
    # A local agent's: the label its client named the version by (a commit, a branch).
    version_label: str | None = Field(default=None, sa_column=Column(String(200)))


class EvalRunCase(SQLModel, table=True):
    __tablename__ = "eval_run_cases"
    __table_args__ = (PrimaryKeyConstraint("run_id", "case_id"),)

    run_id: int = Field(sa_column=_run_column())
    case_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("dataset_cases.id", ondelete="CASCADE"), nullable=False
        )
    )
    revision_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("case_revisions.id", ondelete="CASCADE"), nullable=False
        )
    )
    revision: int = Field(sa_column=Column(Integer, nullable=False))


class EvalItem(SQLModel, table=True):
    __tablename__ = "eval_items"
    __table_args__ = (
        UniqueConstraint("run_id", "case_id", "run_agent_id", "repetition", "purpose"),
        Index("ix_eval_items_run_status", "run_id", "status", "id"),
    )

    id: int | None = Field(default=None, sa_column=id_column())
    run_id: int = Field(sa_column=_run_column())
    case_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    revision_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    run_agent_id: int = Field(
        sa_column=Column(
            BigInteger, ForeignKey("eval_run_agents.id", ondelete="CASCADE"), nullable=False
        )
    )
    repetition: int = Field(sa_column=Column(Integer, nullable=False))
    purpose: str = Field(sa_column=Column(String(10), nullable=False))
    # pending → answering (leased) → answered (answer stored) → scored; dropped when the
    # run stopped before it was asked.
    status: str = Field(sa_column=Column(String(20), nullable=False))
    lease_owner: str | None = Field(default=None, sa_column=Column(String(100)))
    lease_expires_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    attempts: int = Field(default=0, sa_column=_counter())
    # The run in Activity holding the answer (a plain id: retention may remove it).
    activity_run_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    score_id: int | None = Field(
        default=None, sa_column=Column(BigInteger, ForeignKey("scores.id", ondelete="SET NULL"))
    )
    cost_usd: float | None = Field(default=None, sa_column=Column(Float))
    answered_at: datetime | None = Field(default=None, sa_column=timestamp_column())
    scored_at: datetime | None = Field(default=None, sa_column=timestamp_column())
