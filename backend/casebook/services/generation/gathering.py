"""Gathering what the generator reads, under the requester's access (spec: "everything it
reads is gathered for it under your own access and handed over in its prompt").

- the agent: its version's instructions, the skills among its own the requester may view,
  and its tools;
- knowledge: passages of the knowledge bases the agent version uses that the requester
  may read, the newest documents first; how many bases were left out is said;
- chats: the agent's production questions - runs neither eval nor isolated - with the
  ratings of their answers: the newest rated-down ones and the newest of all, so no
  rated-down question is missed however much was asked since; the question's author and
  conversation are kept for the drafts' links (never shown to the generator).

The bounds, order and cleaning are the domain's (``domain.generation.material``); only the
rows are read here, at most what the domain keeps.
"""

from dataclasses import dataclass

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import (
    AgentVersion,
    KnowledgeDocument,
    KnowledgePassage,
    Message,
    Rating,
    Run,
)
from casebook.domain.agents.instructions import SkillText
from casebook.domain.agents.model import AgentConfig, ModelAgentConfig, config_from_json
from casebook.domain.generation.material import (
    MAX_CHAT_QUESTIONS,
    MAX_DOCUMENTS,
    AgentMaterial,
    ChatMaterial,
    ChatQuestion,
    GenerationMaterial,
    KnowledgeMaterial,
    Passage,
    agent_material,
    chat_material,
    knowledge_material,
)
from casebook.domain.generation.sources import SHOWN_THE_AGENT, Source
from casebook.services.agents.skills import visible_skills
from casebook.services.kernel.context import ServiceContext
from casebook.services.knowledge.bases import visible_bases


@dataclass(frozen=True)
class Gathered:
    material: GenerationMaterial
    # Who asked each chat question read, by message id: (member, end user).
    askers: dict[int, tuple[int | None, str | None]]

    def quoted(self) -> tuple[list[int], list[str]]:
        """Whose questions the prompt quotes - members, then end users - so that erasing
        one of them reaches the generator's run."""
        shown = self.material.chats.questions if self.material.chats is not None else ()
        people = [self.askers[q.id] for q in shown if q.id in self.askers]
        return (
            sorted({user for user, _ in people if user is not None}),
            sorted({name for _, name in people if name is not None}),
        )


async def _agent(ctx: ServiceContext, config: AgentConfig) -> AgentMaterial:
    if not isinstance(config, ModelAgentConfig):
        return agent_material("", [], config.tools)
    skills, _ = await visible_skills(ctx, list(config.skill_ids))
    return agent_material(
        config.instructions, [SkillText(s.name, s.instructions) for s in skills], config.tools
    )


async def _knowledge(ctx: ServiceContext, config: AgentConfig) -> KnowledgeMaterial:
    base_ids = list(config.knowledge_base_ids) if isinstance(config, ModelAgentConfig) else []
    bases, left_out = await visible_bases(ctx, base_ids)
    readable = [base.id for base in bases if base.id is not None]
    if not readable:
        return knowledge_material([], knowledge_bases_left_out=left_out)
    async with ctx.reading() as session:
        documents = (
            await session.execute(
                select(KnowledgeDocument)
                .where(col(KnowledgeDocument.base_id).in_(readable))
                .order_by(col(KnowledgeDocument.id).desc())
                .limit(MAX_DOCUMENTS)
            )
        ).scalars()
        titles = {d.id: d.title for d in documents}
        passages = (
            await session.execute(
                select(KnowledgePassage)
                .where(col(KnowledgePassage.document_id).in_(list(titles)))
                .order_by(col(KnowledgePassage.document_id).desc(), KnowledgePassage.ordinal)
            )
        ).scalars()
        shown = [Passage(str(p.id), p.document_id, titles[p.document_id], p.text) for p in passages]
    return knowledge_material(shown, knowledge_bases_left_out=left_out)


def _production_questions(organization_id: int, agent_id: int) -> Select[int | None, int, Message]:
    """The agent's production questions - runs neither eval nor isolated - with their run
    and conversation."""
    return (
        select(col(Run.id), col(Run.conversation_id), Message)
        .join(Message, Message.id == Run.question_message_id)
        .where(
            Run.organization_id == organization_id,
            Run.agent_id == agent_id,
            col(Run.eval).is_(False),
            col(Run.isolated).is_(False),
        )
    )


async def _chats(
    session: AsyncSession, organization_id: int, agent_id: int
) -> tuple[ChatMaterial, dict[int, tuple[int | None, str | None]]]:
    """Spec: "Up to 60 questions ... rated-down answers first": the newest rated-down ones,
    however much was asked since (read from the ratings), and the newest of all - together
    every question the domain could keep (``chat_material``)."""
    asked = _production_questions(organization_id, agent_id)
    rated_down = select(col(Rating.run_id)).where(
        Rating.organization_id == organization_id, Rating.value == "down"
    )
    rows = [
        *(
            await session.execute(
                asked.where(col(Run.id).in_(rated_down.scalar_subquery()))
                .order_by(col(Message.created_at).desc(), col(Message.id).desc())
                .limit(MAX_CHAT_QUESTIONS)
            )
        ).all(),
        *(
            await session.execute(asked.order_by(col(Run.id).desc()).limit(MAX_CHAT_QUESTIONS))
        ).all(),
    ]
    run_ids = sorted({run_id for run_id, _, _ in rows if run_id is not None})
    ratings: list[Rating] = (
        list(
            (
                await session.execute(
                    select(Rating).where(col(Rating.run_id).in_(run_ids), Rating.value == "down")
                )
            ).scalars()
        )
        if run_ids
        else []
    )
    down: dict[int, str | None] = {}
    for rating in ratings:
        if rating.comment and rating.comment.strip():
            down[rating.run_id] = rating.comment
        else:
            down.setdefault(rating.run_id, None)
    questions: dict[int, ChatQuestion] = {}
    askers: dict[int, tuple[int | None, str | None]] = {}
    for run_id, conversation_id, message in rows:
        assert message.id is not None and message.created_at is not None
        if message.id in questions:
            continue
        questions[message.id] = ChatQuestion(
            id=message.id,
            question=message.content,
            rated_down=run_id in down,
            asked_at=message.created_at,
            comment=down.get(run_id),
            conversation_id=conversation_id,
            asked_by=message.author_user_id,
        )
        askers[message.id] = (message.author_user_id, message.author_end_user)
    return chat_material(list(questions.values())), askers


async def gather_material(
    ctx: ServiceContext, version: AgentVersion, sources: tuple[Source, ...]
) -> Gathered:
    """What each chosen source reads, under the actor's access; the gates are passed."""
    actor = ctx.require_actor()
    config = config_from_json(version.config)
    agent = await _agent(ctx, config) if SHOWN_THE_AGENT.intersection(sources) else None
    knowledge = await _knowledge(ctx, config) if "knowledge" in sources else None
    chats = None
    askers: dict[int, tuple[int | None, str | None]] = {}
    if "chats" in sources:
        async with ctx.reading() as session:
            chats, askers = await _chats(session, actor.organization_id, version.agent_id)
    return Gathered(GenerationMaterial(agent, knowledge, chats), askers)
