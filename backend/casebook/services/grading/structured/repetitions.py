"""Repetitions (spec: structured-scoring, "Repetitions").

"When a scenario runs a model more than once, each run is scored separately
and the row shows the mean quality plus a consistency spread (lowest to
highest of the runs) ... The output shown is the run with the median quality."

Until eval runs exist, a client groups the answers of one run under a
**run key** of its own (a CI build id; an eval run will pass its id): the
scores of one case and one agent (by agent name) under one run key are
numbered 1, 2, 3... in the order they are stored. The number is taken under a
transaction-scoped lock on (dataset, run key, case, agent) and a unique index
backs it, so concurrent scores never share or skip one. A score without a run
key is graded on its own and has no repetition.

The summary reads the structured scorer's quality (``summarize_repetitions``:
mean, lowest, highest, and the lower median's repetition); a repetition the
structured scorer gave no verdict on counts in ``count`` but not in the
figures.
"""

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Score
from casebook.domain.access.catalog import Permission
from casebook.domain.structured import RepetitionSummary, summarize_repetitions
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput

RUN_KEY_MAX = 200


def checked_run_key(run_key: str | None, path: str = "runKey") -> str | None:
    """The key trimmed; refused when blank, too long or holding control characters."""
    if run_key is None:
        return None
    key = run_key.strip()
    if not key or len(key) > RUN_KEY_MAX:
        raise BadUserInput.at(path, f"must be 1 to {RUN_KEY_MAX} characters")
    if any(unicodedata.category(char).startswith("C") for char in key):
        raise BadUserInput.at(path, "must not hold control characters")
    return key


async def assign_repetition(session: AsyncSession, score: Score) -> None:
    """Number a score with a run key within its run, case and agent (inside the transaction
    that stores it)."""
    if score.run_key is None:
        return
    lock = json.dumps([score.dataset_id, score.run_key, score.case_id, score.agent_name])
    await session.execute(
        text("SELECT pg_advisory_xact_lock(hashtextextended(:lock, 0))"), {"lock": lock}
    )
    highest = await session.execute(
        select(func.max(Score.repetition)).where(
            Score.dataset_id == score.dataset_id,
            Score.run_key == score.run_key,
            Score.case_id == score.case_id,
            col(Score.agent_name).is_not_distinct_from(score.agent_name),
        )
    )
    score.repetition = (highest.scalar_one_or_none() or 0) + 1


@dataclass(frozen=True)
class Repetition:
    number: int
    score_id: int
    quality: float | None


@dataclass(frozen=True)
class RepetitionGroup:
    """One case and agent in a run: every repetition, and the summary of those with a
    structured quality (None when none has one), with the median one's score."""

    case_id: int
    agent_name: str | None
    repetitions: tuple[Repetition, ...]
    summary: RepetitionSummary | None
    median_score: Score | None

    @property
    def median_score_id(self) -> int | None:
        if self.summary is None:
            return None
        median = self.summary.median_repetition
        return next(r.score_id for r in self.repetitions if r.number == median)


def _groups(
    rows: Sequence[tuple[int, int, str | None, int, float | None]],
) -> list[RepetitionGroup]:
    grouped: dict[tuple[int, str | None], list[Repetition]] = {}
    for score_id, case_id, agent_name, number, quality in rows:
        grouped.setdefault((case_id, agent_name), []).append(Repetition(number, score_id, quality))
    found = []
    for (case_id, agent_name), repetitions in grouped.items():
        scored = [(r.number, r.quality) for r in repetitions if r.quality is not None]
        summary = summarize_repetitions(scored) if scored else None
        found.append(RepetitionGroup(case_id, agent_name, tuple(repetitions), summary, None))
    return found


async def score_repetitions(
    ctx: ServiceContext, dataset_id: int, run_key: str
) -> list[RepetitionGroup]:
    """Per case and agent of the run, by case then agent name; needs ``datasets:view``."""
    actor = ctx.require_actor()
    key = checked_run_key(run_key)
    async with ctx.reading() as session:
        await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        rows = await session.execute(
            select(
                col(Score.id),
                col(Score.case_id),
                col(Score.agent_name),
                col(Score.repetition),
                col(Score.structured_quality),
            )
            .where(Score.dataset_id == dataset_id, Score.run_key == key)
            .order_by(
                Score.case_id, col(Score.agent_name).asc().nulls_first(), col(Score.repetition)
            )
        )
        groups = _groups(rows.all())
        median_ids = [g.median_score_id for g in groups if g.median_score_id is not None]
        medians = {
            row.id: row
            for row in (
                await session.execute(select(Score).where(col(Score.id).in_(median_ids)))
            ).scalars()
        }
    return [
        replace(group, median_score=medians[median]) if median is not None else group
        for group, median in ((group, group.median_score_id) for group in groups)
    ]
