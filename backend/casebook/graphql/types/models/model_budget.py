from datetime import datetime

import strawberry

from casebook.services.models.metering import BudgetView


@strawberry.type(
    name="ModelBudget",
    description="A monthly USD limit on model calls (UTC calendar month). A helper's calls "
    "stop once it or the organization's budget is spent.",
)
class ModelBudgetType:
    helper: str | None = strawberry.field(
        description="judge or generator; null for the whole organization."
    )
    monthly_limit_usd: float | None = strawberry.field(description="Null: no limit.")
    spent_this_month_usd: float
    updated_at: datetime | None

    @classmethod
    def from_view(cls, view: BudgetView) -> "ModelBudgetType":
        return cls(
            helper=view.helper,
            monthly_limit_usd=view.monthly_limit_usd,
            spent_this_month_usd=view.spent_this_month_usd,
            updated_at=view.updated_at,
        )
