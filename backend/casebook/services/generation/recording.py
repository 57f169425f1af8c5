"""Each generation is one run in Activity (spec: "The generator is an agent ... each
generation is one run in Activity").

The run is the generator's, in a conversation of the requester with the generator, private
to them: the question is the prompt's data (already redacted and cleaned of personal
data), the reply the generator's answer. It is marked isolated: it answered a generation,
not a person, so it is never production traffic another generation drafts from. The
generator has no versions, so the run names none.
"""

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Agent, Run
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import Reply
from casebook.services.activity.recording import append_message, new_conversation, record_run


async def record_generator_run(
    session: AsyncSession, actor: Actor, generator: Agent, title: str, prompt: str, reply: Reply
) -> Run:
    conversation = await new_conversation(session, actor, generator, title)
    question = await append_message(
        session, actor, conversation, "user", prompt, author_user_id=actor.user_id
    )
    answer = await append_message(session, actor, conversation, "agent", reply.text)
    assert conversation.id is not None and answer.id is not None and generator.id is not None
    return await record_run(
        session,
        actor,
        conversation,
        answer,
        question_message_id=question.id,
        agent_id=generator.id,
        version=None,
        reply=reply,
        isolated=True,
        eval_run=False,
    )
