"""Reading Activity: runs (keyset-paged, filtered), a run with its steps and ratings.

``runs:view`` reads every run of the organization; anyone else reads the runs of
the conversations they may open (their own, or shared with them). A run one may
not read is "not found". A page of runs costs a constant number of statements:
the page itself (with its question, reply and agent name joined in), then its
steps and its ratings, each in one statement for the whole page.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, exists, not_, select
from sqlalchemy.orm import aliased
from sqlmodel import col

from casebook.db.models import Agent, Conversation, Message, Rating, Run, RunStep
from casebook.db.pagination import Page, check_page_size, decode_cursor, encode_cursor
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import RATING_VALUES
from casebook.services.activity.access import openable_clause
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, NotFound

RATING_FILTERS = (*RATING_VALUES, "unrated", "rated")


@dataclass(frozen=True)
class RunFilter:
    agent_id: int | None = None
    conversation_id: int | None = None
    # "up" / "down": has such a rating; "rated" / "unrated": has any / none.
    rating: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    isolated: bool | None = None
    eval: bool | None = None


@dataclass(frozen=True)
class RunView:
    run: Run
    answer: str
    question: str | None
    agent_name: str
    conversation_owner_user_id: int | None
    conversation_end_user: str | None
    conversation_visibility: str


_Question = aliased(Message)
_Reply = aliased(Message)


def _base(actor: Actor) -> Any:
    return (
        select(
            Run,
            col(_Reply.content),
            col(_Question.content),
            col(Agent.name),
            col(Conversation.owner_user_id),
            col(Conversation.end_user),
            col(Conversation.visibility),
        )
        .join(Conversation, Conversation.id == Run.conversation_id)
        .join(Agent, Agent.id == Run.agent_id)
        .join(_Reply, _Reply.id == Run.message_id)
        .outerjoin(_Question, _Question.id == Run.question_message_id)
        .where(Run.organization_id == actor.organization_id, openable_clause(actor))
    )


def _view(row: Any) -> RunView:
    run, answer, question, agent_name, owner, end_user, visibility = row
    return RunView(run, answer, question, agent_name, owner, end_user, visibility)


def _has_rating(value: str | None = None) -> Any:
    conditions = [Rating.run_id == Run.id]
    if value is not None:
        conditions.append(Rating.value == value)
    return exists().where(and_(*conditions))


def _filtered(query: Any, where: RunFilter) -> Any:
    if where.rating is not None and where.rating not in RATING_FILTERS:
        raise BadUserInput.at("filter.rating", f"must be one of {', '.join(RATING_FILTERS)}")
    if where.since and where.until and where.since > where.until:
        raise BadUserInput.at("filter.until", "must not be before since")
    if where.agent_id is not None:
        query = query.where(Run.agent_id == where.agent_id)
    if where.conversation_id is not None:
        query = query.where(Run.conversation_id == where.conversation_id)
    if where.rating in RATING_VALUES:
        query = query.where(_has_rating(where.rating))
    elif where.rating == "rated":
        query = query.where(_has_rating())
    elif where.rating == "unrated":
        query = query.where(not_(_has_rating()))
    if where.since is not None:
        query = query.where(col(Run.started_at) >= where.since)
    if where.until is not None:
        query = query.where(col(Run.started_at) < where.until)
    if where.isolated is not None:
        query = query.where(Run.isolated == where.isolated)
    if where.eval is not None:
        query = query.where(Run.eval == where.eval)
    return query


async def list_runs(
    ctx: ServiceContext, *, where: RunFilter, first: int, after: str | None
) -> Page[RunView]:
    """Newest first."""
    actor = ctx.require_actor()
    check_page_size(first)
    query = _filtered(_base(actor), where)
    if after is not None:
        query = query.where(col(Run.id) < decode_cursor(after))
    query = query.order_by(col(Run.id).desc()).limit(first + 1)
    async with ctx.reading() as session:
        rows = (await session.execute(query)).all()
    views = [_view(r) for r in rows[:first]]
    return Page(views, [encode_cursor(v.run.id or 0) for v in views], len(rows) > first)


async def get_run(ctx: ServiceContext, run_id: int) -> RunView:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        row = (await session.execute(_base(actor).where(Run.id == run_id))).first()
    if row is None:
        raise NotFound("run")
    return _view(row)


async def runs_of_messages(ctx: ServiceContext, message_ids: Sequence[int]) -> list[RunView | None]:
    """The run that wrote each agent message (None for a question), in one statement."""
    actor = ctx.require_actor()
    if not message_ids:
        return []
    async with ctx.reading() as session:
        rows = (
            await session.execute(_base(actor).where(col(Run.message_id).in_(set(message_ids))))
        ).all()
    found = {v.run.message_id: v for v in map(_view, rows)}
    return [found.get(i) for i in message_ids]


async def steps_of_runs(ctx: ServiceContext, run_ids: Sequence[int]) -> list[list[RunStep]]:
    """Each run's steps in order, in one statement, for runs already read under access."""
    actor = ctx.require_actor()
    if not run_ids:
        return []
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(RunStep)
                .join(Run, Run.id == RunStep.run_id)
                .where(
                    Run.organization_id == actor.organization_id,
                    col(RunStep.run_id).in_(set(run_ids)),
                )
                .order_by(col(RunStep.run_id), col(RunStep.position))
            )
        ).scalars()
        grouped: dict[int, list[RunStep]] = {}
        for step in rows:
            grouped.setdefault(step.run_id, []).append(step)
    return [grouped.get(i, []) for i in run_ids]


async def ratings_of_runs(ctx: ServiceContext, run_ids: Sequence[int]) -> list[list[Rating]]:
    """Each run's ratings, newest first, in one statement."""
    actor = ctx.require_actor()
    if not run_ids:
        return []
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(Rating)
                .where(
                    Rating.organization_id == actor.organization_id,
                    col(Rating.run_id).in_(set(run_ids)),
                )
                .order_by(col(Rating.updated_at).desc(), col(Rating.id).desc())
            )
        ).scalars()
        grouped: dict[int, list[Rating]] = {}
        for rating in rows:
            grouped.setdefault(rating.run_id, []).append(rating)
    return [grouped.get(i, []) for i in run_ids]
