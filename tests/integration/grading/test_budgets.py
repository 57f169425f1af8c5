"""Budgets: a monthly USD limit for the organization or one helper, set by who manages
connections or the organization; what was spent reads back."""

from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.grading.helpers import SET_BUDGET
from tests.support.graphql_client import Api

BUDGETS = "{ modelBudgets { helper monthlyLimitUsd spentThisMonthUsd } }"


async def test_budgets_are_set_changed_and_removed(owner: Api) -> None:
    assert (await owner(BUDGETS))["modelBudgets"] == [
        {"helper": None, "monthlyLimitUsd": None, "spentThisMonthUsd": 0.0},
        {"helper": "judge", "monthlyLimitUsd": None, "spentThisMonthUsd": 0.0},
        {"helper": "generator", "monthlyLimitUsd": None, "spentThisMonthUsd": 0.0},
        {"helper": "structured_judge", "monthlyLimitUsd": None, "spentThisMonthUsd": 0.0},
        {"helper": "embeddings", "monthlyLimitUsd": None, "spentThisMonthUsd": 0.0},
        {"helper": "agent", "monthlyLimitUsd": None, "spentThisMonthUsd": 0.0},
    ]
    await owner(SET_BUDGET, {"h": None, "l": 50})
    await owner(SET_BUDGET, {"h": "judge", "l": 5})
    changed = (await owner(SET_BUDGET, {"h": "judge", "l": 7.5}))["setModelBudget"]["budgets"]
    assert [(b["helper"], b["monthlyLimitUsd"]) for b in changed] == [
        (None, 50.0),
        ("judge", 7.5),
        ("generator", None),
        ("structured_judge", None),
        ("embeddings", None),
        ("agent", None),
    ]
    removed = (await owner(SET_BUDGET, {"h": None, "l": None}))["setModelBudget"]["budgets"]
    assert removed[0]["monthlyLimitUsd"] is None


async def test_a_budget_is_refused_by_the_field_at_fault(owner: Api) -> None:
    unknown = await owner.errors(SET_BUDGET, {"h": "poet", "l": 1})
    assert unknown.errors[0]["extensions"]["fields"][0]["path"] == "helper"
    negative = await owner.errors(SET_BUDGET, {"h": None, "l": -1})
    assert negative.errors[0]["extensions"]["fields"][0]["path"] == "monthlyLimitUsd"


async def test_only_who_manages_connections_or_the_organization_sees_and_sets_them(
    owner: Api, member_as: MemberFactory
) -> None:
    builder = await member_as(Role.BUILDER)
    assert (await builder.errors(SET_BUDGET, {"h": None, "l": 1})).codes == ["FORBIDDEN"]
    assert (await builder.errors(BUDGETS)).codes == ["FORBIDDEN"]
    admin = await member_as(Role.ADMIN)
    assert (await admin(SET_BUDGET, {"h": "generator", "l": 1}))["setModelBudget"]["budgets"][2][
        "monthlyLimitUsd"
    ] == 1.0
