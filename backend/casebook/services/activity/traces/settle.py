"""Spans whose parent never came: placed once their settling window has passed.

A span waits for the span above it (``OTLP_SETTLE_SECONDS``, two minutes by default):
exporters send a parent after its children, and a trace crossing batches closes within
seconds. A parent that never comes - not sampled, or in a service that does not send to
Casebook and did not flag itself remote - would keep its children waiting for ever, so a
periodic job (``jobs/worker.py``) places them as the top of their own tree, as the member
who sent them with their access as it is now. Spans whose sender can no longer record
them (they left, their key was revoked, they lost access to the agent) are deleted: their
facts are personal data and wait no longer than the window.
"""

from datetime import datetime

import structlog
from sqlalchemy import text

from casebook.config import Settings
from casebook.db.engine import SessionMaker
from casebook.db.models import Agent
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import holds
from casebook.services.activity.traces.record import place_spans, trace_lock
from casebook.services.agents.agents import KIND as AGENT_KIND
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.advisory_locks import lock_keys
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import Forbidden
from casebook.services.kernel.job_actor import actor_now

log = structlog.get_logger("casebook.traces")

TRACES_PER_PASS = 500


async def settle_waiting_spans(
    sessionmaker: SessionMaker, settings: Settings, *, received_before: datetime
) -> dict[str, int]:
    """Place every span waiting since before ``received_before``; the counts of a pass."""
    totals = {"traces": 0, "turns_stored": 0, "runs_extended": 0, "deleted": 0}
    async with sessionmaker() as session:
        senders = (
            await session.execute(
                text(
                    """SELECT organization_id, sent_by_user_id, sent_with_api_key_id,
                              array_agg(DISTINCT trace_id)
                       FROM trace_spans
                       WHERE facts IS NOT NULL AND received_at < :before
                       GROUP BY organization_id, sent_by_user_id, sent_with_api_key_id
                       LIMIT :n"""
                ),
                {"before": received_before, "n": TRACES_PER_PASS},
            )
        ).all()
    for organization_id, user_id, key_id, traces in senders:
        traces = sorted(traces)[:TRACES_PER_PASS]
        totals["traces"] += len(traces)
        try:
            actor = await actor_now(
                sessionmaker, organization_id, user_id, key_id, what="these spans"
            )
            if not holds(actor, Permission.RUNS_VIEW):
                raise Forbidden("recording needs runs:view")
        except Forbidden as refused:
            totals["deleted"] += await _delete(
                sessionmaker, organization_id, user_id, key_id, received_before
            )
            log.info("waiting spans deleted", reason=refused.message)
            continue
        ctx = ServiceContext(sessionmaker, None, settings, actor)
        async with ctx.transaction() as session:
            await lock_keys(session, [trace_lock(organization_id, t) for t in traces])
            agent_ids = (
                await session.execute(
                    text(
                        """SELECT DISTINCT agent_id FROM trace_spans
                           WHERE organization_id = :org AND facts IS NOT NULL
                             AND trace_id = ANY(CAST(:traces AS text[]))"""
                    ),
                    {"org": organization_id, "traces": traces},
                )
            ).scalars()
            found = await sharing.authorize_many(
                session, actor, AGENT_KIND, sorted(agent_ids), Permission.AGENTS_RUN
            )
            agents = {i: a for i, a in found.items() if isinstance(a, Agent)}
            outcome = await place_spans(
                session, ctx, actor, agents, [], traces=traces, settled_before=received_before
            )
            denied = await session.execute(
                text(
                    """DELETE FROM trace_spans
                       WHERE organization_id = :org AND facts IS NOT NULL
                         AND received_at < :before AND trace_id = ANY(CAST(:traces AS text[]))
                         AND NOT (agent_id = ANY(CAST(:agents AS bigint[])))"""
                ),
                {
                    "org": organization_id,
                    "before": received_before,
                    "traces": traces,
                    "agents": sorted(agents),
                },
            )
            deleted = outcome.forgotten + int(getattr(denied, "rowcount", 0) or 0)
            if outcome.turns_stored or outcome.runs_extended or deleted:
                await audit.record(
                    session,
                    actor,
                    "activity.settle_traces",
                    resource_type="conversation",
                    summary={
                        "traces": len(traces),
                        "turns_stored": outcome.turns_stored,
                        "runs_extended": outcome.runs_extended,
                        "deleted": deleted,
                    },
                )
        totals["turns_stored"] += outcome.turns_stored
        totals["runs_extended"] += outcome.runs_extended
        totals["deleted"] += deleted
    return totals


async def _delete(
    sessionmaker: SessionMaker,
    organization_id: int,
    user_id: int | None,
    key_id: int | None,
    received_before: datetime,
) -> int:
    async with sessionmaker() as session, session.begin():
        deleted = await session.execute(
            text(
                """DELETE FROM trace_spans
                   WHERE organization_id = :org AND facts IS NOT NULL AND received_at < :before
                     AND sent_by_user_id IS NOT DISTINCT FROM CAST(:user AS bigint)
                     AND sent_with_api_key_id IS NOT DISTINCT FROM CAST(:key AS bigint)"""
            ),
            {"org": organization_id, "before": received_before, "user": user_id, "key": key_id},
        )
        return int(getattr(deleted, "rowcount", 0) or 0)
