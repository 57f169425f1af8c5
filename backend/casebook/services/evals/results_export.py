"""An eval run's per-case results as a download, streamed as dataset exports are
(``services.datasets.case_files``): audited when it starts, then written a page of
results at a time, so memory holds one page of answers, never the run's.

What a reader may not see stays hidden as it does over the API: a question copied
from a conversation the reader may not read is the placeholder, and the answer and the
scorers' reasons of an agent the reader may not open are left out (``evidence_masked``).
The rule for the lines is ``domain.evals.results_file``.
"""

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlmodel import col

from casebook.db.models import CaseRevision, DatasetCase, EvalRun, Score
from casebook.domain.cases.masking import MASKED_TEXT
from casebook.domain.evals.results import CaseResult
from casebook.domain.evals.results_file import (
    ResultLine,
    results_csv_header,
    results_csv_rows,
    results_jsonl,
    scorer_findings,
)
from casebook.domain.grading.outcome import OutcomeStatus
from casebook.services.activity.access import copied_text_hidden
from casebook.services.datasets.case_files import ExportStream
from casebook.services.evals.results import RunResults, read_results
from casebook.services.evals.runs import get_eval_run
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput
from casebook.services.review.reading import DecisionView, agents_readable, current_decisions

EXPORT_PAGE_RESULTS = 500
RUN_KIND = "eval_run"


@dataclass(frozen=True)
class _Format:
    content_type: str
    header: str
    rows: Callable[[Sequence[ResultLine]], str]


FORMATS = {
    "csv": _Format("text/csv; charset=utf-8", results_csv_header(), results_csv_rows),
    "jsonl": _Format("application/x-ndjson; charset=utf-8", "", results_jsonl),
}


def _outcome(value: OutcomeStatus | None) -> str | None:
    return value.upper() if value is not None else None


async def export_results(
    ctx: ServiceContext, run_id: int, *, fmt: str, case_id_of: Callable[[int], str]
) -> ExportStream:
    """The run's results as ``fmt`` (csv or jsonl); ``case_id_of`` names a case as the
    API does (its global id)."""
    written = FORMATS.get(fmt)
    if written is None:
        raise BadUserInput.at("format", "must be csv or jsonl")
    run = await get_eval_run(ctx, run_id)
    async with ctx.reading() as session:
        (found,) = await read_results(session, [run])
    agent_ids = [a.agent_id for a in found.agents if a.agent_id is not None]
    readable = dict(zip(agent_ids, await agents_readable(ctx, agent_ids), strict=True))
    async with ctx.transaction() as session:
        await audit.record(
            session,
            ctx.require_actor(),
            "eval_run.export",
            resource_type=RUN_KIND,
            resource_id=run_id,
            summary={"format": fmt, "results": len(found.results)},
            request_id=ctx.request_id,
        )
    chunks = _pages(ctx, found, readable, written, case_id_of)
    name = f"eval-run-{run_id}-results.{fmt}"
    return ExportStream(name, written.content_type, len(found.results), chunks)


async def _pages(
    ctx: ServiceContext,
    found: RunResults,
    readable: dict[int, bool],
    written: _Format,
    case_id_of: Callable[[int], str],
) -> AsyncIterator[str]:
    if written.header:
        yield written.header
    for start in range(0, len(found.results), EXPORT_PAGE_RESULTS):
        page = found.results[start : start + EXPORT_PAGE_RESULTS]
        lines = await _lines(ctx, found.run, found, page, readable, case_id_of)
        yield await asyncio.to_thread(written.rows, lines)


def _latest(views: Sequence[DecisionView]) -> DecisionView | None:
    """Of a result's decided answers, the decision made last: the one the API shows."""
    if not views:
        return None
    return max(views, key=lambda view: (view.decision.decided_at, view.decision.score_id))


async def _lines(
    ctx: ServiceContext,
    run: EvalRun,
    found: RunResults,
    page: Sequence[CaseResult],
    readable: dict[int, bool],
    case_id_of: Callable[[int], str],
) -> list[ResultLine]:
    """One page: three statements (the answers shown, the questions, the decisions)."""
    shown_ids = [r.shown.score_id for r in page if r.shown is not None]
    revisions = {case.case_id: case.revision_id for case in found.cases}
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        scores = {
            score.id: score
            for score in (
                await session.execute(select(Score).where(col(Score.id).in_(shown_ids)))
            ).scalars()
        }
        questions = await session.execute(
            select(
                col(CaseRevision.case_id),
                col(CaseRevision.content),
                col(DatasetCase.source),
                col(DatasetCase.source_conversation_id),
            )
            .join(DatasetCase, col(DatasetCase.id) == col(CaseRevision.case_id))
            .where(col(CaseRevision.id).in_([revisions[r.case_id] for r in page]))
        )
        cases = {case_id: (content, source, conv) for case_id, content, source, conv in questions}
        ordered = list(cases)
        hidden = await copied_text_hidden(
            session, actor, [(cases[c][1], cases[c][2]) for c in ordered]
        )
    masked = dict(zip(ordered, hidden, strict=True))
    decided = [rep.score_id for r in page for rep in r.repetitions if rep.decision is not None]
    views: dict[int, DecisionView] = {}
    if decided:
        views = {
            view.decision.score_id: view
            for view in await current_decisions(ctx, decided)
            if view is not None
        }
    lines = []
    for result in page:
        agent = found.agent_named(result.agent_id)
        score = scores.get(result.shown.score_id) if result.shown is not None else None
        view = _latest([views[rep.score_id] for rep in result.repetitions if rep.score_id in views])
        evidence = agent.agent_id is not None and readable.get(agent.agent_id, False)
        content = cases.get(result.case_id, ({}, "", None))[0]
        repetitions = result.repetitions
        latencies = [rep.latency_ms for rep in repetitions if rep.latency_ms is not None]
        lines.append(
            ResultLine(
                case_id=case_id_of(result.case_id),
                question=MASKED_TEXT
                if masked.get(result.case_id)
                else str(content.get("input", "")),
                tags=result.tags,
                agent=agent.agent_name,
                agent_version=agent.version_label or str(agent.agent_version),
                outcome=_outcome(result.outcome),
                scorers_outcome=_outcome(result.scorers_outcome),
                decided_by=view.decided_by if view is not None else None,
                decided_at=(
                    view.decision.decided_at.isoformat()
                    if view is not None and view.decision.decided_at is not None
                    else None
                ),
                answer=score.answer_text if score is not None else None,
                scorer_results=scorer_findings(score.results or {}) if score is not None else {},
                latency_ms=sum(latencies) / len(latencies) if latencies else None,
                cost_usd=sum(rep.cost_usd for rep in repetitions),
                repetitions=len(repetitions),
                evidence_masked=not evidence,
            )
        )
    return lines
