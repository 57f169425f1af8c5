"""Running an agent on one question - the one entry point the chat and eval runs share.

``answer`` runs an agent version on a question after earlier turns and returns its
reply - what an eval run calls from a worker job for each case, "isolated, eval" (the
job's actor is the person who started it), recording the replies in batches;
``answer_and_record`` also records one reply in Activity as a run of a new
conversation of the actor. Both need
``agents:run`` on the agent, and every model call is metered against the
organization's budget and the ``agent`` helper's; a webhook agent's reported cost is
booked the same way, its budget checked before the call. A spent budget, a deleted
connection or an unreadable secret fail the run with the reason - never a made-up
answer.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Agent, AgentVersion
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import Reply
from casebook.domain.agents.instructions import SkillText, system_prompt
from casebook.domain.agents.model import (
    AgentConfig,
    ModelAgentConfig,
    answered_by_clients,
    config_from_json,
)
from casebook.domain.agents.reference import bounded, with_reference
from casebook.domain.agents.webhook_contract import Turn
from casebook.llm.errors import BudgetExhausted
from casebook.llm.factory import build_provider
from casebook.llm.metering import MeteredCall
from casebook.llm.protocol import Usage
from casebook.llm.secrets import KeyDecryptionFailed
from casebook.services.activity import recording
from casebook.services.activity.recording import RecordedRun
from casebook.services.agents.agents import KIND, version_of
from casebook.services.agents.model_agent import answer_with_model
from casebook.services.agents.skills import skills_for_run
from casebook.services.agents.tool_endpoints import CallContext
from casebook.services.agents.webhook_agent import WebhookClients, answer_with_webhook
from casebook.services.grading.judging import provider_settings
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.public_ids import public_id
from casebook.services.knowledge.search import reference_passages
from casebook.services.models import metering
from casebook.services.models.connections import cipher, connection_spec, usable_connection

NOT_CALLED = (
    "a local agent is answered by its own code, which Casebook cannot call: run it with the "
    "Python client's evaluate(), `casebook eval --task/--exec` or the pytest plugin"
)


@dataclass(frozen=True)
class Runnable:
    """An agent version ready to run: its configuration, secret and system prompt."""

    agent: Agent
    version: AgentVersion
    config: AgentConfig
    secret: str | None
    system: str


async def runnable(
    session: AsyncSession, ctx: ServiceContext, agent_id: int, number: int | None = None
) -> Runnable:
    """The agent version (its newest by default) the actor may run."""
    actor = ctx.require_actor()
    agent: Agent = await sharing.load_authorized(
        session, actor, KIND, agent_id, Permission.AGENTS_RUN
    )
    assert agent.id is not None
    version = await version_of(session, agent.id, number or agent.latest_version)
    config = config_from_json(version.config)
    try:
        secret = (
            cipher(ctx.settings).decrypt(agent.webhook_secret_ciphertext)
            if agent.webhook_secret_ciphertext
            else None
        )
    except KeyDecryptionFailed:
        secret = None
    system = ""
    if isinstance(config, ModelAgentConfig):
        skills = await skills_for_run(session, actor.organization_id, config.skill_ids)
        system = system_prompt(
            config.instructions, [SkillText(s.name, s.instructions) for s in skills]
        )
    return Runnable(agent, version, config, secret, system)


async def answer(
    ctx: ServiceContext,
    ready: Runnable,
    *,
    history: Sequence[Turn],
    question: str,
    isolated: bool,
    eval_run: bool,
    conversation_id: int | None = None,
    budget_checked: bool = False,
    clients: WebhookClients | None = None,
    idempotency_key: str | None = None,
) -> Reply:
    """The reply of the agent version to ``question``. ``budget_checked``: the caller has
    just checked the ``agent`` helper's budget for a batch of questions (an eval run's),
    so a webhook agent's call does not check it again. ``clients``: the caller's HTTP
    clients for a webhook agent's calls (an eval run's, kept between its calls).
    ``idempotency_key``: an eval run's work item's, sent with a webhook agent's request."""
    actor = ctx.require_actor()
    if answered_by_clients(ready.config.kind):
        return Reply(steps=(), error=NOT_CALLED)
    if ready.secret is None:
        return Reply(
            steps=(),
            error="the agent's signing secret cannot be read with the server's secret key; "
            "rotate it on the agent's page",
        )
    call = CallContext(
        agent_id=public_id("Agent", ready.version.agent_id),
        agent_version=ready.version.version,
        conversation_id=public_id("Conversation", conversation_id) if conversation_id else None,
        isolated=isolated,
        eval_run=eval_run,
        idempotency_key=idempotency_key,
    )
    if isinstance(ready.config, ModelAgentConfig):
        return await _model_answer(ctx, actor, ready, history, question, call)
    return await _webhook_answer(
        ctx, actor, ready, history, question, call, budget_checked, clients
    )


async def _model_answer(
    ctx: ServiceContext,
    actor: Actor,
    ready: Runnable,
    history: Sequence[Turn],
    question: str,
    call: CallContext,
) -> Reply:
    config = ready.config
    assert isinstance(config, ModelAgentConfig) and ready.secret is not None
    row = await usable_connection(
        ctx, actor.organization_id, str(config.connection_id), config.model, whose="the agent's"
    )
    if isinstance(row, str):
        return Reply(steps=(), error=row.replace("in Settings", "on the agent's page"))
    try:
        spec = connection_spec(ctx.settings, row)
    except KeyDecryptionFailed as failure:
        return Reply(steps=(), error=str(failure))
    # Its knowledge bases' passages found for the question, as reference material.
    found = await reference_passages(ctx, config.knowledge_base_ids, question)
    system = with_reference(ready.system, bounded(found))
    timeouts, retry = provider_settings(ctx.settings)
    inner = build_provider(spec, prices=ctx.settings.price_table(), timeouts=timeouts, retry=retry)
    provider = metering.metered(
        ctx.sessionmaker, inner, organization_id=actor.organization_id, helper=metering.AGENT_HELPER
    )
    try:
        return await answer_with_model(
            provider,
            config,
            system=system,
            history=history,
            question=question,
            secret=ready.secret,
            call=call,
            tool_timeout_s=ctx.settings.agent_tool_timeout_seconds,
            outbound=ctx.settings.outbound_policy(),
        )
    finally:
        await provider.aclose()


async def _webhook_answer(
    ctx: ServiceContext,
    actor: Actor,
    ready: Runnable,
    history: Sequence[Turn],
    question: str,
    call: CallContext,
    budget_checked: bool = False,
    clients: WebhookClients | None = None,
) -> Reply:
    sink = metering.DatabaseMeteringSink(ctx.sessionmaker)
    if not budget_checked:
        try:
            await sink.check(actor.organization_id, metering.AGENT_HELPER)
        except BudgetExhausted as spent:
            return Reply(steps=(), error=spent.reason)
    assert ready.secret is not None and not isinstance(ready.config, ModelAgentConfig)
    reply = await answer_with_webhook(
        ready.config,
        history=history,
        question=question,
        secret=ready.secret,
        call=call,
        clients=clients,
        outbound=ctx.settings.outbound_policy(),
    )
    if reply.cost_usd:
        await sink.record(
            actor.organization_id,
            metering.AGENT_HELPER,
            MeteredCall(
                "chat",
                reply.model or "webhook",
                Usage(reply.input_tokens or 0, reply.output_tokens or 0),
                reply.cost_usd,
                True,
                reply.latency_ms or 0.0,
            ),
        )
    return reply


async def answer_and_record(
    ctx: ServiceContext,
    agent_id: int,
    *,
    version: int | None,
    history: Sequence[Turn],
    question: str,
    isolated: bool = True,
    eval_run: bool = True,
) -> RecordedRun:
    """Answer one question (a case's) with an agent version and record it in Activity as a
    run of a new conversation of the actor, holding the earlier turns, the question and
    the reply: one question on its own. An eval run asks many at once with ``answer``,
    recording them in batches (``activity.batch_recording``)."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        ready = await runnable(session, ctx, agent_id, version)
        conversation = await recording.new_conversation(session, actor, ready.agent, question)
        await recording.append_history(session, actor, conversation, history)
        asked = await recording.append_message(
            session, actor, conversation, "user", question, author_user_id=actor.user_id
        )
    assert conversation.id is not None and asked.id is not None
    reply = await answer(
        ctx,
        ready,
        history=history,
        question=question,
        isolated=isolated,
        eval_run=eval_run,
        conversation_id=conversation.id,
    )
    async with ctx.transaction() as session:
        current = await recording.locked(session, conversation.id)
        message, run = await recording.append_reply(
            session,
            actor,
            current,
            question_message_id=asked.id,
            version=ready.version,
            reply=reply,
            isolated=isolated,
            eval_run=eval_run,
        )
    assert message.id is not None and run.id is not None
    return RecordedRun(conversation.id, asked.id, message.id, run.id, reply)
