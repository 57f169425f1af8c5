"""Any two runs of a dataset side by side, a page of compared results at a time: for each
(case, agent) both runs hold at the same revision, its result before (in the other run)
and now (in this one). The pairing and the flips are the comparison's
(``compare_runs``); the marking of the differences is ``domain.evals.run_diff``.

A page costs two statements whatever it holds - the scores of its results on each
side - beside the reads of the two runs' results (``read_results``)."""

from dataclasses import dataclass

from casebook.db.pagination import Page, check_page_size, decode_cursor, encode_cursor
from casebook.domain.evals.comparison import ComparedCase
from casebook.domain.evals.results import CaseResult
from casebook.services.evals.results import (
    ResultRow,
    RunComparison,
    RunResults,
    result_rows,
)
from casebook.services.kernel.context import ServiceContext


@dataclass
class RunDiffRow:
    case_id: int
    compared: ComparedCase
    now: ResultRow
    before: ResultRow


def _by_run_agent(found: RunResults) -> dict[tuple[int, int], CaseResult]:
    return {(result.case_id, result.agent_id): result for result in found.results}


def _run_agents(found: RunResults) -> dict[int, int]:
    """Agent key (as the comparison names agents) → the run's record of that agent."""
    return {found.agent_key(a.id): a.id for a in found.agents if a.id is not None}


async def run_diff_page(
    ctx: ServiceContext,
    current: RunResults,
    other: RunResults,
    comparison: RunComparison,
    *,
    flipped: bool | None,
    first: int,
    after: str | None,
) -> Page[RunDiffRow]:
    """The compared results in case then agent order; ``flipped`` keeps only (or never)
    the flips. The cursor is the place in the whole comparison, as the table's is."""
    check_page_size(first)
    start = decode_cursor(after) + 1 if after is not None else 0
    now_results, before_results = _by_run_agent(current), _by_run_agent(other)
    now_agents, before_agents = _run_agents(current), _run_agents(other)
    matching: list[tuple[int, ComparedCase, CaseResult, CaseResult]] = []
    for index, case in enumerate(comparison.comparison.compared):
        now = now_results.get((case.case_id, now_agents[case.agent_id]))
        before = before_results.get((case.case_id, before_agents[case.baseline_agent_id]))
        if now is None or before is None:
            continue
        if flipped is not None and (case.flip is not None) != flipped:
            continue
        matching.append((index, case, now, before))
    later = [entry for entry in matching if entry[0] >= start]
    chosen = later[:first]
    now_rows = await result_rows(ctx, current, comparison, [entry[2] for entry in chosen])
    before_rows = await result_rows(ctx, other, None, [entry[3] for entry in chosen])
    rows = [
        RunDiffRow(case.case_id, case, now_row, before_row)
        for (_, case, _, _), now_row, before_row in zip(chosen, now_rows, before_rows, strict=True)
    ]
    return Page(
        rows, [encode_cursor(entry[0]) for entry in chosen], len(later) > first, len(matching)
    )
