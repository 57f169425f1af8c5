"""What a model call costs, from a price table the operator configures.

Prices are USD per million tokens. An embedding model is priced by its input
tokens alone. A model missing from the table costs 0 and is reported
*unpriced*, so nobody mistakes "we do not know" for "free".

The table is built from a plain mapping (the caller reads it from a JSON file
or an environment variable)::

    {"gpt-4o-mini": {"input_per_million": 0.15, "output_per_million": 0.60},
     "text-embedding-3-small": {"input_per_million": 0.02}}
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass

from casebook.llm.protocol import Usage

TOKENS_PER_PRICE_UNIT = 1_000_000
_PRICE_FIELDS = ("input_per_million", "output_per_million")


@dataclass(frozen=True, slots=True)
class ModelPrice:
    input_per_million: float
    output_per_million: float = 0.0


@dataclass(frozen=True, slots=True)
class CallCost:
    usd: float
    priced: bool


class PriceTable:
    def __init__(self, prices: Mapping[str, ModelPrice] | None = None) -> None:
        self._prices = dict(prices or {})

    @classmethod
    def from_mapping(cls, raw: Mapping[str, object]) -> "PriceTable":
        """Validate a mapping of model name → prices; errors name ``model.field``."""
        prices: dict[str, ModelPrice] = {}
        for model, entry in raw.items():
            if not isinstance(entry, Mapping):
                raise ValueError(f"{model}: expected an object of prices")
            unknown = sorted(set(entry) - set(_PRICE_FIELDS))
            if unknown:
                raise ValueError(f"{model}.{unknown[0]}: unknown field")
            if "input_per_million" not in entry:
                raise ValueError(f"{model}.input_per_million: required")
            values = {name: _price(model, name, entry[name]) for name in entry}
            prices[str(model)] = ModelPrice(**values)
        return cls(prices)

    def price_of(self, model: str) -> ModelPrice | None:
        return self._prices.get(model)

    def cost(self, model: str, usage: Usage) -> CallCost:
        price = self.price_of(model)
        if price is None:
            return CallCost(usd=0.0, priced=False)
        usd = (
            usage.input_tokens * price.input_per_million
            + usage.output_tokens * price.output_per_million
        ) / TOKENS_PER_PRICE_UNIT
        return CallCost(usd=usd, priced=True)


def _price(model: str, field: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{model}.{field}: expected a number of USD per million tokens")
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{model}.{field}: must be a finite number, 0 or more")
    return float(value)
