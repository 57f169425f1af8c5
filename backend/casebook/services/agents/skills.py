"""Skills: named Markdown instruction blocks an agent runs with (spec: Agents).

A skill is a shared resource like a dataset - owner, visibility, grants - governed
by the agents permissions: ``agents:view`` reads it, ``agents:edit`` writes it. A
member reads only the skills they may view; an agent uses all of its skills when it
runs, whoever runs it.
"""

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Skill
from casebook.db.pagination import Page
from casebook.domain.access.catalog import Permission, Visibility
from casebook.domain.agents.validation import (
    DESCRIPTION_MAX,
    INSTRUCTIONS_MAX,
    clean_name,
    clean_text,
)
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.edits import apply_edits

KIND = "skill"

sharing.register_shared_kind(KIND, Skill, family="agents")


def _checked(
    name: str | None, description: str | None, instructions: str | None
) -> tuple[str | None, str | None, str | None]:
    errors: list[FieldError] = []
    cleaned_name = clean_name(name, "name", errors, what="a skill") if name is not None else None
    cleaned_description = (
        clean_text(description, "description", DESCRIPTION_MAX, errors)
        if description is not None
        else None
    )
    cleaned_instructions = (
        clean_text(instructions, "instructions", INSTRUCTIONS_MAX, errors)
        if instructions is not None
        else None
    )
    if cleaned_instructions is not None and not cleaned_instructions:
        errors.append(FieldError("instructions", "a skill needs its instructions"))
    if errors:
        raise ValidationFailed(errors)
    return cleaned_name, cleaned_description, cleaned_instructions


async def create_skill(
    ctx: ServiceContext, *, name: str, description: str, instructions: str, private: bool
) -> Skill:
    actor = ctx.require_actor()
    sharing.ensure_can_create(actor, KIND)
    clean, about, text = _checked(name, description, instructions)
    now = datetime.now(UTC)
    skill = Skill(
        organization_id=actor.organization_id,
        name=clean or "",
        description=about or "",
        instructions=text or "",
        owner_user_id=actor.user_id,
        visibility=(Visibility.PRIVATE if private else Visibility.ORGANIZATION).value,
        created_by_user_id=actor.user_id,
        updated_at=now,
    )
    async with ctx.transaction() as session:
        session.add(skill)
        await session.flush()
        await audit.record(
            session,
            actor,
            "skill.create",
            resource_type=KIND,
            resource_id=skill.id,
            summary={"name": skill.name, "visibility": skill.visibility},
            request_id=ctx.request_id,
        )
    return skill


async def update_skill(
    ctx: ServiceContext,
    skill_id: int,
    *,
    name: str | None,
    description: str | None,
    instructions: str | None,
) -> Skill:
    actor = ctx.require_actor()
    clean, about, text = _checked(name, description, instructions)
    async with ctx.transaction() as session:
        skill: Skill = await sharing.load_authorized(
            session, actor, KIND, skill_id, Permission.AGENTS_EDIT, for_update=True
        )
        edits = {"name": clean, "description": about, "instructions": text}
        await apply_edits(session, ctx, skill, edits, action="skill.update", resource_type=KIND)
    return skill


async def get_skill(ctx: ServiceContext, skill_id: int) -> Skill:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        skill: Skill = await sharing.load_authorized(
            session, actor, KIND, skill_id, Permission.AGENTS_VIEW
        )
    return skill


async def list_skills(
    ctx: ServiceContext, *, first: int, after: str | None, search: str | None = None
) -> Page[Skill]:
    """The skills the actor may view, newest first."""
    return await sharing.visible_page(ctx, Skill, KIND, first=first, after=after, search=search)


async def delete_skill(ctx: ServiceContext, skill_id: int) -> None:
    """Agents that listed it run without it from now on; their versions keep its id."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        skill: Skill = await sharing.load_authorized(
            session, actor, KIND, skill_id, Permission.AGENTS_EDIT, for_update=True
        )
        await session.delete(skill)
        await audit.record(
            session,
            actor,
            "skill.delete",
            resource_type=KIND,
            resource_id=skill_id,
            summary={"name": skill.name},
            request_id=ctx.request_id,
        )


async def visible_skills(ctx: ServiceContext, skill_ids: Sequence[int]) -> tuple[list[Skill], int]:
    """The skills among these the actor may view, in the given order, and how many others
    (hidden from it, or deleted) there are."""
    actor = ctx.require_actor()
    if not skill_ids:
        return [], 0
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(Skill).where(
                    col(Skill.id).in_(set(skill_ids)), sharing.visible_clause(actor, KIND)
                )
            )
        ).scalars()
        found = {s.id: s for s in rows}
    shown = [found[i] for i in skill_ids if i in found]
    return shown, len(skill_ids) - len(shown)


async def skills_for_run(
    session: AsyncSession, organization_id: int, skill_ids: Sequence[int]
) -> list[Skill]:
    """Every skill an agent lists that still exists, in its order: an agent uses them all
    when it runs, whoever runs it."""
    if not skill_ids:
        return []
    rows = (
        await session.execute(
            select(Skill).where(
                Skill.organization_id == organization_id, col(Skill.id).in_(set(skill_ids))
            )
        )
    ).scalars()
    found = {s.id: s for s in rows}
    return [found[i] for i in skill_ids if i in found]
