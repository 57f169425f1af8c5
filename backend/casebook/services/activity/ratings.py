"""Ratings: thumbs up or down with an optional comment, one per person and run.

A member rates a reply they may read (their own conversation, or any with
``runs:view``); rating again replaces their rating, and removing it leaves any
case taken from the reply where it is. Integrators record the ratings of their
end users and members in batches, idempotent by run and person. The newest
thumbs-down comment is what a case taken from the reply keeps as its note.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sqlalchemy import delete, select, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Membership, Rating, Run
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import RATING_VALUES
from casebook.domain.errors import FieldError
from casebook.domain.storable_text import text_problem
from casebook.services.activity.access import load_openable
from casebook.services.activity.traces.lookup import runs_of_spans
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, NotFound

COMMENT_MAX = 5_000
END_USER_MAX = 200
RATINGS_PER_REQUEST_MAX = 5_000


def _comment(comment: str | None, path: str, errors: list[FieldError]) -> str | None:
    if comment is None or not comment.strip():
        return None
    problem = text_problem(comment)
    if problem:
        errors.append(FieldError(path, problem))
        return None
    if len(comment) > COMMENT_MAX:
        errors.append(FieldError(path, f"must be at most {COMMENT_MAX:,} characters"))
        return None
    return comment.strip()


def _value(value: str, path: str, errors: list[FieldError]) -> str:
    if value not in RATING_VALUES:
        errors.append(FieldError(path, "must be UP or DOWN"))
    return value


async def readable_run(session: AsyncSession, actor: Actor, run_id: int) -> Run:
    """A run the actor may read - with runs:view, or in a conversation it may open."""
    run = await session.get(Run, run_id)
    if run is None or run.organization_id != actor.organization_id:
        raise NotFound("run")
    try:
        await load_openable(session, actor, run.conversation_id)
    except NotFound:
        raise NotFound("run") from None
    return run


async def rate_run(ctx: ServiceContext, run_id: int, *, value: str, comment: str | None) -> Rating:
    """The member's rating of a reply they may read; a second rating replaces the first."""
    actor = ctx.require_actor()
    errors: list[FieldError] = []
    value = _value(value, "value", errors)
    cleaned = _comment(comment, "comment", errors)
    if errors:
        raise BadUserInput(errors)
    async with ctx.transaction() as session:
        await readable_run(session, actor, run_id)
        await _upsert(
            session,
            actor.organization_id,
            [(run_id, f"user:{actor.user_id}", actor.user_id, None, value, cleaned)],
        )
        rating = (
            await session.execute(
                select(Rating).where(
                    Rating.run_id == run_id, Rating.rater_key == f"user:{actor.user_id}"
                )
            )
        ).scalar_one()
        await audit.record(
            session,
            actor,
            "run.rate",
            resource_type="run",
            resource_id=run_id,
            summary={"value": value, "with_comment": cleaned is not None},
            request_id=ctx.request_id,
        )
    return rating


async def remove_rating(ctx: ServiceContext, run_id: int) -> None:
    """The member's own rating goes; a case taken from the reply stays where it is."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        await readable_run(session, actor, run_id)
        removed = await session.execute(
            delete(Rating).where(
                Rating.run_id == run_id, Rating.rater_key == f"user:{actor.user_id}"
            )
        )
        if getattr(removed, "rowcount", 0) == 0:
            raise NotFound("rating")
        await audit.record(
            session,
            actor,
            "run.unrate",
            resource_type="run",
            resource_id=run_id,
            request_id=ctx.request_id,
        )


@dataclass(frozen=True)
class RatingDraft:
    run_id: int | None
    value: str
    comment: str | None = None
    member_user_id: int | None = None
    end_user: str | None = None
    # Instead of the run: the OpenTelemetry trace it was read from, and optionally one of
    # its spans (the trace's newest run without one).
    trace_id: str | None = None
    span_id: str | None = None


_UPSERT = text(
    """INSERT INTO ratings (organization_id, run_id, rater_key, rater_user_id,
           rater_end_user, value, comment)
       SELECT :org, u.run_id, u.rater_key, u.user_id, u.end_user, u.value, u.comment
       FROM unnest(CAST(:runs AS bigint[]), CAST(:keys AS text[]), CAST(:users AS bigint[]),
                   CAST(:end_users AS text[]), CAST(:values AS text[]),
                   CAST(:comments AS text[]))
            AS u(run_id, rater_key, user_id, end_user, value, comment)
       ON CONFLICT (run_id, rater_key) DO UPDATE
       SET value = EXCLUDED.value, comment = EXCLUDED.comment, updated_at = now()
       WHERE (ratings.value, ratings.comment) IS DISTINCT FROM (EXCLUDED.value, EXCLUDED.comment)"""
)


async def _upsert(
    session: AsyncSession,
    organization_id: int,
    rows: Sequence[tuple[int, str, int | None, str | None, str, str | None]],
) -> None:
    await session.execute(
        _UPSERT,
        {
            "org": organization_id,
            "runs": [r[0] for r in rows],
            "keys": [r[1] for r in rows],
            "users": [r[2] for r in rows],
            "end_users": [r[3] for r in rows],
            "values": [r[4] for r in rows],
            "comments": [r[5] for r in rows],
        },
    )


async def record_ratings(ctx: ServiceContext, drafts: Sequence[RatingDraft]) -> int:
    """Ratings people left, recorded by an integrator; the same rating twice is stored once.
    Returns how many were given. Needs runs:view; every run must be of the organization.
    A rating names its run, or the OpenTelemetry trace (and span) the run was read from."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    if len(drafts) > RATINGS_PER_REQUEST_MAX:
        raise BadUserInput.at("ratings", f"holds more than {RATINGS_PER_REQUEST_MAX:,} ratings")
    drafts = await _runs_named_by_traces(ctx, actor.organization_id, drafts)
    errors: list[FieldError] = []
    rows: list[tuple[int, str, int | None, str | None, str, str | None]] = []
    seen: set[tuple[int, str]] = set()
    for index, draft in enumerate(drafts):
        path = f"ratings.{index}"
        value = _value(draft.value, f"{path}.value", errors)
        cleaned = _comment(draft.comment, f"{path}.comment", errors)
        end_user = (draft.end_user or "").strip() or None
        if end_user is not None and (text_problem(end_user) or len(end_user) > END_USER_MAX):
            errors.append(FieldError(f"{path}.endUser", f"must be 1 to {END_USER_MAX} characters"))
            continue
        if (draft.member_user_id is None) == (end_user is None):
            errors.append(
                FieldError(
                    f"{path}.memberId", "name who rated: a member or an end user, one of the two"
                )
            )
            continue
        key = (
            f"user:{draft.member_user_id}"
            if draft.member_user_id is not None
            else f"end:{end_user}"
        )
        assert draft.run_id is not None
        if (draft.run_id, key) in seen:
            errors.append(FieldError(path, "this person rates this run twice in the request"))
            continue
        seen.add((draft.run_id, key))
        rows.append((draft.run_id, key, draft.member_user_id, end_user, value, cleaned))
    if errors:
        raise BadUserInput(errors)
    async with ctx.transaction() as session:
        await _check_refs(session, actor.organization_id, drafts)
        if rows:
            await _upsert(session, actor.organization_id, rows)
        await audit.record(
            session,
            actor,
            "activity.record_ratings",
            resource_type="run",
            summary={"ratings": len(rows)},
            request_id=ctx.request_id,
        )
    return len(rows)


def _trace_id_problem(value: str, size: int) -> bool:
    return len(value) != size or any(c not in "0123456789abcdefABCDEF" for c in value)


async def _runs_named_by_traces(
    ctx: ServiceContext, organization_id: int, drafts: Sequence[RatingDraft]
) -> list[RatingDraft]:
    """Each rating with its run: one named by a trace gets the run read from it."""
    errors: list[FieldError] = []
    wanted: list[tuple[str, str | None]] = []
    for index, draft in enumerate(drafts):
        path = f"ratings.{index}"
        if (draft.run_id is None) == (draft.trace_id is None):
            errors.append(FieldError(f"{path}.runId", "name the run: a runId or a traceId"))
        elif draft.trace_id is not None:
            if _trace_id_problem(draft.trace_id, 32):
                errors.append(FieldError(f"{path}.traceId", "must be 32 hex digits"))
            elif draft.span_id is not None and _trace_id_problem(draft.span_id, 16):
                errors.append(FieldError(f"{path}.spanId", "must be 16 hex digits"))
            else:
                wanted.append((draft.trace_id, draft.span_id))
        elif draft.span_id is not None:
            errors.append(FieldError(f"{path}.spanId", "names a span of the traceId given"))
    if errors:
        raise BadUserInput(errors)
    if not wanted:
        return list(drafts)
    async with ctx.reading() as session:
        found = await runs_of_spans(session, organization_id, wanted)
    resolved: list[RatingDraft] = []
    for index, draft in enumerate(drafts):
        if draft.trace_id is None:
            resolved.append(draft)
            continue
        run_id = found.get((draft.trace_id, draft.span_id))
        if run_id is None:
            errors.append(FieldError(f"ratings.{index}.traceId", "no run was read from it"))
        resolved.append(replace(draft, run_id=run_id))
    if errors:
        raise BadUserInput(errors)
    return resolved


async def _check_refs(
    session: AsyncSession, organization_id: int, drafts: Sequence[RatingDraft]
) -> None:
    runs = set(
        (
            await session.execute(
                select(col(Run.id)).where(
                    Run.organization_id == organization_id,
                    col(Run.id).in_({d.run_id for d in drafts}),
                )
            )
        ).scalars()
    )
    members = set(
        (
            await session.execute(
                select(col(Membership.user_id)).where(
                    Membership.organization_id == organization_id,
                    col(Membership.user_id).in_(
                        {d.member_user_id for d in drafts if d.member_user_id is not None}
                    ),
                )
            )
        ).scalars()
    )
    errors = [
        FieldError(f"ratings.{i}.runId", "run not found")
        for i, d in enumerate(drafts)
        if d.run_id not in runs
    ] + [
        FieldError(f"ratings.{i}.memberId", "not a member of this organization")
        for i, d in enumerate(drafts)
        if d.member_user_id is not None and d.member_user_id not in members
    ]
    if errors:
        raise BadUserInput(errors)
