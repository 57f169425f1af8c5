"""An eval run's per-case results as a file: CSV or JSONL, one line per (case, agent),
the columns in ``RESULT_COLUMNS`` order, written a page at a time as dataset exports are.

- ``outcome`` is what the result counts as (a person's decision when one was made),
  ``scorers_outcome`` what the scorers said, ``decided_by`` / ``decided_at`` who decided
  and when; empty while a result is not finished.
- ``answer`` is the answer shown (the median repetition), ``scorer_results`` each
  scorer's status and reason on it (JSON). Hidden from the reader - its evidence - they
  are left empty and ``evidence_masked`` is true; a question copied from a conversation
  the reader may not read is the placeholder, as in a dataset export.
- CSV cells that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, ``'``
  first) are quoted with ``'`` (``protect_cell``), as dataset exports are.
"""

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from casebook.domain.cases.csv_format import protect_cell

RESULT_COLUMNS: tuple[str, ...] = (
    "case_id",
    "question",
    "tags",
    "agent",
    "agent_version",
    "outcome",
    "scorers_outcome",
    "decided_by",
    "decided_at",
    "answer",
    "scorer_results",
    "latency_ms",
    "cost_usd",
    "repetitions",
    "evidence_masked",
)


@dataclass(frozen=True, slots=True)
class ResultLine:
    case_id: str
    question: str
    tags: tuple[str, ...]
    agent: str
    agent_version: str
    outcome: str | None
    scorers_outcome: str | None
    decided_by: str | None
    decided_at: str | None
    answer: str | None
    scorer_results: Mapping[str, Any] = field(default_factory=dict)
    latency_ms: float | None = None
    cost_usd: float = 0.0
    repetitions: int = 0
    evidence_masked: bool = False

    def columns(self) -> dict[str, Any]:
        return {
            "case_id": self.case_id,
            "question": self.question,
            "tags": list(self.tags),
            "agent": self.agent,
            "agent_version": self.agent_version,
            "outcome": self.outcome,
            "scorers_outcome": self.scorers_outcome,
            "decided_by": self.decided_by,
            "decided_at": self.decided_at,
            "answer": None if self.evidence_masked else self.answer,
            "scorer_results": {} if self.evidence_masked else dict(self.scorer_results),
            "latency_ms": self.latency_ms,
            "cost_usd": self.cost_usd,
            "repetitions": self.repetitions,
            "evidence_masked": self.evidence_masked,
        }


def scorer_findings(results: Mapping[str, object]) -> dict[str, dict[str, Any]]:
    """Each scorer's status and reason, from a stored score's results."""
    found: dict[str, dict[str, Any]] = {}
    for name, finding in results.items():
        if isinstance(finding, Mapping):
            found[name] = {"status": finding.get("status"), "reason": finding.get("reason")}
    return found


def results_csv_header() -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerow(RESULT_COLUMNS)
    return buffer.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(item) for item in value)
    if isinstance(value, dict):
        return orjson.dumps(value).decode() if value else ""
    return str(value)


def results_csv_rows(lines: Iterable[ResultLine]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for line in lines:
        columns = line.columns()
        writer.writerow([protect_cell(_cell(columns[name])) for name in RESULT_COLUMNS])
    return buffer.getvalue()


def results_jsonl(lines: Iterable[ResultLine]) -> str:
    return "".join(orjson.dumps(line.columns()).decode() + "\n" for line in lines)
