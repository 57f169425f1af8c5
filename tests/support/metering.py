"""An in-memory ``MeteringSink`` with budgets, for tests (the real one is in the database)."""

from collections.abc import Mapping

from casebook.llm.errors import BudgetExhausted
from casebook.llm.metering import MeteredCall


class InMemoryMeteringSink:
    def __init__(
        self,
        *,
        org_budgets_usd: Mapping[int, float] | None = None,
        helper_budgets_usd: Mapping[tuple[int, str], float] | None = None,
    ) -> None:
        self.org_budgets_usd = dict(org_budgets_usd or {})
        self.helper_budgets_usd = dict(helper_budgets_usd or {})
        self.calls: list[tuple[int, str, MeteredCall]] = []
        self.checks: list[tuple[int, str]] = []

    def spent_usd(self, org_id: int, helper: str | None = None) -> float:
        return sum(
            call.cost_usd
            for org, name, call in self.calls
            if org == org_id and (helper is None or name == helper)
        )

    async def check(self, org_id: int, helper: str) -> None:
        self.checks.append((org_id, helper))
        org_budget = self.org_budgets_usd.get(org_id)
        if org_budget is not None and self.spent_usd(org_id) >= org_budget:
            raise BudgetExhausted(f"the organization's model budget of ${org_budget:.2f} is spent")
        helper_budget = self.helper_budgets_usd.get((org_id, helper))
        if helper_budget is not None and self.spent_usd(org_id, helper) >= helper_budget:
            raise BudgetExhausted(f"the {helper}'s budget of ${helper_budget:.2f} is spent")

    async def record(self, org_id: int, helper: str, call: MeteredCall) -> None:
        self.calls.append((org_id, helper, call))
