"""A person's data export: everything the organization holds that they wrote or that was
about them, as one JSON file - their conversations with the agents' answers, their
ratings, the cases that hold their words (found by authorship, so also those whose
conversation is gone) and the score answer copies of their runs. Admins only, audited.

Authorship itself is never exported: the file lists the cases and the words, not the
bookkeeping that found them. The case generator's drafts taken from their questions and
conversations are listed too.
"""

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import (
    CaseAuthorship,
    CaseRevision,
    Conversation,
    Dataset,
    Message,
    ProposedCase,
    Rating,
    Run,
    RunStep,
    Score,
    User,
)
from casebook.domain.access.catalog import Permission
from casebook.services.erasure.erasure import has_trace, is_member
from casebook.services.erasure.person import Person, answers_to, conversations_of
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import NotFound

CONTENT_TYPE = "application/json"
PERSON_KIND = "person"


@dataclass(frozen=True)
class PersonExport:
    filename: str
    content_type: str
    content: str


def _at(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


async def _conversations(session: AsyncSession, person: Person, org: int) -> list[dict[str, Any]]:
    held = list(
        (
            await session.execute(
                select(Conversation)
                .where(conversations_of(person, org))
                .order_by(col(Conversation.id))
            )
        ).scalars()
    )
    ids = [c.id for c in held]
    messages: dict[int, list[dict[str, Any]]] = {}
    for m in (
        await session.execute(
            select(Message)
            .where(col(Message.conversation_id).in_(ids))
            .order_by(col(Message.conversation_id), col(Message.position))
        )
    ).scalars():
        messages.setdefault(m.conversation_id, []).append(
            {"position": m.position, "role": m.role, "content": m.content, "at": _at(m.created_at)}
        )
    steps: dict[int, list[dict[str, Any]]] = {}
    for run_id, step in await session.execute(
        select(col(Run.conversation_id), RunStep)
        .join(Run, col(Run.id) == RunStep.run_id)
        .where(col(Run.conversation_id).in_(ids))
        .order_by(col(RunStep.run_id), col(RunStep.position))
    ):
        steps.setdefault(run_id, []).append(
            {
                "run_id": step.run_id,
                "kind": step.kind,
                "text": step.text,
                "tool": step.tool_name,
                "arguments": step.arguments,
                "result": step.result,
            }
        )
    # What a run read from OpenTelemetry spans kept of them beyond its steps.
    attributes: dict[int, list[dict[str, Any]]] = {}
    for conversation_id, run_id, kept in await session.execute(
        select(col(Run.conversation_id), col(Run.id), col(Run.attributes))
        .where(col(Run.conversation_id).in_(ids), col(Run.attributes).is_not(None))
        .order_by(col(Run.id))
    ):
        attributes.setdefault(conversation_id, []).append({"run_id": run_id, "attributes": kept})
    return [
        {
            "id": c.id,
            "title": c.title,
            "created_at": _at(c.created_at),
            "messages": messages.get(c.id or 0, []),
            "agent_steps": steps.get(c.id or 0, []),
            **({"run_attributes": attributes[c.id]} if c.id in attributes else {}),
        }
        for c in held
    ]


async def _cases(session: AsyncSession, person: Person, org: int) -> list[dict[str, Any]]:
    found = (
        await session.execute(
            select(col(CaseAuthorship.case_id), col(Dataset.name), col(Dataset.id))
            .join(CaseRevision, col(CaseRevision.case_id) == CaseAuthorship.case_id)
            .join(Dataset, col(Dataset.id) == CaseRevision.dataset_id)
            .where(
                CaseAuthorship.organization_id == org,
                or_(
                    person.matches(
                        CaseAuthorship.question_user_id, CaseAuthorship.question_end_user
                    ),
                    person.in_arrays(CaseAuthorship.turn_user_ids, CaseAuthorship.turn_end_users),
                    person.matches(CaseAuthorship.note_user_id, CaseAuthorship.note_end_user),
                ),
            )
            .distinct()
        )
    ).all()
    by_case = {int(case_id): (name, dataset_id) for case_id, name, dataset_id in found}
    revisions: dict[int, list[dict[str, Any]]] = {}
    for r in (
        await session.execute(
            select(CaseRevision)
            .where(col(CaseRevision.case_id).in_(list(by_case)))
            .order_by(col(CaseRevision.case_id), col(CaseRevision.revision))
        )
    ).scalars():
        revisions.setdefault(r.case_id, []).append({"revision": r.revision, "content": r.content})
    # Which of the case's words are theirs is its authorship, never exported: the file
    # lists the case and its revisions, nothing that says who wrote what.
    return [
        {
            "case_id": case_id,
            "dataset_id": dataset_id,
            "dataset": name,
            "revisions": revisions.get(case_id, []),
        }
        for case_id, (name, dataset_id) in sorted(by_case.items())
    ]


async def _ratings(session: AsyncSession, person: Person, org: int) -> list[dict[str, Any]]:
    rows = await session.execute(
        select(Rating)
        .where(
            Rating.organization_id == org,
            person.matches(Rating.rater_user_id, Rating.rater_end_user),
        )
        .order_by(col(Rating.id))
    )
    return [
        {"run_id": r.run_id, "value": r.value, "comment": r.comment, "at": _at(r.updated_at)}
        for r in rows.scalars()
    ]


async def _score_copies(session: AsyncSession, person: Person, org: int) -> list[dict[str, Any]]:
    rows = await session.execute(
        select(Score).where(answers_to(person, org)).order_by(col(Score.id))
    )
    return [
        {
            "score_id": s.id,
            "dataset_id": s.dataset_id,
            "case_id": s.case_id,
            "run_id": s.source_run_id,
            "outcome": s.outcome,
            "answer": s.answer_text,
            "at": _at(s.created_at),
        }
        for s in rows.scalars()
    ]


async def _drafts(session: AsyncSession, person: Person, org: int) -> list[dict[str, Any]]:
    held = select(col(Conversation.id)).where(conversations_of(person, org))
    rows = await session.execute(
        select(ProposedCase)
        .where(
            ProposedCase.organization_id == org,
            or_(
                person.matches(ProposedCase.asked_by_user_id, ProposedCase.asked_by_end_user),
                col(ProposedCase.conversation_id).in_(held.scalar_subquery()),
            ),
        )
        .order_by(col(ProposedCase.id))
    )
    return [
        {
            "proposed_case_id": d.id,
            "dataset_id": d.dataset_id,
            "conversation_id": d.conversation_id,
            "content": d.content,
            "at": _at(d.created_at),
        }
        for d in rows.scalars()
    ]


async def _who(session: AsyncSession, person: Person) -> dict[str, Any]:
    if person.end_user is not None:
        return {"end_user": person.end_user}
    user = await session.get(User, person.user_id)
    assert user is not None
    return {"member": {"id": user.id, "name": user.name, "email": user.email}}


async def export_person(ctx: ServiceContext, person: Person) -> PersonExport:
    """The person's data as a JSON file; "person not found" when the organization holds
    nothing of them, as for one that never existed."""
    actor = ctx.require_permission(Permission.ORGANIZATION_MANAGE)
    org = actor.organization_id
    async with ctx.transaction() as session:
        member = person.user_id is not None and await is_member(session, org, person.user_id)
        if not member and not await has_trace(session, person, org):
            raise NotFound(PERSON_KIND)
        document = {
            "person": await _who(session, person),
            "organization_id": org,
            "exported_at": datetime.now(UTC).isoformat(),
            "conversations": await _conversations(session, person, org),
            "ratings": await _ratings(session, person, org),
            "cases": await _cases(session, person, org),
            "score_answer_copies": await _score_copies(session, person, org),
            "proposed_cases": await _drafts(session, person, org),
        }
        await audit.record(
            session,
            actor,
            "person.export",
            resource_type=PERSON_KIND,
            resource_id=person.user_id,
            summary={
                **person.summary(),
                "conversations": len(document["conversations"]),
                "cases": len(document["cases"]),
                "score_answer_copies": len(document["score_answer_copies"]),
            },
            request_id=ctx.request_id,
        )
    name = f"person-{person.user_id}" if person.user_id is not None else "end-user"
    return PersonExport(
        filename=f"{name}-data.json",
        content_type=CONTENT_TYPE,
        content=orjson.dumps(document, option=orjson.OPT_INDENT_2).decode(),
    )
