"""Reading eval runs, and cancelling one (spec: "Access" - runs:view before anything).

Every read checks ``runs:view`` first, then ``datasets:view`` on the run's dataset: a
run of a dataset the reader may not see is "eval run not found", exactly as a run that
never existed. Cancelling needs ``datasets:run`` on the dataset; the run stops taking
new work, items already asked finish, and none is asked again.
"""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Dataset, EvalItem, EvalRun, EvalRunAgent, User
from casebook.db.pagination import Page, keyset_page
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.evals.progress import ACTIVE, CANCELLED, DROPPED, PENDING
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.evals import channels
from casebook.services.evals.counters import advance
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import Conflict, ServiceError

LABEL = "eval run"


async def load_runs(
    session: AsyncSession, actor: Actor, run_ids: list[int], permission: Permission
) -> dict[int, EvalRun | ServiceError]:
    """Each run when the actor may do ``permission`` on its dataset, else the refusal."""
    found = await sharing.load_children_authorized(
        session,
        actor,
        DATASET_KIND,
        EvalRun,
        run_ids,
        permission,
        parent_key=EvalRun.dataset_id,
        label=LABEL,
    )
    return {i: v if isinstance(v, ServiceError) else v[0] for i, v in found.items()}


async def load_run(
    session: AsyncSession, actor: Actor, run_id: int, permission: Permission
) -> EvalRun:
    found = (await load_runs(session, actor, [run_id], permission))[run_id]
    if isinstance(found, ServiceError):
        raise found
    return found


async def eval_runs_by_id(ctx: ServiceContext, run_ids: list[int]) -> list[EvalRun | ServiceError]:
    """For a dataloader: each run the reader may see, else not found; one statement."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.reading() as session:
        found = await load_runs(session, actor, run_ids, Permission.DATASETS_VIEW)
    return [found[i] for i in run_ids]


async def get_eval_run(ctx: ServiceContext, run_id: int) -> EvalRun:
    """The run; NotFound unless the reader holds runs:view and datasets:view on its dataset."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.reading() as session:
        return await load_run(session, actor, run_id, Permission.DATASETS_VIEW)


async def progress_of(ctx: ServiceContext, run_id: int) -> dict[str, Any]:
    """The progress payload the run's channel carries, read from PostgreSQL."""
    return channels.progress_payload(await get_eval_run(ctx, run_id))


async def list_eval_runs(
    ctx: ServiceContext, *, dataset_id: int | None, first: int, after: str | None
) -> Page[EvalRun]:
    """Runs of datasets the reader may see, newest first; of one dataset when named."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    query: Any = select(EvalRun).where(EvalRun.organization_id == actor.organization_id)
    async with ctx.reading() as session:
        if dataset_id is not None:
            await sharing.load_authorized(
                session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
            )
            query = query.where(EvalRun.dataset_id == dataset_id)
        else:
            visible = sharing.visible_clause(actor, DATASET_KIND, Permission.DATASETS_VIEW)
            query = query.join(Dataset, col(Dataset.id) == EvalRun.dataset_id).where(visible)
        return await keyset_page(
            session,
            query,
            col(EvalRun.id),
            first=first,
            after=after,
            descending=True,
            with_total=True,
        )


async def agents_of_runs(ctx: ServiceContext, run_ids: list[int]) -> list[list[EvalRunAgent]]:
    """Each run's agents in the order they were chosen (runs already authorized)."""
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(EvalRunAgent)
                .where(col(EvalRunAgent.run_id).in_(run_ids))
                .order_by(col(EvalRunAgent.run_id), col(EvalRunAgent.position))
            )
        ).scalars()
        grouped: dict[int, list[EvalRunAgent]] = {}
        for row in rows:
            grouped.setdefault(row.run_id, []).append(row)
    return [grouped.get(i, []) for i in run_ids]


async def names_of_users(ctx: ServiceContext, user_ids: list[int]) -> list[str | None]:
    async with ctx.reading() as session:
        rows = await session.execute(
            select(col(User.id), col(User.name)).where(col(User.id).in_(user_ids))
        )
        names = {user_id: name for user_id, name in rows}
    return [names.get(i) for i in user_ids]


async def cancel_eval_run(ctx: ServiceContext, run_id: int) -> EvalRun:
    """Stop the run: nothing more is asked; what is in flight finishes or is dropped."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.transaction() as session:
        run = await load_run(session, actor, run_id, Permission.DATASETS_RUN)
        who = (await session.get(User, actor.user_id)) if actor.user_id else None
        reason = f"cancelled by {who.name}" if who is not None else "cancelled"
        # Its items before its row, as every writer of both (``settling``).
        await session.execute(
            update(EvalItem)
            .where(col(EvalItem.run_id) == run_id, col(EvalItem.status) == PENDING)
            .values(status=DROPPED)
        )
        moved = await advance(
            session,
            run_id,
            status=CANCELLED,
            status_reason=reason,
            only_from=ACTIVE,
            finished_at=datetime.now(UTC),
        )
        if moved is None:
            raise Conflict(f"this eval run has already ended ({run.status})")
        await audit.record(
            session,
            actor,
            "eval_run.cancel",
            resource_type=DATASET_KIND,
            resource_id=run.dataset_id,
            summary={"eval_run_id": run_id},
            request_id=ctx.request_id,
        )
    await channels.publish_progress(ctx.redis, channels.progress_payload(moved))
    await channels.publish_run_event(ctx.redis, moved.organization_id, channels.FINISHED, run_id)
    return moved
