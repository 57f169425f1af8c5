"""What a cost or a latency given to Casebook may be, wherever it is given.

A run's cost is stored as ``numeric(14, 6)`` (below 100 million USD); a check's
limit, a scored answer's figures and a recorded or client-answered run's are all
read against the same bounds, so every figure one place takes, every other place
can store and compare: a cost from 0 to 1,000,000 USD and a latency from 0 to a
day in milliseconds. ``1e308`` or ``1e20`` is refused by name rather than
overflowing a column or a JSON encoder.
"""

import math

COST_MAX_USD = 1_000_000.0
LATENCY_MAX_MS = 86_400_000.0  # a day


def amount_problem(value: object, limit: float) -> str | None:
    """Why ``value`` is not a figure from 0 to ``limit``, or None when it is one."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and math.isfinite(value) and 0 <= value <= limit:  # type: ignore[arg-type,operator]
        return None
    return f"must be a number from 0 to {limit:,.0f}"


def cost_problem(value: object) -> str | None:
    return amount_problem(value, COST_MAX_USD)


def latency_problem(value: object) -> str | None:
    return amount_problem(value, LATENCY_MAX_MS)
