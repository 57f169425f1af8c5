"""The chat: a member writes to an agent they may run and reads its answer.

A message starts a conversation of the member with the agent, or continues one of
theirs with the same agent. The question is stored before the agent runs; the reply
- its tool calls and answer, or the error the run ended with - after. The agent
sees the conversation so far. ``isolated`` runs it with writes blocked.
"""

from dataclasses import dataclass

from casebook.domain.access.policy import Actor
from casebook.domain.activity.ingestion import TEXT_MAX
from casebook.domain.agents.model import answered_by_clients
from casebook.domain.storable_text import text_problem
from casebook.services.activity import recording
from casebook.services.activity.access import load_openable
from casebook.services.activity.recording import RecordedRun
from casebook.services.agents.invocation import NOT_CALLED, answer, runnable
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Forbidden

HISTORY_TURNS_MAX = 100


@dataclass(frozen=True)
class ChatTurn:
    recorded: RecordedRun
    created_conversation: bool


def _question(content: str) -> str:
    problem = text_problem(content)
    if problem:
        raise BadUserInput.at("content", problem)
    if not content.strip():
        raise BadUserInput.at("content", "write a question")
    if len(content) > TEXT_MAX:
        raise BadUserInput.at("content", f"is longer than {TEXT_MAX:,} characters")
    return content


async def send_message(
    ctx: ServiceContext,
    agent_id: int,
    content: str,
    *,
    conversation_id: int | None = None,
    isolated: bool = False,
) -> ChatTurn:
    actor: Actor = ctx.require_actor()
    question = _question(content)
    async with ctx.transaction() as session:
        ready = await runnable(session, ctx, agent_id)
        if answered_by_clients(ready.agent.kind):
            raise BadUserInput.at("agentId", NOT_CALLED)
        if conversation_id is None:
            conversation = await recording.new_conversation(session, actor, ready.agent, question)
            history = []
        else:
            conversation = await load_openable(session, actor, conversation_id, for_update=True)
            if conversation.owner_user_id != actor.user_id:
                raise Forbidden("only the person a conversation is with continues it")
            if conversation.agent_id != agent_id:
                raise BadUserInput.at("agentId", "this conversation is with another agent")
            assert conversation.id is not None
            history = await recording.history_of(session, conversation.id, HISTORY_TURNS_MAX)
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
        eval_run=False,
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
            eval_run=False,
        )
        await audit.record(
            session,
            actor,
            "agent.run",
            resource_type="agent",
            resource_id=agent_id,
            summary={
                "run_id": run.id,
                "version": ready.version.version,
                "status": reply.status,
                "isolated": isolated,
            },
            request_id=ctx.request_id,
        )
    assert message.id is not None and run.id is not None
    return ChatTurn(
        RecordedRun(conversation.id, asked.id, message.id, run.id, reply),
        created_conversation=conversation_id is None,
    )
