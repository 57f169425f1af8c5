"""What a generation is asked for, checked: the dataset, the agent and the generator, each
gate decided and every refusal named at once (``domain.generation.gates``).

A dataset or an agent the requester may not see is "not found", as an id that never
existed; one they see without the permission a gate needs is refused by the gate's name.
The same check runs when the estimate is made, when the generation is started, and again
in the job, as the requester with their access as it is then.
"""

from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Agent, AgentVersion, Dataset
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, SharedResource, holds
from casebook.domain.generation.estimate import GenerationRequest, generation_request
from casebook.domain.generation.gates import Gate, refused_gates
from casebook.services.agents.agents import KIND as AGENT_KIND
from casebook.services.agents.agents import version_of
from casebook.services.agents.system_agents import generator_agent
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import sharing
from casebook.services.kernel.access_memo import Verdict
from casebook.services.kernel.errors import NotFound


@dataclass(frozen=True)
class Asked:
    request: GenerationRequest
    dataset: Dataset
    agent: Agent
    version: AgentVersion
    generator: Agent


async def _verdict(
    session: AsyncSession, actor: Actor, kind: str, row: object, permission: Permission
) -> Verdict:
    return sharing.verdict_on(
        actor, kind, await sharing.facts(session, actor, kind, row), permission
    )


async def _row_and_facts(
    session: AsyncSession, actor: Actor, kind: str, resource_id: int
) -> tuple[Any, SharedResource | None]:
    known = await sharing.read_with_facts(session, actor, kind, resource_id)
    return known.row, known.facts


async def checked_request(
    session: AsyncSession,
    actor: Actor,
    dataset_id: int,
    agent_id: int,
    sources: list[str],
    count: int,
    *,
    focus_tag: str | None = None,
    version_number: int | None = None,
) -> Asked:
    """The request when every gate passes; ``ValidationFailed`` naming each that does not,
    ``NotFound`` for a dataset or agent the actor may not see. ``version_number``: the
    agent version to draft for (its newest by default). Creates the organization's
    generator the first time, so ``session`` must be a transaction."""
    request = generation_request(agent_id, sources, count, focus_tag)
    # Each row read with the actor's grants on it: one the actor may not see costs the one
    # statement an id that never existed does.
    dataset, dataset_facts = await _row_and_facts(session, actor, DATASET_KIND, dataset_id)
    if dataset is None or dataset.organization_id != actor.organization_id:
        raise NotFound("dataset")
    dataset_verdict = sharing.verdict_on(
        actor, DATASET_KIND, dataset_facts, Permission.DATASETS_EDIT
    )
    if dataset_verdict is Verdict.HIDDEN:
        raise NotFound("dataset")
    agent, agent_facts = await _row_and_facts(session, actor, AGENT_KIND, agent_id)
    if agent is None or agent.organization_id != actor.organization_id:
        raise NotFound("agent")
    agent_verdict = sharing.verdict_on(actor, AGENT_KIND, agent_facts, Permission.AGENTS_VIEW)
    # Hidden from a role that may view agents at all: it is another's private agent.
    if agent_verdict is Verdict.HIDDEN and holds(actor, Permission.AGENTS_VIEW):
        raise NotFound("agent")
    generator = await generator_agent(session, actor.organization_id)
    generator_verdict = await _verdict(session, actor, AGENT_KIND, generator, Permission.AGENTS_RUN)
    decided = {
        "dataset": dataset_verdict is Verdict.ALLOWED,
        "agent": agent_verdict is Verdict.ALLOWED,
        "generator": generator_verdict is Verdict.ALLOWED,
    }

    def passes(gate: Gate) -> bool:
        if gate.on == "organization":
            return holds(actor, gate.permission)
        return decided[gate.on]

    refused_gates(request.sources, passes)
    assert agent.id is not None
    version = await version_of(session, agent.id, version_number or agent.latest_version)
    return Asked(request, dataset, agent, version, generator)
