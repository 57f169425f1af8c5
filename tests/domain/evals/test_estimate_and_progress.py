"""The estimate's arithmetic and words, the ETA, and the bounds of an eval run's input."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.errors import ValidationFailed
from casebook.domain.evals.estimate import (
    ANSWER_TOKENS,
    NO_JUDGE,
    WEBHOOK_UNKNOWN,
    CaseSize,
    CostFigure,
    Price,
    cost_words,
    judge_cost,
    model_agent_cost,
    total_cost_text,
    webhook_agent_cost,
)
from casebook.domain.evals.inputs import EvalRunRequest, check_request
from casebook.domain.evals.progress import Counts, eta_seconds

PRICE = Price(input_per_million=1.0, output_per_million=2.0)


def test_a_model_agent_costs_its_prompt_and_answer_tokens_per_repetition() -> None:
    cases = [CaseSize(prompt_chars=400, judged=False)] * 10
    found = model_agent_cost(cases, model="m", price=PRICE, instructions_chars=40, repetitions=3)
    per_case = (10 + 100) * 1.0 + ANSWER_TOKENS * 2.0
    assert found.usd == pytest.approx(per_case * 10 * 3 / 1_000_000)
    assert found.text == "$0.03"


def test_unknown_costs_are_said_to_be_unknown_never_free() -> None:
    cases = [CaseSize(100, judged=True)]
    assert model_agent_cost(cases, model="x", price=None, instructions_chars=0, repetitions=1) == (
        CostFigure(None, "unknown: the price table has no price for x")
    )
    assert webhook_agent_cost() == CostFigure(None, WEBHOOK_UNKNOWN)
    assert judge_cost(cases, model=None, price=None, answers_per_case=1).usd is None
    assert judge_cost([CaseSize(1, judged=False)], model=None, price=None, answers_per_case=1) == (
        CostFigure(0.0, NO_JUDGE)
    )


def test_the_total_adds_what_is_known_and_names_what_is_not() -> None:
    known = CostFigure(1.5, "$1.50")
    assert total_cost_text([known, CostFigure(0.25, "$0.25")]) == "$1.75"
    assert total_cost_text([known, webhook_agent_cost()]) == (
        f"$1.50 plus what is unknown ({WEBHOOK_UNKNOWN})"
    )
    assert total_cost_text([webhook_agent_cost()]) == WEBHOOK_UNKNOWN


@given(st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_cost_words_say_under_a_cent_for_a_cost_under_a_cent(usd: float) -> None:
    words = cost_words(usd)
    if usd == 0:
        assert words == "$0.00"
    elif usd < 0.01:
        assert words == "under a cent"
    else:
        assert words.startswith("$") and words != "$0.00"


def test_the_eta_is_the_pace_so_far_times_what_is_left() -> None:
    assert eta_seconds(Counts(total=100, answered=30, scored=25), "running", 50.0) == 150.0
    assert eta_seconds(Counts(100, 0, 0), "running", 5.0) is None
    assert eta_seconds(Counts(100, 100, 100), "finished", 50.0) is None


@given(
    st.integers(min_value=-5, max_value=80),
    st.integers(min_value=-5, max_value=20),
    st.integers(min_value=-5, max_value=300),
    st.floats(allow_nan=True, allow_infinity=True),
)
def test_bounds_hold_for_any_number(
    concurrency: int, repetitions: int, flips: int, budget: float
) -> None:
    request = EvalRunRequest(
        dataset_id=1,
        agent_ids=(1,),
        concurrency=concurrency,
        repetitions=repetitions,
        confirm_flips=flips,
        budget_usd=budget,
    )
    ok = (
        1 <= concurrency <= 64
        and 1 <= repetitions <= 10
        and 0 <= flips <= 200
        and math.isfinite(budget)
        and 0 <= budget <= 1_000_000
    )
    if ok:
        assert check_request(request).concurrency == concurrency
    else:
        with pytest.raises(ValidationFailed):
            check_request(request)


def test_tags_are_trimmed_sorted_and_deduplicated() -> None:
    request = EvalRunRequest(dataset_id=1, agent_ids=(1, 2), tags=(" b", "a", "b "))
    assert check_request(request).tags == ("a", "b")
