"""Runs found by the OpenTelemetry ids they were read from."""

from collections.abc import Sequence

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession


async def runs_of_spans(
    session: AsyncSession, organization_id: int, wanted: Sequence[tuple[str, str | None]]
) -> dict[tuple[str, str | None], int]:
    """The run each (trace id, span id) names: the run the span is part of, or with no
    span id the trace's newest run. Ids are matched in lower case; another
    organization's traces are never found."""
    found: dict[tuple[str, str | None], int] = {}
    by_span = [(t.lower(), s.lower()) for t, s in wanted if s is not None]
    by_trace = sorted({t.lower() for t, s in wanted if s is None})
    if by_span:
        rows = await session.execute(
            text(
                """SELECT s.trace_id, s.span_id, s.run_id FROM trace_spans s
                   JOIN unnest(CAST(:traces AS text[]), CAST(:spans AS text[])) AS u(t, sid)
                     ON s.trace_id = u.t AND s.span_id = u.sid
                   WHERE s.organization_id = :org AND s.run_id IS NOT NULL"""
            ),
            {
                "org": organization_id,
                "traces": [t for t, _ in by_span],
                "spans": [s for _, s in by_span],
            },
        )
        found.update({(t, s): run_id for t, s, run_id in rows})
    if by_trace:
        rows = await session.execute(
            text(
                """SELECT DISTINCT ON (trace_id) trace_id, id FROM runs
                   WHERE organization_id = :org AND trace_id = ANY(CAST(:traces AS text[]))
                   ORDER BY trace_id, id DESC"""
            ),
            {"org": organization_id, "traces": by_trace},
        )
        found.update({(t, None): run_id for t, run_id in rows})
    return {
        key: found[(key[0].lower(), key[1].lower() if key[1] else None)]
        for key in wanted
        if (key[0].lower(), key[1].lower() if key[1] else None) in found
    }
