"""A cost or a latency is a figure every column that keeps one can hold, wherever it is
given: a check's limit, a recorded run, a scored answer, a client's answer."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.checks import validate_check
from casebook.domain.errors import ValidationFailed
from casebook.domain.measures import COST_MAX_USD, LATENCY_MAX_MS, cost_problem, latency_problem


@pytest.mark.parametrize("value", [1e308, -1e308, 1e20, 2**63, 2**64, COST_MAX_USD + 0.01, -1])
def test_a_cost_past_its_bound_is_named(value: float) -> None:
    assert cost_problem(value) == "must be a number from 0 to 1,000,000"


@pytest.mark.parametrize("value", [math.inf, math.nan, True, "1", None])
def test_what_is_not_a_finite_number_is_no_figure(value: object) -> None:
    assert cost_problem(value) is not None
    assert latency_problem(value) is not None


@given(st.floats(min_value=0, max_value=LATENCY_MAX_MS))
def test_every_figure_within_the_bounds_is_taken(value: float) -> None:
    assert latency_problem(value) is None
    assert cost_problem(min(value, COST_MAX_USD)) is None


@pytest.mark.parametrize(
    ("check_type", "value"),
    [
        ("max_cost_usd", 1e308),
        ("max_cost_usd", 1e20),
        ("max_cost_usd", 10**30),
        ("max_latency_ms", 1e308),
        ("max_latency_ms", 1e20),
        ("max_latency_ms", 2**64),
    ],
)
def test_a_limit_check_past_what_a_run_can_measure_is_refused_by_field(
    check_type: str, value: float
) -> None:
    with pytest.raises(ValidationFailed) as refused:
        validate_check({"type": check_type, "value": value}, "checks.0")
    [error] = refused.value.errors
    assert error.path == "checks.0.value"
    assert "must be a number from 0 to" in error.message


def test_a_limit_at_its_bound_is_kept() -> None:
    assert validate_check({"type": "max_cost_usd", "value": COST_MAX_USD}, "c")["value"] == (
        COST_MAX_USD
    )
    assert validate_check({"type": "max_latency_ms", "value": 0}, "c")["value"] == 0
