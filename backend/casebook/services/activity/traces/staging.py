"""The spans received, in ``trace_spans``: read by trace, written waiting or placed.

A waiting span keeps its facts (JSON) and who sent it; a placed one keeps only its ids,
its role and its run. Rows are written with COPY and changed with one statement each.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

import orjson
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import TraceSpan
from casebook.domain.access.policy import Actor
from casebook.domain.activity.traces.assembly import PlacedSpan, WaitingSpan
from casebook.domain.activity.traces.spans import from_json
from casebook.services.kernel.bulk import copy_rows, raw_connection

_spans = TraceSpan.__table__.c  # type: ignore[attr-defined]
SPAN_COLUMNS = (
    _spans.organization_id,
    _spans.trace_id,
    _spans.span_id,
    _spans.parent_span_id,
    _spans.agent_id,
    _spans.run_id,
    _spans.role,
    _spans.facts,
    _spans.sent_by_user_id,
    _spans.sent_with_api_key_id,
)


@dataclass(frozen=True)
class TraceRows:
    """What ``trace_spans`` holds of some traces: placed spans and waiting ones."""

    placed: dict[str, list[PlacedSpan]]
    waiting: dict[str, list[WaitingSpan]]

    def known(self) -> set[tuple[str, str]]:
        keys = {(t, p.span_id) for t, spans in self.placed.items() for p in spans}
        keys |= {(t, w.facts.span_id) for t, spans in self.waiting.items() for w in spans}
        return keys


async def rows_of(
    session: AsyncSession,
    organization_id: int,
    trace_ids: Sequence[str],
    *,
    settled_before: datetime | None = None,
) -> TraceRows:
    """Every span held of these traces; a waiting one received before ``settled_before``
    is marked settled (its window passed)."""
    placed: dict[str, list[PlacedSpan]] = {}
    waiting: dict[str, list[WaitingSpan]] = {}
    if not trace_ids:
        return TraceRows(placed, waiting)
    rows = await session.execute(
        text(
            # One index probe per trace (a LIMIT keeps the lateral from being flattened
            # into a scan of the organization's spans, which grows with them).
            """SELECT s.trace_id, s.span_id, s.parent_span_id, s.agent_id, s.run_id, s.role,
                      s.facts, s.received_at
               FROM unnest(CAST(:traces AS text[])) AS u(trace_id)
               CROSS JOIN LATERAL (
                   SELECT * FROM trace_spans t
                   WHERE t.organization_id = :org AND t.trace_id = u.trace_id
                   LIMIT 1000000) AS s"""
        ),
        {"org": organization_id, "traces": list(trace_ids)},
    )
    for trace_id, span_id, parent, agent_id, run_id, role, facts, received in rows:
        if facts is None:
            placed.setdefault(trace_id, []).append(
                PlacedSpan(span_id, parent, agent_id, run_id, role or "above")
            )
        else:
            settled = settled_before is not None and received < settled_before
            waiting.setdefault(trace_id, []).append(
                WaitingSpan(from_json(facts), agent_id, settled)
            )
    return TraceRows(placed, waiting)


async def add_waiting(session: AsyncSession, actor: Actor, spans: Iterable[WaitingSpan]) -> int:
    """New spans to wait for their local root, with who sent them."""
    rows = [
        (
            actor.organization_id,
            w.facts.trace_id,
            w.facts.span_id,
            w.facts.parent_id,
            w.agent_id,
            None,
            None,
            orjson.dumps(w.facts.to_json()).decode(),
            actor.user_id,
            actor.api_key_id,
        )
        for w in spans
    ]
    if rows:
        await copy_rows(await raw_connection(session), SPAN_COLUMNS, rows)
    return len(rows)


@dataclass(frozen=True)
class Placement:
    trace_id: str
    span_id: str
    parent_id: str | None
    agent_id: int
    run_id: int | None
    role: str


async def place(
    session: AsyncSession,
    actor: Actor,
    placements: Sequence[Placement],
    waiting: set[tuple[str, str]],
) -> None:
    """Spans placed with their runs: those that waited lose their facts, the new ones are
    written as placed. ``waiting``: the keys of the spans that waited."""
    before = [p for p in placements if (p.trace_id, p.span_id) in waiting]
    new = [p for p in placements if (p.trace_id, p.span_id) not in waiting]
    if before:
        await session.execute(
            text(
                """UPDATE trace_spans s SET run_id = u.run_id, role = u.role, facts = NULL
                   FROM unnest(CAST(:traces AS text[]), CAST(:spans AS text[]),
                               CAST(:runs AS bigint[]), CAST(:roles AS text[]))
                        AS u(trace_id, span_id, run_id, role)
                   WHERE s.organization_id = :org AND s.trace_id = u.trace_id
                     AND s.span_id = u.span_id"""
            ),
            {
                "org": actor.organization_id,
                "traces": [p.trace_id for p in before],
                "spans": [p.span_id for p in before],
                "runs": [p.run_id for p in before],
                "roles": [p.role for p in before],
            },
        )
    if new:
        await copy_rows(
            await raw_connection(session),
            SPAN_COLUMNS,
            [
                (
                    actor.organization_id,
                    p.trace_id,
                    p.span_id,
                    p.parent_id,
                    p.agent_id,
                    p.run_id,
                    p.role,
                    None,
                    None,
                    None,
                )
                for p in new
            ],
        )


async def forget(
    session: AsyncSession, organization_id: int, keys: Sequence[tuple[str, str]]
) -> None:
    """Waiting spans that will not be kept (no invocation in their local tree)."""
    if not keys:
        return
    await session.execute(
        text(
            """DELETE FROM trace_spans s
               USING unnest(CAST(:traces AS text[]), CAST(:spans AS text[])) AS u(tid, sid)
               WHERE s.organization_id = :org AND s.trace_id = u.tid AND s.span_id = u.sid"""
        ),
        {"org": organization_id, "traces": [k[0] for k in keys], "spans": [k[1] for k in keys]},
    )
