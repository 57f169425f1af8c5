"""Metering and budgets (DESIGN: "Budgets and metering").

Every model call is recorded against the organization and the helper that
made it (``model_usage``). A budget is a monthly USD limit, UTC calendar
month, for the whole organization or for one helper; once what was spent
this month reaches it, the next call of that helper is stopped before it is
made, and the reason names the budget.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.engine import SessionMaker, reading_session
from casebook.db.models import ModelBudget, ModelUsage
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, holds
from casebook.llm.errors import BudgetExhausted
from casebook.llm.metering import MeteredCall, MeteredProvider
from casebook.llm.protocol import ModelProvider
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Conflict, Forbidden
from casebook.services.kernel.outages import until_reachable

JUDGE_HELPER = "judge"
GENERATOR_HELPER = "generator"
# The structured reference scorer's calls: its judge, and every embedding it asks for.
STRUCTURED_JUDGE_HELPER = "structured_judge"
EMBEDDINGS_HELPER = "embeddings"
# Agents Casebook runs: a model agent's calls, and the cost a webhook agent reports.
AGENT_HELPER = "agent"
HELPERS = (JUDGE_HELPER, GENERATOR_HELPER, STRUCTURED_JUDGE_HELPER, EMBEDDINGS_HELPER, AGENT_HELPER)
MAX_MONTHLY_LIMIT_USD = 1_000_000.0


def month_start(now: datetime) -> datetime:
    return now.astimezone(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)


async def spent_this_month(
    session: AsyncSession, organization_id: int, helper: str | None, now: datetime
) -> float:
    """USD spent since the month began: by one helper, or by every helper when ``None``."""
    query = select(func.coalesce(func.sum(ModelUsage.cost_usd), 0.0)).where(
        ModelUsage.organization_id == organization_id,
        col(ModelUsage.created_at) >= month_start(now),
    )
    if helper is not None:
        query = query.where(ModelUsage.helper == helper)
    return float((await session.execute(query)).scalar_one())


def usd(amount: float) -> str:
    """Dollars to the cent, and a budget or a cost under a cent still shows its size."""
    return f"${amount:,.2f}" if amount == 0 or amount >= 0.01 else f"${amount:.2g}"


def _whose(helper: str | None) -> str:
    if helper is None:
        return "the organization's"
    return f"the {helper}'" if helper.endswith("s") else f"the {helper}'s"


class DatabaseMeteringSink:
    """The ``MeteringSink`` every model call of the product goes through."""

    def __init__(self, sessionmaker: SessionMaker) -> None:
        self._sessionmaker = sessionmaker

    async def check(self, org_id: int, helper: str) -> None:
        now = datetime.now(UTC)
        # Before every model call: reads only, so no BEGIN and ROLLBACK around them.
        async with reading_session(self._sessionmaker) as session:
            budgets = (
                await session.execute(
                    select(ModelBudget)
                    .where(
                        ModelBudget.organization_id == org_id,
                        or_(ModelBudget.helper.is_(None), ModelBudget.helper == helper),  # type: ignore[union-attr]
                    )
                    .order_by(ModelBudget.helper.is_not(None))  # type: ignore[union-attr]
                )
            ).scalars()
            for budget in budgets:
                spent = await spent_this_month(session, org_id, budget.helper, now)
                if spent >= budget.monthly_limit_usd:
                    raise BudgetExhausted(
                        f"{_whose(budget.helper)} model budget of "
                        f"{usd(budget.monthly_limit_usd)} for this month is spent "
                        f"({usd(spent)} used)"
                    )

    async def record(self, org_id: int, helper: str, call: MeteredCall) -> None:
        """Book a call made: it was paid for, so an outage is waited out, not a reason to
        forget it (the caller's answer waits with it)."""

        async def book() -> None:
            async with self._sessionmaker() as session, session.begin():
                add_usage(session, org_id, helper, [call])

        await until_reachable(book)


def add_usage(
    session: AsyncSession, org_id: int, helper: str, calls: Sequence[MeteredCall]
) -> None:
    """Calls booked in the caller's transaction: a model's, or costs an agent reported
    itself (a local agent's client, with the answers they came with)."""
    session.add_all(
        ModelUsage(
            organization_id=org_id,
            helper=helper,
            kind=call.kind,
            model=call.model[:200],
            input_tokens=call.usage.input_tokens,
            output_tokens=call.usage.output_tokens,
            cost_usd=call.cost_usd,
            priced=call.priced,
            latency_ms=call.latency_ms,
        )
        for call in calls
    )


def metered(
    sessionmaker: SessionMaker, inner: ModelProvider, *, organization_id: int, helper: str
) -> MeteredProvider:
    return MeteredProvider(
        inner, DatabaseMeteringSink(sessionmaker), org_id=organization_id, helper=helper
    )


@dataclass(frozen=True)
class BudgetView:
    helper: str | None
    monthly_limit_usd: float | None
    spent_this_month_usd: float
    updated_at: datetime | None


def _require_budget_manager(ctx: ServiceContext) -> Actor:
    actor = ctx.require_actor()
    if not (
        holds(actor, Permission.CONNECTIONS_MANAGE) or holds(actor, Permission.ORGANIZATION_MANAGE)
    ):
        raise Forbidden("budgets need connections:manage or organization:manage")
    return actor


def _checked_helper(helper: str | None) -> str | None:
    if helper is not None and helper not in HELPERS:
        raise BadUserInput.at("helper", f"must be one of {', '.join(HELPERS)}, or null")
    return helper


async def list_budgets(ctx: ServiceContext) -> list[BudgetView]:
    """The organization's budget and every helper's, each with this month's spending."""
    actor = _require_budget_manager(ctx)
    now = datetime.now(UTC)
    async with ctx.reading() as session:
        rows = {
            row.helper: row
            for row in (
                await session.execute(
                    select(ModelBudget).where(ModelBudget.organization_id == actor.organization_id)
                )
            ).scalars()
        }
        views = []
        for helper in (None, *HELPERS):
            row = rows.get(helper)
            views.append(
                BudgetView(
                    helper,
                    row.monthly_limit_usd if row else None,
                    await spent_this_month(session, actor.organization_id, helper, now),
                    row.updated_at if row else None,
                )
            )
    return views


async def set_budget(
    ctx: ServiceContext, helper: str | None, monthly_limit_usd: float | None
) -> list[BudgetView]:
    """Set (or, with ``None``, remove) a monthly limit; returns every budget as it now is."""
    actor = _require_budget_manager(ctx)
    helper = _checked_helper(helper)
    if monthly_limit_usd is not None and not 0 <= monthly_limit_usd <= MAX_MONTHLY_LIMIT_USD:
        raise BadUserInput.at(
            "monthlyLimitUsd", f"must be from 0 to {MAX_MONTHLY_LIMIT_USD:,.0f} USD, or null"
        )
    try:
        await _store_budget(ctx, actor, helper, monthly_limit_usd)
    except IntegrityError:
        raise Conflict(
            "the budget was set at the same moment by somebody else; try again"
        ) from None
    return await list_budgets(ctx)


async def _store_budget(
    ctx: ServiceContext, actor: Actor, helper: str | None, monthly_limit_usd: float | None
) -> None:
    async with ctx.transaction() as session:
        row = (
            await session.execute(
                select(ModelBudget)
                .where(
                    ModelBudget.organization_id == actor.organization_id,
                    ModelBudget.helper.is_(None)  # type: ignore[union-attr]
                    if helper is None
                    else ModelBudget.helper == helper,
                )
                .with_for_update()
            )
        ).scalar_one_or_none()
        if monthly_limit_usd is None:
            if row is not None:
                await session.delete(row)
        elif row is None:
            session.add(
                ModelBudget(
                    organization_id=actor.organization_id,
                    helper=helper,
                    monthly_limit_usd=monthly_limit_usd,
                    updated_by_user_id=actor.user_id,
                    updated_at=datetime.now(UTC),
                )
            )
        else:
            row.monthly_limit_usd = monthly_limit_usd
            row.updated_by_user_id = actor.user_id
            row.updated_at = datetime.now(UTC)
        await audit.record(
            session,
            actor,
            "model_budget.set",
            resource_type="model_budget",
            summary={"helper": helper, "monthly_limit_usd": monthly_limit_usd},
            request_id=ctx.request_id,
        )


async def budget_reason(
    sessionmaker: SessionMaker, organization_id: int, helper: str
) -> str | None:
    """Why ``helper`` may not call a model now (a spent budget), or ``None``. Nothing is called."""
    try:
        await DatabaseMeteringSink(sessionmaker).check(organization_id, helper)
    except BudgetExhausted as spent:
        return spent.reason
    return None
