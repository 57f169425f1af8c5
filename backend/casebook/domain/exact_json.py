"""JSON read fast without changing a value: JSONB from PostgreSQL, and request bodies.

A page of cases decodes fifty JSON documents, a batch of recorded conversations one
large body; orjson does either several times faster than the standard library. But
orjson reads an integer beyond 64 bits as a float, and refuses lone surrogates, NaN and
infinities, where PostgreSQL's JSONB keeps the first two and the standard library reads
them all. So a document orjson refuses, or in which it found a number too large for 64
bits (a float of that size: what such an integer becomes, or a float written that
large), is read by the standard library instead. Either way the value is the one the
standard library reads - an integer beyond 64 bits stays exact, for a rule downstream
to refuse by name.
"""

import json
from typing import Any

import orjson

# Beyond every 64-bit integer's magnitude; integers orjson keeps exactly stay below it.
_LARGER_THAN_64_BITS = 2.0**63


def _holds_a_huge_number(value: Any) -> bool:
    pending = [value]
    while pending:
        item = pending.pop()
        kind = type(item)
        if kind is float:
            if abs(item) >= _LARGER_THAN_64_BITS:
                return True
        elif kind is dict:
            pending.extend(item.values())
        elif kind is list:
            pending.extend(item)
    return False


def load_json(text: str | bytes) -> Any:
    """``text`` as ``json.loads`` reads it; ``ValueError`` (or ``RecursionError``, past
    the standard library's nesting) when it is not JSON."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
    return json.loads(text) if _holds_a_huge_number(value) else value
