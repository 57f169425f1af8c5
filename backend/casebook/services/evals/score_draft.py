"""An eval answer's score row before it is stored: its columns as plain values.

An eval run grades hundreds of answers a second with checks alone; made as ORM objects
and flushed, their score rows took a tenth of the run's CPU (pydantic and SQLAlchemy's
bookkeeping for each of some forty columns). A draft is a plain object that
``fill_grading`` writes like a row, inserted many at once (``db.rows.insert_values``);
a score the judge graded becomes a row (``row``) to hold its structured breakdown.
Columns a draft leaves out take the database's defaults.
"""

from dataclasses import dataclass, field, fields
from typing import Any

from casebook.db.models import Score
from casebook.db.rows import new_row


@dataclass(slots=True)
class ScoreDraft:
    organization_id: int
    dataset_id: int
    case_id: int
    case_revision_id: int
    case_revision: int
    dataset_version: int
    answer_chars: int
    cost_usd: float | None
    latency_ms: float | None
    agent_name: str | None
    agent_version: str | None
    answering_model: str | None
    scored_by_user_id: int | None
    run_key: str | None
    repetition: int | None
    source_run_id: int | None
    eval_run_id: int | None
    eval_item_id: int | None
    agent_id: int | None  # the answering agent, for review's one score per case and agent
    outcome: str = "not_graded"
    outcome_reason: str = ""
    without_verdict: list[str] = field(default_factory=list)
    results: dict[str, Any] = field(default_factory=dict)
    verdict: dict[str, Any] | None = None
    config: dict[str, Any] = field(default_factory=dict)
    pins: dict[str, Any] | None = None
    answer_text: str | None = None
    answer_cut: bool = False
    tool_calls: list[Any] = field(default_factory=list)
    redacted: int = 0
    judged_on_answering_model: bool = False
    grading_cost_usd: float | None = None

    def values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _NAMES}

    def row(self) -> Score:
        return new_row(Score, **self.values())


_NAMES = tuple(f.name for f in fields(ScoreDraft))
