"""Work items held under a lease: claiming them, renewing, giving them back.

A worker claims items in one statement (``FOR UPDATE SKIP LOCKED``): as many to answer as
the run's concurrency and the organization's (``eval_concurrency_per_organization``)
leave room for - answers in flight counted over every worker, under one advisory lock per
organization - and answered items nobody holds, to score again. Its leases are renewed
while it works; an item whose lease ran out (its worker died) is claimed by another:
asked again when no answer was stored, scored again when one was.

A local agent's items are claimed the same way by its clients (``client_work``): the
same bounds count them, a client's claim is a holder of its own, and a worker never
claims them to answer (``answering`` names the run's agents a holder answers for).
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import EvalItem, EvalRun, EvalRunAgent
from casebook.domain.agents.model import CLIENT_ANSWERED_KINDS
from casebook.domain.evals.progress import (
    ACTIVE,
    ANSWERED,
    ANSWERING,
    CONFIRMING,
    DROPPED,
    PENDING,
    RUNNING,
)

# One advisory-lock namespace: claims of one organization's runs take turns.
CLAIM_LOCK_NAMESPACE = 1_202_612
RESCORE_BATCH = 200


@dataclass(frozen=True)
class Holder:
    run_id: int
    organization_id: int
    owner: str
    lease: timedelta

    @cached_property
    def expires(self) -> ColumnElement[datetime]:
        """When a lease taken or renewed now runs out, by the database's clock (built once:
        SQLAlchemy takes a while to build it, and a worker claims many times a second)."""
        return func.now() + self.lease


@dataclass(frozen=True)
class Claimed:
    status: str
    to_answer: list[EvalItem]
    to_score: list[EvalItem]


async def _room(
    session: AsyncSession,
    holder: Holder,
    concurrency: int,
    per_organization: int,
    answered_in_hand: Sequence[int],
) -> int:
    """How many more items may be asked: the run's and the organization's answers in
    flight counted over every worker, once the organization's lock is held. A number
    read first, then the limit of the lease: a limit written as a subquery of the same
    statement let PostgreSQL lease every pending item at once."""
    live = and_(col(EvalItem.status) == ANSWERING, col(EvalItem.lease_expires_at) > func.now())
    if answered_in_hand:
        live = and_(live, col(EvalItem.id).not_in(list(answered_in_hand)))
    in_run, in_organization = (
        await session.execute(
            select(func.count().filter(col(EvalItem.run_id) == holder.run_id), func.count())
            .select_from(EvalItem)
            .join(EvalRun, col(EvalRun.id) == col(EvalItem.run_id))
            .where(
                EvalRun.organization_id == holder.organization_id,
                col(EvalRun.status).in_(ACTIVE),
                live,
            )
        )
    ).one()
    return min(concurrency - int(in_run), per_organization - int(in_organization))


async def _lease(session: AsyncSession, chosen: Select[Any], **values: Any) -> list[EvalItem]:
    """Lease the items ``chosen`` selects (their ids, limited), locking them and skipping
    those another worker is locking.

    The selection is a materialized CTE, run exactly once. Written as
    ``WHERE id IN (subquery)``, PostgreSQL may plan a nested-loop semi join that runs the
    subquery again for every row of the table; each run skips the rows this statement has
    just updated, so its ``LIMIT`` chooses new ones, and the statement leases every
    matching item. It does so when the table's statistics were taken while it was
    nearly empty - a claim of 3 once leased all 12 items of a run."""
    locked = chosen.with_for_update(skip_locked=True).cte("chosen").prefix_with("MATERIALIZED")
    leased = await session.execute(
        update(EvalItem)
        .where(col(EvalItem.id) == locked.c.id)
        .values(**values)
        .returning(EvalItem)
        .execution_options(synchronize_session=False)
    )
    return list(leased.scalars())


async def claim(
    session: AsyncSession,
    holder: Holder,
    *,
    concurrency: int,
    per_organization: int,
    answered_in_hand: Sequence[int] = (),
    rescore: bool = True,
    answering: Collection[int] | None = None,
    limit: int | None = None,
    ready: tuple[str, ...] = (RUNNING, CONFIRMING),
    cases: Collection[int] | None = None,
    busy: Collection[int] = (),
) -> Claimed:
    """The run's status, items to answer and (with ``rescore``) items to score again,
    leased to the holder. ``answered_in_hand``: the holder's items whose agent has
    replied, their answers not yet stored - no longer in flight at the agent, so not
    counted against the bounds. ``answering``: the run's agents (their ``eval_run_agents``
    ids) whose items the holder answers, all when None; ``limit``: at most this many to
    answer; ``ready``: the run's statuses in which items are handed out; ``cases``: only
    items of these cases, any when None; ``busy``: the holder's items it is still working
    on, never handed to it again, even when their lease ran out (PostgreSQL was away
    while their answers came: they are stored, not asked again).

    A claim is at most four statements, every one a round trip taken while the worker's
    event loop is busy with answers: the run's status read as the organization's lock is
    taken; the answers in flight counted; the items leased, as many as there is room for;
    the answered items nobody holds (when asked for)."""
    status = (
        await session.execute(
            select(
                col(EvalRun.status),
                func.pg_advisory_xact_lock(CLAIM_LOCK_NAMESPACE, holder.organization_id % 2**31),
            ).where(EvalRun.id == holder.run_id)
        )
    ).one()[0]
    to_answer: list[EvalItem] = []
    room = 0
    if status in ready and (answering is None or answering) and (limit is None or limit > 0):
        room = await _room(session, holder, concurrency, per_organization, answered_in_hand)
        if limit is not None:
            room = min(room, limit)
    if room > 0:
        for_agents = (
            [col(EvalItem.run_agent_id).in_(sorted(answering))] if answering is not None else []
        )
        if cases is not None:
            for_agents.append(col(EvalItem.case_id).in_(sorted(cases)))
        if busy:
            for_agents.append(col(EvalItem.id).not_in(sorted(busy)))
        claimable = (
            select(col(EvalItem.id))
            .where(
                EvalItem.run_id == holder.run_id,
                *for_agents,
                or_(
                    col(EvalItem.status) == PENDING,
                    and_(
                        col(EvalItem.status) == ANSWERING,
                        col(EvalItem.lease_expires_at) <= func.now(),
                    ),
                ),
            )
            .order_by(col(EvalItem.id))
            .limit(room)
        )
        to_answer = await _lease(
            session,
            claimable,
            status=ANSWERING,
            lease_owner=holder.owner,
            lease_expires_at=holder.expires,
            attempts=EvalItem.attempts + 1,
        )
    to_score: list[EvalItem] = []
    if rescore:
        rescorable = (
            select(col(EvalItem.id))
            .where(
                EvalItem.run_id == holder.run_id,
                col(EvalItem.status) == ANSWERED,
                or_(
                    col(EvalItem.lease_owner).is_(None),
                    col(EvalItem.lease_expires_at) <= func.now(),
                ),
            )
            .order_by(col(EvalItem.id))
            .limit(RESCORE_BATCH)
        )
        to_score = await _lease(
            session, rescorable, lease_owner=holder.owner, lease_expires_at=holder.expires
        )
    return Claimed(status, sorted(to_answer, key=lambda i: i.id or 0), to_score)


async def still_held(
    session: AsyncSession, holder: Holder, item_ids: list[int], status: str
) -> set[int]:
    """Which of the items the holder still holds in ``status``, locked for this transaction."""
    if not item_ids:
        return set()
    rows = await session.execute(
        select(col(EvalItem.id))
        .where(
            col(EvalItem.id).in_(item_ids),
            EvalItem.status == status,
            EvalItem.lease_owner == holder.owner,
        )
        .with_for_update()
    )
    return {row for row in rows.scalars() if row is not None}


async def remaining(session: AsyncSession, run_id: int) -> int:
    """Items not yet scored (nor dropped)."""
    return int(
        (
            await session.execute(
                select(func.count())
                .select_from(EvalItem)
                .where(
                    EvalItem.run_id == run_id,
                    col(EvalItem.status).in_((PENDING, ANSWERING, ANSWERED)),
                )
            )
        ).scalar_one()
    )


async def renew(session: AsyncSession, holder: Holder) -> None:
    await session.execute(
        update(EvalItem)
        .where(
            EvalItem.run_id == holder.run_id,
            EvalItem.lease_owner == holder.owner,
            col(EvalItem.status).in_((ANSWERING, ANSWERED)),
        )
        .values(lease_expires_at=holder.expires)
    )


async def let_go(session: AsyncSession, holder: Holder) -> None:
    """Give back what the holder holds, so the next worker takes it at once: items being
    asked go back to waiting (their answers were not stored), answered items stay
    answered, held by nobody."""
    mine = and_(EvalItem.run_id == holder.run_id, EvalItem.lease_owner == holder.owner)
    await session.execute(
        update(EvalItem)
        .where(mine, EvalItem.status == ANSWERING)
        .values(status=PENDING, lease_owner=None, lease_expires_at=None)
    )
    await session.execute(
        update(EvalItem)
        .where(mine, EvalItem.status == ANSWERED)
        .values(lease_owner=None, lease_expires_at=None)
    )


async def drop_unasked(session: AsyncSession, run_id: int) -> None:
    """A run that ended: items never asked, and items whose worker died while asking, are
    dropped - none is asked any more."""
    await session.execute(
        update(EvalItem)
        .where(
            EvalItem.run_id == run_id,
            or_(
                col(EvalItem.status) == PENDING,
                and_(
                    col(EvalItem.status) == ANSWERING,
                    col(EvalItem.lease_expires_at) < func.now(),
                ),
            ),
        )
        .values(status=DROPPED, lease_owner=None, lease_expires_at=None)
    )


async def waits_for_a_worker(session: AsyncSession, run_id: int) -> bool:
    """Whether the run has work only a worker does: items of an agent the server calls still
    to answer, or answered items nobody holds to score. A run whose remaining items are all
    a local agent's, unanswered, waits for its clients alone."""
    called = (
        select(col(EvalRunAgent.id))
        .where(
            EvalRunAgent.run_id == run_id,
            col(EvalRunAgent.agent_kind).not_in(CLIENT_ANSWERED_KINDS),
        )
        .scalar_subquery()
    )
    unheld = or_(col(EvalItem.lease_owner).is_(None), col(EvalItem.lease_expires_at) <= func.now())
    found = await session.execute(
        select(col(EvalItem.id))
        .where(
            EvalItem.run_id == run_id,
            or_(
                and_(col(EvalItem.status) == ANSWERED, unheld),
                and_(
                    col(EvalItem.status).in_((PENDING, ANSWERING)),
                    col(EvalItem.run_agent_id).in_(called),
                ),
            ),
        )
        .limit(1)
    )
    return found.first() is not None
