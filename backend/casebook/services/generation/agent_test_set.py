"""An agent's test set (spec: "An agent's test set"; its pure rules are
``domain.generation.agent_test_set``).

``create_agent_test_set`` makes a private dataset for the agent - or, when the caller may
edit one already made for it, adds to that one - with the agent's newly rated answers as
cases (``rated_answers``), in one new version. A new set grades and generates with the
agent's own model; an existing set keeps its cases and its grading. When the set then
holds fewer than five gradable cases (or ``more`` is given) a bootstrap generation from
the agent is queued, whose drafts are accepted into a new version by the job, none
proposed. The result says whether the set is insufficient and, explicitly, when the
grader shares the agent's model.

Both operations need ``datasets:edit`` (on the existing set, or to create one) and
``agents:view`` on the agent; a bootstrap also needs ``agents:run`` on the case generator,
as every generation does - each missing one named at once. An agent one may not see is
"not found". ``agent_test_set_estimate`` reads the same and prices the bootstrap; the
fingerprint of its generation ties the create to it, as for any generation.
"""

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.case_content import content_from_json
from casebook.db.models import Agent, AgentVersion, Dataset, Generation, Job
from casebook.db.queries.cases_at_version import cases_at_version
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, holds
from casebook.domain.agents.model import ModelAgentConfig, config_from_json
from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import FieldError, PermissionsMissing
from casebook.domain.generation.agent_test_set import (
    AgentTestSetReport,
    agent_test_set_report,
    bootstrap_question_count,
)
from casebook.domain.generation.estimate import (
    GenerationEstimate,
    GenerationRequest,
    generation_request,
    request_fingerprint,
)
from casebook.domain.generation.gates import EVERY_GENERATION
from casebook.domain.grading.config_merge import merge_scoring_update, read_scoring_config
from casebook.services.activity.access import CONVERSATION_SOURCE
from casebook.services.activity.case_from_message import case_authorship
from casebook.services.agents.agents import KIND as AGENT_KIND
from casebook.services.agents.agents import version_of
from casebook.services.agents.system_agents import generator_agent
from casebook.services.datasets.datasets import start_dataset
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.datasets.versioning import SourceLink, open_version
from casebook.services.generation.generator import NO_MODEL_REASON, generator_model_of
from casebook.services.generation.rated_answers import RatedAnswer, new_rated_answers
from casebook.services.generation.requests import (
    estimate_of,
    queue_generation,
    record_generation,
)
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.access_memo import Verdict
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, NotFound
from casebook.services.kernel.stored_text import stored_scoring

BOOTSTRAP_SOURCES = ["agent"]
# A dataset's name holds 200 characters; the agent's 190 leave room for " test set".
MAX_NAME_FROM_AGENT = 190
EDIT_REFUSAL = "an agent's test set needs `datasets:edit`, on its existing set or to create one"


@dataclass(frozen=True)
class Plan:
    agent: Agent
    version: AgentVersion
    dataset: Dataset | None
    agent_model: ModelAgentConfig | None
    rated: list[RatedAnswer]
    report: AgentTestSetReport
    bootstrap: int


@dataclass(frozen=True)
class AgentTestSetEstimate:
    existing_dataset: Dataset | None
    new_rated_answers: int
    report: AgentTestSetReport
    bootstrap: int
    generation: GenerationEstimate | None


@dataclass(frozen=True)
class AgentTestSet:
    dataset: Dataset
    created: bool
    added_rated_answers: int
    version: int
    report: AgentTestSetReport
    bootstrap: int
    generation: Generation | None
    job: Job | None


async def _visible_agent(session: AsyncSession, actor: Actor, agent_id: int) -> tuple[Agent, bool]:
    # The agent with the actor's grants on it in one statement: one the actor may not see
    # costs what an id that never existed does.
    known = await sharing.read_with_facts(session, actor, AGENT_KIND, agent_id)
    agent: Agent | None = known.row
    if agent is None or agent.organization_id != actor.organization_id or agent.system_role:
        raise NotFound("agent")
    verdict = sharing.verdict_on(actor, AGENT_KIND, known.facts, Permission.AGENTS_VIEW)
    # Hidden from a role that may view agents at all: it is another's private agent.
    if verdict is Verdict.HIDDEN and holds(actor, Permission.AGENTS_VIEW):
        raise NotFound("agent")
    return agent, verdict is Verdict.ALLOWED


async def _editable_set(session: AsyncSession, actor: Actor, agent_id: int) -> Dataset | None:
    """The oldest set made for the agent that the caller may edit."""
    sets = (
        await session.execute(
            select(Dataset)
            .where(
                Dataset.organization_id == actor.organization_id,
                Dataset.test_set_agent_id == agent_id,
            )
            .order_by(col(Dataset.id))
        )
    ).scalars()
    for dataset in sets:
        facts = await sharing.facts(session, actor, DATASET_KIND, dataset)
        if (
            sharing.verdict_on(actor, DATASET_KIND, facts, Permission.DATASETS_EDIT)
            is Verdict.ALLOWED
        ):
            return dataset
    return None


async def _generator_allowed(session: AsyncSession, actor: Actor) -> bool:
    generator = await generator_agent(session, actor.organization_id)
    facts = await sharing.facts(session, actor, AGENT_KIND, generator)
    return sharing.verdict_on(actor, AGENT_KIND, facts, Permission.AGENTS_RUN) is Verdict.ALLOWED


async def cases_held(
    session: AsyncSession, dataset: Dataset | None
) -> list[tuple[CaseContent, bool]]:
    """Each case of the set's newest version, with whether it is anonymised."""
    if dataset is None or dataset.id is None or dataset.latest_version == 0:
        return []
    rows = await cases_at_version(session, dataset.id, dataset.latest_version)
    return [(content_from_json(row.content), row.anonymised_at is not None) for row in rows]


async def _plan(session: AsyncSession, actor: Actor, agent_id: int, more: int | None) -> Plan:
    """Everything both operations read, every gate decided and each refusal named."""
    agent, may_view = await _visible_agent(session, actor, agent_id)
    dataset = await _editable_set(session, actor, agent_id)
    may_edit = dataset is not None or holds(actor, Permission.DATASETS_EDIT)
    errors = []
    if not may_edit:
        errors.append(FieldError("agentId", EDIT_REFUSAL))
    if not may_view:
        errors.append(FieldError("agentId", EVERY_GENERATION[1].refusal))
    if errors:
        raise PermissionsMissing(errors)
    assert agent.id is not None
    version = await version_of(session, agent.id, agent.latest_version)
    config = config_from_json(version.config)
    agent_model = config if isinstance(config, ModelAgentConfig) else None
    version_number = dataset.latest_version if dataset is not None else 0
    rated = await new_rated_answers(
        session, actor, agent.id, dataset.id if dataset else None, version_number
    )
    grader = read_scoring_config(dataset.scoring).judge.model if dataset is not None else None
    existing = await cases_held(session, dataset)
    report = agent_test_set_report(
        existing + [(answer.content, False) for answer in rated],
        [],
        agent_model=agent_model.model if agent_model else None,
        grader_model=grader
        if dataset is not None
        else (agent_model.model if agent_model else None),
    )
    bootstrap = bootstrap_question_count(report.gradable_cases, more)
    if bootstrap and not await _generator_allowed(session, actor):
        raise PermissionsMissing([FieldError("agentId", EVERY_GENERATION[2].refusal)])
    return Plan(agent, version, dataset, agent_model, rated, report, bootstrap)


def _bootstrap_request(plan: Plan) -> GenerationRequest | None:
    if not plan.bootstrap:
        return None
    assert plan.agent.id is not None
    return generation_request(plan.agent.id, BOOTSTRAP_SOURCES, plan.bootstrap)


def _generator_model(plan: Plan) -> str | None:
    """The set's generator model; a new set's is the agent's own."""
    if plan.dataset is not None:
        return plan.dataset.generator_model
    return plan.agent_model.model if plan.agent_model else None


async def agent_test_set_estimate(
    ctx: ServiceContext, agent_id: int, more: int | None
) -> AgentTestSetEstimate:
    """What creating the test set now would do and what its bootstrap costs; nothing is
    written or spent."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        plan = await _plan(session, actor, agent_id, more)
    request = _bootstrap_request(plan)
    estimate = (
        await estimate_of(ctx, _generator_model(plan), plan.version, request)
        if request is not None
        else None
    )
    return AgentTestSetEstimate(
        plan.dataset, len(plan.rated), plan.report, plan.bootstrap, estimate
    )


def _set_name(agent: Agent) -> str:
    return f"{agent.name[:MAX_NAME_FROM_AGENT]} test set"


async def _new_set(ctx: ServiceContext, session: AsyncSession, plan: Plan) -> Dataset:
    """A private dataset for the agent, grading and generating with the agent's model."""
    dataset = await start_dataset(
        ctx, session, name=_set_name(plan.agent), private=True, name_path="agentId"
    )
    dataset.test_set_agent_id = plan.agent.id
    if plan.agent_model is not None:
        model = plan.agent_model
        connection = str(model.connection_id)
        patch = {
            "judge": {"model_connection_id": connection, "model": model.model},
            "reference": {"enabled": True},
        }
        dataset.scoring = stored_scoring(merge_scoring_update({}, patch).to_json())
        dataset.generator_model_connection_id = connection
        dataset.generator_model = model.model
    return dataset


async def _add_rated(
    ctx: ServiceContext, session: AsyncSession, actor: Actor, dataset: Dataset, plan: Plan
) -> int:
    """The rated answers in one new version; returns the dataset's newest version."""
    assert dataset.id is not None
    if not plan.rated:
        return dataset.latest_version
    writer = await open_version(
        session, actor, dataset.id, ctx.settings.dataset_max_version_rows_per_org
    )
    added = []
    for answer in plan.rated:
        run = answer.source.run
        link = SourceLink(run.id, answer.source.conversation.id, run.message_id)
        added.append((answer, writer.add(answer.content, source=CONVERSATION_SOURCE, link=link)))
    redacted = sum(answer.redacted for answer in plan.rated)
    version = await writer.finish("test_set", {"rated_answers": len(added), "redacted": redacted})
    for answer, new in added:
        session.add(case_authorship(answer.source, new.case_id, actor.organization_id, False))
    return version.version


async def create_agent_test_set(
    ctx: ServiceContext, agent_id: int, more: int | None, fingerprint: str | None
) -> AgentTestSet:
    """Create the agent's test set or add to it, and queue its bootstrap when it needs one;
    the bootstrap is refused, naming ``fingerprint``, unless its estimate was made for it."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        plan = await _plan(session, actor, agent_id, more)
        request = _bootstrap_request(plan)
        if request is not None and fingerprint != request_fingerprint(request):
            raise BadUserInput.at(
                "fingerprint",
                "the estimate was made for other cases or another count: estimate again",
            )
        dataset = plan.dataset or await _new_set(ctx, session, plan)
        assert dataset.id is not None
        version = await _add_rated(ctx, session, actor, dataset, plan)
        generation = None
        if request is not None:
            if dataset.generator_model is None:
                raise BadUserInput.at("agentId", NO_MODEL_REASON)
            generation = await record_generation(
                ctx,
                session,
                actor,
                dataset.id,
                plan.version,
                request,
                generator_model_of(dataset),
                auto_accept=True,
            )
        await audit.record(
            session,
            actor,
            "dataset.agent_test_set",
            resource_type=DATASET_KIND,
            resource_id=dataset.id,
            summary={
                "agent_id": agent_id,
                "created": plan.dataset is None,
                "rated_answers": len(plan.rated),
                "gradable_cases": plan.report.gradable_cases,
                "bootstrap": plan.bootstrap,
            },
            request_id=ctx.request_id,
        )
    queued = await queue_generation(ctx, actor, generation) if generation else (None, None)
    return AgentTestSet(
        dataset,
        plan.dataset is None,
        len(plan.rated),
        version,
        plan.report,
        plan.bootstrap,
        queued[0],
        queued[1],
    )
