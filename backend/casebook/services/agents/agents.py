"""Agents and their versions (spec: Agents; DESIGN: "Surroundings").

An agent is a shared resource - owner, visibility, grants - governed by
``agents:view``, ``agents:edit`` and ``agents:run``. Its name and description
are details; what it answers with is its configuration, and every change of
model, instructions, tools, skills, knowledge bases or endpoint is a new version,
numbered from 1 under a row lock. Runs and scores name the version that answered.

Model and webhook agents have a signing secret, shown once when it is created or
rotated: a webhook agent's requests and a model agent's tool-endpoint calls are signed
with it. A local agent has none: Casebook never calls it. Its versions carry the label
its clients name them by (``version_for_label``).
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import func, select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Agent, AgentVersion, EvalRunAgent, Run, Skill
from casebook.db.pagination import Page, keyset_page
from casebook.domain.access.catalog import Permission, Visibility
from casebook.domain.agents.model import (
    AGENT_KINDS,
    AgentConfig,
    ModelAgentConfig,
    answered_by_clients,
    config_from_json,
    config_to_json,
)
from casebook.domain.agents.validation import (
    DESCRIPTION_MAX,
    ToolDraft,
    clean_name,
    clean_text,
    validate_local_config,
    validate_model_config,
    validate_webhook_config,
)
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.storable_text import search_term
from casebook.services.activity.removal import clear_links_to_conversations
from casebook.services.agents import skills
from casebook.services.agents.system_agents import refuse_system_agent
from casebook.services.identity.secrets import new_token
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.edits import apply_edits
from casebook.services.kernel.errors import BadUserInput, NotFound, ServiceError
from casebook.services.models.connections import cipher, find_connection

KIND = "agent"
SECRET_PREFIX = "cbs_"

sharing.register_shared_kind(KIND, Agent)


@dataclass(frozen=True)
class ModelAgentDraft:
    connection_id: int
    model: str
    instructions: str = ""
    tools: Sequence[ToolDraft] = ()
    skill_ids: Sequence[int] = ()


@dataclass(frozen=True)
class WebhookAgentDraft:
    url: str
    tools: Sequence[ToolDraft] = ()
    timeout_seconds: float | None = None


@dataclass(frozen=True)
class LocalAgentDraft:
    tools: Sequence[ToolDraft] = ()


AgentDraft = ModelAgentDraft | WebhookAgentDraft | LocalAgentDraft


@dataclass(frozen=True)
class AgentWrite:
    agent: Agent
    version: AgentVersion
    # The signing secret in plain text: only when it was just made, shown once (never for
    # a local agent).
    secret: str | None = None
    new_version: bool = True


def _details(name: str | None, description: str | None) -> tuple[str | None, str | None]:
    errors: list[FieldError] = []
    cleaned = clean_name(name, "name", errors, what="an agent") if name is not None else None
    about = (
        clean_text(description, "description", DESCRIPTION_MAX, errors)
        if description is not None
        else None
    )
    if errors:
        raise ValidationFailed(errors)
    return cleaned, about


async def _resolving_errors(ctx: ServiceContext, draft: AgentDraft) -> list[FieldError]:
    """The draft's URLs whose host names resolve to addresses Casebook does not call -
    looked up before any row is locked."""
    urls = [("url", draft.url)] if isinstance(draft, WebhookAgentDraft) else []
    urls += [
        (f"tools.{index}.endpoint", tool.endpoint)
        for index, tool in enumerate(draft.tools)
        if tool.endpoint and tool.endpoint.strip()
    ]
    return await ctx.settings.outbound_policy().saving_errors(urls)


async def _validated(
    ctx: ServiceContext,
    session: AsyncSession,
    draft: AgentDraft,
    resolving: Sequence[FieldError] = (),
) -> AgentConfig:
    """The configuration a draft describes, its connection, model and skills checked too;
    ``resolving``: what ``_resolving_errors`` found."""
    actor = ctx.require_actor()
    allowed = ctx.settings.outbound_networks()
    errors: list[FieldError] = list(resolving)
    if not isinstance(draft, ModelAgentDraft):
        try:
            if isinstance(draft, WebhookAgentDraft):
                found: AgentConfig = validate_webhook_config(
                    url=draft.url,
                    tools=draft.tools,
                    timeout_seconds=draft.timeout_seconds,
                    allowed=allowed,
                )
            else:
                found = validate_local_config(tools=draft.tools)
        except ValidationFailed as refused:
            raise ValidationFailed(errors + refused.errors) from None
        if errors:
            raise ValidationFailed(errors)
        return found
    try:
        config = validate_model_config(
            connection_id=draft.connection_id,
            model=draft.model,
            instructions=draft.instructions,
            tools=draft.tools,
            skill_ids=draft.skill_ids,
            allowed=allowed,
        )
    except ValidationFailed as refused:
        errors.extend(refused.errors)
        config = None
    connection = await find_connection(session, actor.organization_id, draft.connection_id)
    if connection is None:
        errors.append(FieldError("connectionId", "model connection not found"))
    elif draft.model.strip() not in connection.models:
        errors.append(FieldError("model", f"is not a model of the connection {connection.name!r}"))
    for index, skill_id in enumerate(dict.fromkeys(draft.skill_ids)):
        if not await _skill_visible(session, ctx, skill_id):
            errors.append(FieldError(f"skillIds.{index}", "skill not found"))
    if errors or config is None:
        raise ValidationFailed(errors)
    return config


async def _skill_visible(session: AsyncSession, ctx: ServiceContext, skill_id: int) -> bool:
    row = await session.get(Skill, skill_id)
    if row is None:
        return False
    return await sharing.allowed_on(
        session, ctx.require_actor(), skills.KIND, row, Permission.AGENTS_VIEW
    )


async def _keeping_hidden_skills(
    session: AsyncSession, ctx: ServiceContext, config: AgentConfig, newest: AgentConfig
) -> AgentConfig:
    """An editor sends the skills they can see; the skills of the newest version they may not
    view stay attached, after those sent - an edit never drops what its editor cannot see.
    A skill since deleted is not kept."""
    if not isinstance(config, ModelAgentConfig):
        return config
    kept = list(config.skill_ids)
    for skill_id in skill_ids_of(newest):
        row = None if skill_id in kept else await session.get(Skill, skill_id)
        if row is not None and not await _skill_visible(session, ctx, skill_id):
            kept.append(skill_id)
    return replace(config, skill_ids=tuple(kept))


def _new_secret(ctx: ServiceContext) -> tuple[str, str]:
    plain = SECRET_PREFIX + new_token(32)
    return plain, cipher(ctx.settings).encrypt(plain)


async def create_agent(
    ctx: ServiceContext,
    *,
    name: str,
    description: str = "",
    private: bool = False,
    draft: AgentDraft,
) -> AgentWrite:
    actor = ctx.require_actor()
    sharing.ensure_can_create(actor, KIND)
    errors: list[FieldError] = []
    try:
        cleaned, about = _details(name, description)
    except ValidationFailed as refused:
        errors.extend(refused.errors)
        cleaned = about = None
    secret, ciphertext = (None, None) if isinstance(draft, LocalAgentDraft) else _new_secret(ctx)
    resolving = await _resolving_errors(ctx, draft)
    async with ctx.transaction() as session:
        try:
            config = await _validated(ctx, session, draft, resolving)
        except ValidationFailed as refused:
            raise ValidationFailed(errors + refused.errors) from None
        if errors:
            raise ValidationFailed(errors)
        agent, version = await insert_agent(
            session,
            ctx,
            name=cleaned or "",
            description=about or "",
            private=private,
            config=config,
            secret_ciphertext=ciphertext,
        )
    return AgentWrite(agent, version, secret)


async def insert_agent(
    session: AsyncSession,
    ctx: ServiceContext,
    *,
    name: str,
    description: str,
    private: bool,
    config: AgentConfig,
    secret_ciphertext: str | None,
) -> tuple[Agent, AgentVersion]:
    """A new agent owned by the actor, with its first version, audited, in the caller's
    transaction; name, description and configuration already validated."""
    actor = ctx.require_actor()
    agent = Agent(
        organization_id=actor.organization_id,
        name=name,
        description=description,
        kind=config.kind,
        owner_user_id=actor.user_id,
        visibility=(Visibility.PRIVATE if private else Visibility.ORGANIZATION).value,
        latest_version=1,
        webhook_secret_ciphertext=secret_ciphertext,
        created_by_user_id=actor.user_id,
        updated_at=datetime.now(UTC),
    )
    session.add(agent)
    await session.flush()
    assert agent.id is not None
    version = _version_row(agent, 1, config, actor.user_id)
    session.add(version)
    await session.flush()
    await audit.record(
        session,
        actor,
        "agent.create",
        resource_type=KIND,
        resource_id=agent.id,
        summary={"name": agent.name, "kind": agent.kind, "visibility": agent.visibility},
        request_id=ctx.request_id,
    )
    return agent, version


def _version_row(
    agent: Agent, number: int, config: AgentConfig, user_id: int, label: str | None = None
) -> AgentVersion:
    assert agent.id is not None
    return AgentVersion(
        agent_id=agent.id,
        organization_id=agent.organization_id,
        version=number,
        config=config_to_json(config),
        label=label,
        created_by_user_id=user_id,
    )


async def version_of(session: AsyncSession, agent_id: int, number: int) -> AgentVersion:
    found = (
        await session.execute(
            select(AgentVersion).where(
                AgentVersion.agent_id == agent_id, AgentVersion.version == number
            )
        )
    ).scalar_one_or_none()
    if found is None:
        raise NotFound(f"version {number} of the agent")
    return found


async def configure_agent(ctx: ServiceContext, agent_id: int, draft: AgentDraft) -> AgentWrite:
    """A new version when the configuration differs from the newest; otherwise nothing."""
    actor = ctx.require_actor()
    resolving = await _resolving_errors(ctx, draft)
    async with ctx.transaction() as session:
        agent: Agent = await sharing.load_authorized(
            session, actor, KIND, agent_id, Permission.AGENTS_EDIT, for_update=True
        )
        refuse_system_agent(agent, "configured")
        config = await _validated(ctx, session, draft, resolving)
        if config.kind != agent.kind:
            raise BadUserInput.at("kind", f"this is a {agent.kind} agent; its kind stays")
        newest = await version_of(session, agent_id, agent.latest_version)
        config = await _keeping_hidden_skills(session, ctx, config, config_of(newest))
        config = _keeping_knowledge(config, config_of(newest))
        if config_to_json(config) == newest.config:
            return AgentWrite(agent, newest, new_version=False)
        version = await add_version(session, ctx, agent, config, action="agent.configure")
    return AgentWrite(agent, version)


def _keeping_knowledge(config: AgentConfig, newest: AgentConfig) -> AgentConfig:
    """Knowledge bases are attached and detached one by one (services/knowledge), so a
    configuration sent without them keeps those of the newest version."""
    if isinstance(config, ModelAgentConfig) and isinstance(newest, ModelAgentConfig):
        return replace(config, knowledge_base_ids=newest.knowledge_base_ids)
    return config


async def add_version(
    session: AsyncSession,
    ctx: ServiceContext,
    agent: Agent,
    config: AgentConfig,
    *,
    action: str,
    summary: dict[str, object] | None = None,
    label: str | None = None,
) -> AgentVersion:
    """The agent's next version, numbered under the row lock its caller holds, audited."""
    actor = ctx.require_actor()
    agent.latest_version += 1
    agent.updated_at = datetime.now(UTC)
    version = _version_row(agent, agent.latest_version, config, actor.user_id, label)
    session.add(version)
    await session.flush()
    await audit.record(
        session,
        actor,
        action,
        resource_type=KIND,
        resource_id=agent.id,
        summary={"version": agent.latest_version, **(summary or {})},
        request_id=ctx.request_id,
    )
    return version


@dataclass(frozen=True)
class LabelledChoice:
    """What a version label names on a local agent: ``version`` answers; ``kind`` says
    whether a version carries the label already (``named``), the newest takes it as
    nothing answered with it yet (``unnamed``), or the label records the next version,
    a copy of the newest (``new``; ``version`` is then the newest)."""

    version: AgentVersion
    kind: Literal["named", "unnamed", "new"]


async def label_choice(session: AsyncSession, agent: Agent, label: str) -> LabelledChoice:
    """The one reading of the rule for a label (spec of local agents: a label not seen
    before is a new version), read from the newest version once. A new agent's newest
    version, as registered or last edited and never answered with, takes the first label
    given rather than recording the next (a first labelled run would otherwise show as
    "v2 · main" beside a v1 that never answered)."""
    assert agent.id is not None
    newest = await version_of(session, agent.id, agent.latest_version)
    found = await labelled_version(session, agent, label, newest=newest)
    if found is not None:
        return LabelledChoice(found, "named")
    if newest.label is None and not await _answered_with(session, newest):
        return LabelledChoice(newest, "unnamed")
    return LabelledChoice(newest, "new")


async def _answered_with(session: AsyncSession, version: AgentVersion) -> bool:
    """Whether an eval run or a recorded Activity run answered with ``version``."""
    in_runs = select(col(EvalRunAgent.id)).where(
        EvalRunAgent.agent_id == version.agent_id, EvalRunAgent.agent_version == version.version
    )
    recorded = select(col(Run.id)).where(col(Run.agent_version_id) == version.id)
    found = await session.execute(select(in_runs.exists(), recorded.exists()))
    return any(found.one())


async def labelled_version(
    session: AsyncSession, agent: Agent, label: str, *, newest: AgentVersion | None = None
) -> AgentVersion | None:
    """The version a local agent's clients named ``label`` that answers as its newest
    configuration does (tools edited since make the label a new version), or None.
    ``newest``: the agent's newest version, when the caller read it already."""
    assert agent.id is not None
    if newest is None:
        newest = await version_of(session, agent.id, agent.latest_version)
    if newest.label == label:
        return newest
    found = (
        await session.execute(
            select(AgentVersion)
            .where(AgentVersion.agent_id == agent.id, AgentVersion.label == label)
            .order_by(col(AgentVersion.version).desc())
            .limit(1)
        )
    ).scalar_one_or_none()
    return found if found is not None and found.config == newest.config else None


async def version_for_label(
    session: AsyncSession, ctx: ServiceContext, agent: Agent, label: str
) -> AgentVersion:
    """The local agent's version named ``label``, recorded as its next version when the
    label is new (spec of local agents: a label not seen before is a new version, so runs
    of two commits compare two versions of one agent) - or naming the newest when nothing
    has answered with it yet (``label_choice``). The caller holds the agent's row lock,
    so two runs starting with one new label record it once."""
    choice = await label_choice(session, agent, label)
    if choice.kind == "named":
        return choice.version
    if choice.kind == "unnamed":
        choice.version.label = label
        session.add(choice.version)
        await audit.record(
            session,
            ctx.require_actor(),
            "agent.label_version",
            resource_type=KIND,
            resource_id=agent.id,
            summary={"version": choice.version.version, "label": label},
            request_id=ctx.request_id,
        )
        return choice.version
    return await add_version(
        session,
        ctx,
        agent,
        config_of(choice.version),
        action="agent.label_version",
        summary={"label": label},
        label=label,
    )


async def update_details(
    ctx: ServiceContext, agent_id: int, *, name: str | None, description: str | None
) -> Agent:
    """Rename or describe: no new version, since neither changes how it answers."""
    actor = ctx.require_actor()
    cleaned, about = _details(name, description)
    async with ctx.transaction() as session:
        agent: Agent = await sharing.load_authorized(
            session, actor, KIND, agent_id, Permission.AGENTS_EDIT, for_update=True
        )
        refuse_system_agent(agent, "renamed")
        edits = {"name": cleaned, "description": about}
        await apply_edits(
            session, ctx, agent, edits, action="agent.update_details", resource_type=KIND
        )
    return agent


async def rotate_secret(ctx: ServiceContext, agent_id: int) -> tuple[Agent, str]:
    """A new signing secret, shown once; the old one stops working at once."""
    actor = ctx.require_actor()
    secret, ciphertext = _new_secret(ctx)
    async with ctx.transaction() as session:
        agent: Agent = await sharing.load_authorized(
            session, actor, KIND, agent_id, Permission.AGENTS_EDIT, for_update=True
        )
        if answered_by_clients(agent.kind):
            raise BadUserInput.at("id", "a local agent has no signing secret: nothing calls it")
        agent.webhook_secret_ciphertext = ciphertext
        await audit.record(
            session,
            actor,
            "agent.rotate_secret",
            resource_type=KIND,
            resource_id=agent_id,
            request_id=ctx.request_id,
        )
    return agent, secret


async def delete_agent(ctx: ServiceContext, agent_id: int) -> None:
    """Delete an agent with its versions, conversations and runs. Cases copied from them
    stay; their links are cleared."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        agent: Agent = await sharing.load_authorized(
            session, actor, KIND, agent_id, Permission.AGENTS_EDIT, for_update=True
        )
        refuse_system_agent(agent, "deleted")
        await clear_links_to_conversations(session, actor.organization_id, agent_id=agent_id)
        await session.delete(agent)
        await audit.record(
            session,
            actor,
            "agent.delete",
            resource_type=KIND,
            resource_id=agent_id,
            summary={"name": agent.name},
            request_id=ctx.request_id,
        )


async def get_agent(
    ctx: ServiceContext, agent_id: int, permission: Permission = Permission.AGENTS_VIEW
) -> Agent:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        agent: Agent = await sharing.load_authorized(session, actor, KIND, agent_id, permission)
    return agent


async def list_agents(
    ctx: ServiceContext,
    *,
    first: int,
    after: str | None,
    search: str | None = None,
    kind: str | None = None,
    runnable: bool = False,
) -> Page[Agent]:
    """Agents the actor may view (or, with ``runnable``, run), newest first."""
    actor = ctx.require_actor()
    if kind is not None and kind not in AGENT_KINDS:
        raise BadUserInput.at("kind", f"must be one of {', '.join(AGENT_KINDS)}")
    permission = Permission.AGENTS_RUN if runnable else Permission.AGENTS_VIEW
    # System agents (the case generator) are Casebook's own: never listed to pick from.
    query = select(Agent).where(
        sharing.visible_clause(actor, KIND, permission),
        col(Agent.system_role).is_(None),
    )
    if runnable:
        query = query.where(sharing.visible_clause(actor, KIND))
    if kind is not None:
        query = query.where(Agent.kind == kind)
    if term := search_term(search):
        query = query.where(func.lower(Agent.name).contains(term.lower()))
    async with ctx.reading() as session:
        return await keyset_page(
            session, query, Agent.id, first=first, after=after, descending=True, with_total=True
        )


async def list_versions(
    ctx: ServiceContext, agent_id: int, *, first: int = 100, before: int | None = None
) -> list[AgentVersion]:
    actor = ctx.require_actor()
    if not 0 <= first <= 500:
        raise BadUserInput.at("first", "must be between 0 and 500")
    async with ctx.reading() as session:
        await sharing.load_authorized(session, actor, KIND, agent_id, Permission.AGENTS_VIEW)
        query = select(AgentVersion).where(AgentVersion.agent_id == agent_id)
        if before is not None:
            query = query.where(AgentVersion.version < before)
        query = query.order_by(AgentVersion.version.desc()).limit(first)  # type: ignore[attr-defined]
        return list((await session.execute(query)).scalars().all())


async def get_version(ctx: ServiceContext, agent_id: int, number: int) -> AgentVersion:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        await sharing.load_authorized(session, actor, KIND, agent_id, Permission.AGENTS_VIEW)
        if not 1 <= number < 2**31:
            raise NotFound(f"version {number} of the agent")
        return await version_of(session, agent_id, number)


async def versions_by_number(
    ctx: ServiceContext, keys: Sequence[tuple[int, int]]
) -> list[AgentVersion | None]:
    """Versions by (agent id, number) in one query, for agents already read under access."""
    actor = ctx.require_actor()
    if not keys:
        return []
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(AgentVersion).where(
                    AgentVersion.organization_id == actor.organization_id,
                    tuple_(AgentVersion.agent_id, AgentVersion.version).in_(list(keys)),
                )
            )
        ).scalars()
        found = {(r.agent_id, r.version): r for r in rows}
    return [found.get(key) for key in keys]


def config_of(version: AgentVersion) -> AgentConfig:
    return config_from_json(version.config)


def skill_ids_of(config: AgentConfig) -> tuple[int, ...]:
    return config.skill_ids if isinstance(config, ModelAgentConfig) else ()


async def agents_by_id(ctx: ServiceContext, agent_ids: list[int]) -> list[Agent | ServiceError]:
    """Each agent the actor may view, else why not; one statement for those the request has
    not read yet."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        found = await sharing.authorize_many(
            session, actor, KIND, agent_ids, Permission.AGENTS_VIEW
        )
    return [found[agent_id] for agent_id in agent_ids]
