"""Erasure of a person (spec: Personal data): an admin action, audited, run as a job.

Asking for it takes the person out of the organization at once (their membership, their
sessions and API keys there) and queues the job; the job then, a chunk per transaction,
reporting progress after each:

1. anonymises every case they asked (found by authorship, so also those whose
   conversation is gone), with what eval runs recorded for it;
2. replaces their turns, the agent's answers to them and their comment kept as note in
   cases somebody else asked;
3. clears the answer copy of scores of their runs (found by who asked, kept on the score,
   so also after the conversation was deleted), deletes their ratings, clears their
   name as the one who asked for a score or an eval run, or decided a score in review;
   deletes the case generator's drafts taken from their questions ("nobody chose to
   keep it") and replaces the prompt and reply of the generator's runs that quoted them;
4. deletes their conversations through the one deletion path (which deletes the drafts
   taken from them too);
5. for a member in no other organization, replaces their name and e-mail.

Each step finds only what is left, so a job run again after a crash goes on from there.
"""

from collections.abc import Callable, Coroutine
from typing import Any

from sqlalchemy import delete, exists, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.config import get_settings
from casebook.db.models import (
    ApiKey,
    AuditEntry,
    CaseAuthorship,
    Conversation,
    EvalRun,
    Generation,
    Job,
    Membership,
    ProposedCase,
    Rating,
    ReviewDecision,
    Score,
    User,
    UserSession,
)
from casebook.db.models.activity import END_USER_CHARS
from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor, holds
from casebook.domain.storable_text import text_problem
from casebook.services.activity.removal import remove_conversations
from casebook.services.erasure import case_text
from casebook.services.erasure.generator_runs import erase_generator_runs
from casebook.services.erasure.messages import erase_messages_in_others
from casebook.services.erasure.person import Person, answers_to, conversations_of
from casebook.services.erasure.scores import erase_score_answers
from casebook.services.kernel import audit, jobs
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Conflict, Forbidden, NotFound
from casebook.services.kernel.job_actor import actor_for_job, payload_identity
from casebook.services.kernel.records import Job as JobRecord

JOB_KIND = "erasure"
CONVERSATION_CHUNK = 500
ERASED_NAME = "Erased person"
PERSON_KIND = "person"


def checked_person(user_id: int | None, end_user: str | None, path: str) -> Person:
    """The person an admin names: a member's id or an end user's name, exactly one."""
    if (user_id is None) == (end_user is None):
        raise BadUserInput.at(path, "name exactly one of memberId and endUser")
    if end_user is not None:
        problem = text_problem(end_user)
        if problem is not None:
            raise BadUserInput.at(f"{path}.endUser", problem)
        name = end_user.strip()
        if not name or len(name) > END_USER_CHARS:
            raise BadUserInput.at(
                f"{path}.endUser", f"must be 1 to {END_USER_CHARS} characters, not blank"
            )
        return Person(end_user=name)
    return Person(user_id=user_id)


async def has_trace(session: AsyncSession, person: Person, organization_id: int) -> bool:
    """Whether the organization holds anything of the person."""
    found = select(
        or_(
            exists(select(col(Conversation.id)).where(conversations_of(person, organization_id))),
            exists(
                select(col(CaseAuthorship.case_id)).where(
                    CaseAuthorship.organization_id == organization_id,
                    or_(
                        person.matches(
                            CaseAuthorship.question_user_id, CaseAuthorship.question_end_user
                        ),
                        person.in_arrays(
                            CaseAuthorship.turn_user_ids, CaseAuthorship.turn_end_users
                        ),
                        person.matches(CaseAuthorship.note_user_id, CaseAuthorship.note_end_user),
                    ),
                )
            ),
            exists(
                select(col(Rating.id)).where(
                    Rating.organization_id == organization_id,
                    person.matches(Rating.rater_user_id, Rating.rater_end_user),
                )
            ),
            exists(select(col(Score.id)).where(answers_to(person, organization_id))),
            exists(
                select(col(Generation.id)).where(
                    Generation.organization_id == organization_id,
                    person.in_arrays(Generation.quoted_user_ids, Generation.quoted_end_users),
                )
            ),
        )
    )
    return bool((await session.execute(found)).scalar_one())


async def is_member(session: AsyncSession, organization_id: int, user_id: int) -> bool:
    found = select(col(Membership.id)).where(
        Membership.organization_id == organization_id, Membership.user_id == user_id
    )
    return (await session.execute(found)).first() is not None


async def _leave_organization(session: AsyncSession, actor: Actor, user_id: int) -> bool:
    """Take a member out of the organization now; whether they were one."""
    membership = (
        await session.execute(
            select(Membership)
            .where(
                Membership.organization_id == actor.organization_id,
                Membership.user_id == user_id,
            )
            .with_for_update()
        )
    ).scalar_one_or_none()
    if membership is None:
        return False
    if membership.role == Role.OWNER.value:
        if actor.role is not Role.OWNER:
            raise Forbidden("only an Owner erases an Owner")
        owners = (
            await session.execute(
                select(func.count()).where(
                    Membership.organization_id == actor.organization_id,
                    Membership.role == Role.OWNER.value,
                )
            )
        ).scalar_one()
        if owners <= 1:
            raise Conflict("an organization keeps at least one Owner")
    await session.delete(membership)
    await session.execute(
        delete(UserSession).where(
            UserSession.user_id == user_id, UserSession.organization_id == actor.organization_id
        )
    )
    await session.execute(
        delete(ApiKey).where(
            ApiKey.issuer_user_id == user_id, ApiKey.organization_id == actor.organization_id
        )
    )
    return True


async def request_erasure(ctx: ServiceContext, person: Person) -> JobRecord:
    """Erase a person from the organization: audited, then run as a job."""
    actor = ctx.require_permission(Permission.ORGANIZATION_MANAGE)
    if person.user_id is not None and person.user_id == actor.user_id:
        raise Conflict("you cannot erase yourself; another admin can")
    async with ctx.transaction() as session:
        member = person.user_id is not None and await _leave_organization(
            session, actor, person.user_id
        )
        if not member and not await has_trace(session, person, actor.organization_id):
            raise NotFound(PERSON_KIND)
        await audit.record(
            session,
            actor,
            "person.erase",
            resource_type=PERSON_KIND,
            resource_id=person.user_id,
            summary={**person.summary(), "was_member": member},
            request_id=ctx.request_id,
        )
    payload = {"user_id": person.user_id, "end_user": person.end_user, **payload_identity(actor)}
    return await jobs.enqueue(ctx, actor, JOB_KIND, payload)


Report = dict[str, Any]
Progress = Callable[[Report], Coroutine[Any, Any, None]]


async def _in_chunks(
    ctx: ServiceContext,
    step: Callable[[AsyncSession], Coroutine[Any, Any, int]],
    report: Report,
    counter: str,
    progress: Progress,
) -> None:
    while True:
        async with ctx.transaction() as session:
            done = await step(session)
        if not done:
            return
        report[counter] += done
        report["done"] += done
        await progress(report)


async def _runs_and_names(session: AsyncSession, person: Person, organization_id: int) -> Report:
    answered = answers_to(person, organization_id)
    cleared = await erase_score_answers(session, answered, None)
    # Nothing of theirs is left in those scores: who asked has nothing more to find.
    await session.execute(
        update(Score).where(answered).values(asked_by_user_id=None, asked_by_end_user=None)
    )
    drafts = await session.execute(
        delete(ProposedCase)
        .where(
            ProposedCase.organization_id == organization_id,
            person.matches(ProposedCase.asked_by_user_id, ProposedCase.asked_by_end_user),
        )
        .returning(col(ProposedCase.id))
    )
    ratings = await session.execute(
        delete(Rating)
        .where(
            Rating.organization_id == organization_id,
            person.matches(Rating.rater_user_id, Rating.rater_end_user),
        )
        .returning(col(Rating.id))
    )
    if person.user_id is not None:
        await session.execute(
            update(Score)
            .where(
                Score.organization_id == organization_id, Score.scored_by_user_id == person.user_id
            )
            .values(scored_by_user_id=None)
        )
        await session.execute(
            update(EvalRun)
            .where(
                EvalRun.organization_id == organization_id,
                EvalRun.started_by_user_id == person.user_id,
            )
            .values(started_by_user_id=None)
        )
        await session.execute(
            update(ReviewDecision)
            .where(
                ReviewDecision.organization_id == organization_id,
                ReviewDecision.decided_by_user_id == person.user_id,
            )
            .values(decided_by_user_id=None)
        )
        # The audit log keeps what was done to them, not their e-mail or name.
        await session.execute(
            update(AuditEntry)
            .where(
                AuditEntry.organization_id == organization_id,
                AuditEntry.resource_type == "user",
                AuditEntry.resource_id == person.user_id,
            )
            .values(summary=AuditEntry.summary.op("-")("email").op("-")("name"))  # type: ignore[attr-defined]
        )
    return {
        "scores_cleared": cleared,
        "ratings_removed": len(ratings.scalars().all()),
        "drafts_deleted": len(drafts.scalars().all()),
        "messages_replaced": await erase_messages_in_others(session, person, organization_id),
        "generator_runs_erased": await erase_generator_runs(session, person, organization_id),
    }


async def _forget_user(session: AsyncSession, user_id: int) -> bool:
    """A person in no organization any more keeps no name or e-mail (nor a way in)."""
    elsewhere = (
        await session.execute(select(func.count()).where(Membership.user_id == user_id))
    ).scalar_one()
    if elsewhere:
        return False
    await session.execute(
        update(User)
        .where(col(User.id) == user_id)
        .values(name=ERASED_NAME, email=f"erased-{user_id}@erased.invalid", password_hash="!")
    )
    await session.execute(delete(UserSession).where(UserSession.user_id == user_id))
    await session.execute(delete(ApiKey).where(ApiKey.issuer_user_id == user_id))
    return True


async def erase_person(
    ctx: ServiceContext, person: Person, progress: Progress, job_id: int | None = None
) -> Report:
    actor = ctx.require_permission(Permission.ORGANIZATION_MANAGE)
    org = actor.organization_id
    async with ctx.reading() as session:
        asked, others = await case_text.count_cases(session, person, org)
        conversations = (
            await session.execute(select(func.count()).where(conversations_of(person, org)))
        ).scalar_one()
    report: Report = {
        "phase": "cases",
        "total": asked + others + int(conversations),
        "done": 0,
        "cases_anonymised": 0,
        "cases_with_turns_erased": 0,
        "conversations_removed": 0,
    }
    await progress(report)

    async def anonymise(session: AsyncSession) -> int:
        return await case_text.anonymise_cases(
            session, await case_text.next_asked(session, person, org)
        )

    async def turns(session: AsyncSession) -> int:
        return await case_text.erase_turns(
            session, person, await case_text.next_with_turns(session, person, org)
        )

    async def conversations_step(session: AsyncSession) -> int:
        ids = (
            await session.execute(
                select(col(Conversation.id))
                .where(conversations_of(person, org))
                .limit(CONVERSATION_CHUNK)
            )
        ).scalars()
        return await remove_conversations(session, org, [i for i in ids if i is not None])

    await _in_chunks(ctx, anonymise, report, "cases_anonymised", progress)
    report["phase"] = "history"
    await _in_chunks(ctx, turns, report, "cases_with_turns_erased", progress)
    report["phase"] = "runs"
    async with ctx.transaction() as session:
        report.update(await _runs_and_names(session, person, org))
    await progress(report)
    report["phase"] = "conversations"
    await _in_chunks(ctx, conversations_step, report, "conversations_removed", progress)
    report["phase"] = "finished"
    async with ctx.transaction() as session:
        report["forgotten"] = person.user_id is not None and await _forget_user(
            session, person.user_id
        )
        summary = {**person.summary(), **{k: v for k, v in report.items() if k != "phase"}}
        await audit.record(
            session,
            actor,
            "person.erased",
            resource_type=PERSON_KIND,
            resource_id=person.user_id,
            summary=summary,
            request_id=ctx.request_id,
        )
        if job_id is not None:
            # The job asked for it by name; once done, it keeps no name.
            await session.execute(
                update(Job)
                .where(col(Job.id) == job_id)
                .values(payload=Job.payload.op("-")("end_user"))  # type: ignore[attr-defined]
            )
    return report


@jobs.job_handler(JOB_KIND)
async def erasure_job(run: jobs.JobRun) -> Report:
    actor = await actor_for_job(run.sessionmaker, run.job)
    if not holds(actor, Permission.ORGANIZATION_MANAGE):
        raise Forbidden("the person who asked for this erasure no longer manages the organization")
    ctx = ServiceContext(run.sessionmaker, run.redis, run.settings or get_settings(), actor=actor)
    payload = run.job.payload
    if payload.get("user_id") is None and payload.get("end_user") is None:
        return dict(run.job.result or {})  # finished before: the name is already gone
    person = Person(user_id=payload.get("user_id"), end_user=payload.get("end_user"))
    return await erase_person(ctx, person, run.progress, run.job.id)
