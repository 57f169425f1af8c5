"""Grading evidence: "Review answers, reviewer notes and grading evidence need
``runs:view`` and access to the answering agent. Without either, the outcome and status
remain visible but answer text, reasons, rules and quotes are removed" (spec: Access).

Every evidence field declares ``@requires(permission: RUNS_VIEW, onDenied: NULL,
alsoNeeds: ANSWERING_AGENT)``: its parent names the answering agent
(``answering_agent_id``; a score its ``row.agent_id``), and the reader must be able to
open that agent (``agents:view`` on it; a deleted one nobody can). A score that records
no agent - an answer given to scoreAnswer with a bare label - needs ``runs:view`` alone.
"""

from typing import Any

from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import holds
from casebook.graphql.permissions import AlsoNeeds, OnDenied, requires

EVIDENCE = "Grading evidence: null without runs:view or without access to the answering agent."


async def answering_agent_readable(source: Any, info: Any) -> bool:
    agent_id: int | None = getattr(source, "answering_agent_id", None)
    if agent_id is None:
        return True
    return bool(await info.context.loaders.agent_readable.load(agent_id))


async def evidence_readable(info: Any, agent_id: int | None) -> bool:
    """Whether this reader sees the evidence of an answer of ``agent_id``."""
    actor = info.context.actor
    if actor is None or not holds(actor, Permission.RUNS_VIEW):
        return False
    if agent_id is None:
        return True
    return bool(await info.context.loaders.agent_readable.load(agent_id))


def evidence() -> Any:
    """``extensions=evidence()`` on an async field of grading evidence."""
    return requires(
        Permission.RUNS_VIEW,
        OnDenied.NULL,
        also=(AlsoNeeds.ANSWERING_AGENT, answering_agent_readable),
    )
