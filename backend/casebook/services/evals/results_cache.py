"""An eval run's folded results kept in this process between requests, while nothing
they were folded from has changed.

Folding a run's results reads every scored answer of it - 10,000 rows for a
10,000-case run - and a page of its table shows 50. So the folded results
(``RunResults``: outcomes, each scorer's status, decisions, quality, latency, cost; never
an answer's text, which a page reads fresh) are kept per run, beside a **fingerprint**
read in one statement per request: the run's row (status, progress sequence, end),
its agents still present, the last rescoring of its answers
(``ix_scores_eval_run_rescored``), and the review decisions of its dataset (how many,
the newest, the last ended - a decision made, withdrawn or undone changes one of them).
Anything that changes what the fold reads changes the fingerprint, and the run is read
again. A process keeps at most ``CACHED_RUNS`` runs, the least recently used leaving.

Access is not the cache's: the runs handed in were read under access by the caller.
"""

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import func, select, true
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import EvalRun, EvalRunAgent, ReviewDecision, Score
from casebook.services.evals.results import RunResults, read_results
from casebook.services.kernel.context import ServiceContext

CACHED_RUNS = 16

Fingerprint = tuple[Any, ...]
_kept: OrderedDict[int, tuple[Fingerprint, RunResults]] = OrderedDict()


async def _fingerprints(session: AsyncSession, run_ids: Sequence[int]) -> dict[int, Fingerprint]:
    runs = EvalRun.__table__.c  # type: ignore[attr-defined]
    rescored = (
        select(func.max(col(Score.rescored_at)))
        .where(col(Score.eval_run_id) == runs.id)
        .scalar_subquery()
    )
    agents_gone = (
        select(func.count())
        .where(col(EvalRunAgent.run_id) == runs.id, col(EvalRunAgent.agent_id).is_(None))
        .scalar_subquery()
    )
    decisions = (
        select(
            func.count().label("decisions"),
            func.max(col(ReviewDecision.id)).label("newest"),
            func.max(col(ReviewDecision.ended_at)).label("ended"),
        )
        .where(col(ReviewDecision.dataset_id) == runs.dataset_id)
        .lateral()
    )
    rows = await session.execute(
        select(
            runs.id,
            runs.status,
            runs.sequence,
            runs.finished_at,
            runs.baseline_run_id,
            agents_gone,
            rescored,
            decisions.c.decisions,
            decisions.c.newest,
            decisions.c.ended,
        )
        .select_from(EvalRun.__table__)  # type: ignore[attr-defined]
        .join(decisions, true())
        .where(runs.id.in_(run_ids))
    )
    return {row[0]: tuple(row[1:]) for row in rows}


async def cached_results(session: AsyncSession, runs: Sequence[EvalRun]) -> list[RunResults]:
    """Each run's results, in the order given: from this process's cache when its
    fingerprint is unchanged, read (``read_results``) otherwise."""
    run_ids = [run.id for run in runs if run.id is not None]
    fingerprints = await _fingerprints(session, run_ids)
    found: dict[int, RunResults] = {}
    stale: list[EvalRun] = []
    for run in runs:
        assert run.id is not None
        kept = _kept.get(run.id)
        if kept is not None and kept[0] == fingerprints.get(run.id):
            _kept.move_to_end(run.id)
            # The folded results kept, with the run's row as this request read it.
            found[run.id] = replace(kept[1], run=run)
        else:
            stale.append(run)
    for fresh in await read_results(session, stale) if stale else []:
        assert fresh.run.id is not None
        found[fresh.run.id] = fresh
        if fresh.run.id in fingerprints:
            _kept[fresh.run.id] = (fingerprints[fresh.run.id], fresh)
            _kept.move_to_end(fresh.run.id)
    while len(_kept) > CACHED_RUNS:
        _kept.popitem(last=False)
    return [found[run_id] for run_id in run_ids]


async def results_of_run_ids(ctx: ServiceContext, run_ids: Sequence[int]) -> list[RunResults]:
    """For a dataloader of runs the parent field read under access: two statements for
    any number of runs when their results are kept, six when they are read."""
    async with ctx.reading() as session:
        rows = await session.execute(select(EvalRun).where(col(EvalRun.id).in_(run_ids)))
        runs = {run.id: run for run in rows.scalars()}
        return await cached_results(session, [runs[run_id] for run_id in run_ids])
