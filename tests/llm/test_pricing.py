"""The price table: cost per million tokens, unpriced models, validation."""

import pytest

from casebook.llm.pricing import CallCost, ModelPrice, PriceTable
from casebook.llm.protocol import Usage

TABLE = PriceTable.from_mapping(
    {
        "gpt-4o-mini": {"input_per_million": 0.15, "output_per_million": 0.60},
        "text-embedding-3-small": {"input_per_million": 0.02},
        "free-local": {"input_per_million": 0, "output_per_million": 0},
    }
)


def test_chat_cost_is_input_and_output_tokens_at_their_prices() -> None:
    cost = TABLE.cost("gpt-4o-mini", Usage(input_tokens=2_000, output_tokens=1_000))

    assert cost.priced
    assert cost.usd == pytest.approx(2_000 * 0.15 / 1e6 + 1_000 * 0.60 / 1e6)


def test_an_embedding_model_is_priced_by_input_alone() -> None:
    assert TABLE.price_of("text-embedding-3-small") == ModelPrice(0.02, 0.0)
    assert TABLE.cost("text-embedding-3-small", Usage(1_000_000, 0)).usd == pytest.approx(0.02)


def test_a_cost_under_a_cent_is_still_a_cost() -> None:
    cost = TABLE.cost("gpt-4o-mini", Usage(10, 10))

    assert 0 < cost.usd < 0.01


def test_unknown_models_cost_nothing_and_are_unpriced() -> None:
    assert TABLE.cost("mystery", Usage(5, 5)) == CallCost(usd=0.0, priced=False)


def test_a_model_priced_at_zero_is_priced() -> None:
    assert TABLE.cost("free-local", Usage(5, 5)) == CallCost(usd=0.0, priced=True)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"m": 3}, "m: expected an object"),
        ({"m": {}}, "m.input_per_million: required"),
        ({"m": {"input_per_million": 1, "ouput_per_million": 2}}, "m.ouput_per_million: unknown"),
        ({"m": {"input_per_million": -1}}, "m.input_per_million: must be a finite"),
        ({"m": {"input_per_million": float("nan")}}, "m.input_per_million: must be a finite"),
        ({"m": {"input_per_million": "1.5"}}, "m.input_per_million: expected a number"),
        ({"m": {"input_per_million": True}}, "m.input_per_million: expected a number"),
    ],
)
def test_a_bad_table_names_the_model_and_field(raw: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PriceTable.from_mapping(raw)
