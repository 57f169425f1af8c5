"""Confirmation reruns (issue 12, "Confirmation"): when a run with a baseline has scored
every answer, it answers again the cases that flipped against the baseline - regressions
first, at most the run's ``confirm_flips`` (``domain.evals.comparison.flips_to_confirm``) -
each (case, agent) as many times as the run repeats it, as ``confirm`` work items. The
executor runs them like any item (status CONFIRMING) and then finishes the run; a
regression is confirmed when its rerun fails again (``results.compare_runs``). Reruns are
not counted in the run's progress (total, answered, scored, outcomes), which so agrees
with its summary; what they cost is in its cost, as every answer's is.

Settling a run whose items are all done plans them (``settling``).
"""

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import EvalItem, EvalRun
from casebook.domain.evals.comparison import flips_to_confirm
from casebook.domain.evals.progress import CONFIRM, PENDING
from casebook.services.evals.results import compare_runs, read_results


async def plan_confirmation(session: AsyncSession, run: EvalRun) -> int:
    """Adds the ``confirm`` items of the flips to rerun; how many (0: nothing flipped, no
    baseline left, or ``confirm_flips`` is 0)."""
    if run.baseline_run_id is None or run.confirm_flips <= 0 or run.id is None:
        return 0
    baseline = await session.get(EvalRun, run.baseline_run_id)
    if baseline is None:
        return 0
    current, earlier = await read_results(session, [run, baseline])
    compared = compare_runs(current, earlier)
    by_key = {current.agent_key(a.id): a.id for a in current.agents if a.id is not None}
    chosen = flips_to_confirm(compared.comparison.compared, run.confirm_flips)
    if not chosen:
        return 0
    revisions = {case.case_id: case.revision_id for case in current.cases}
    rows = [
        {
            "run_id": run.id,
            "case_id": case.case_id,
            "revision_id": revisions[case.case_id],
            "run_agent_id": by_key[case.agent_id],
            "repetition": number,
            "purpose": CONFIRM,
            "status": PENDING,
        }
        for case in chosen
        for number in range(1, run.repetitions + 1)
    ]
    added = (
        await session.execute(
            insert(EvalItem)
            .values(rows)
            .on_conflict_do_nothing(
                index_elements=["run_id", "case_id", "run_agent_id", "repetition", "purpose"]
            )
            .returning(col(EvalItem.id))
        )
    ).all()
    return len(added)
