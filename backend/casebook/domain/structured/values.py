"""How the ladder reads one JSON value: its kind, exact identity and text.

Rules decided here (spec: "Exact"):

- **Letter case and surrounding whitespace never matter**: text is compared
  stripped, NFC-normalised and case-folded, so "Acme" = " ACME ".
- **Numeric precision never matters**: numbers are compared as decimal values,
  so 4.0 = 4 = 4.00 = 4e0.
- **A string holding a plain decimal numeral is that number** ("4.0" = 4):
  models often quote numbers, and the spec counts numeric precision, not JSON
  spelling, as the difference to forgive. Numerals with a leading zero
  ("007", "02134") stay text, because codes are written that way.
- **Booleans are exact or nothing**: ``true`` matches only ``true``; the
  string "true" and the number 1 are not booleans.
- **Free text** is a reference string of at least ``FREE_TEXT_MIN_WORDS``
  words: summaries and descriptions, which go to the judge. Shorter strings
  (names, labels, titles) are short text, decided by exact match or embedding.
- **Null is absence**: a null holds nothing to find, so it counts no unit.
"""

import math
import re
import unicodedata
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import Literal

from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured.dates import parse_calendar_date

ScalarKind = Literal["boolean", "number", "date", "text"]

FREE_TEXT_MIN_WORDS = 8

# bool is an int: these are every non-null JSON scalar.
SCALAR_TYPES = (str, int, float)

_NUMERAL = re.compile(r"[+-]?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")


@dataclass(frozen=True, slots=True)
class Scalar:
    """One non-null JSON scalar as the ladder sees it.

    ``identity`` is what the exact rung compares: two scalars with equal
    identities are the same value up to case, surrounding whitespace and
    numeric precision. ``text`` is the form that is embedded or judged.
    """

    kind: ScalarKind
    identity: Hashable
    text: str
    number: float | None = None
    day: date | None = None
    free_text: bool = False


@lru_cache(maxsize=65536, typed=True)
def read_scalar(value: str | int | float | bool) -> Scalar:
    """How the ladder reads a non-null scalar (cached: plan and score read the same values)."""
    if isinstance(value, bool):
        return Scalar("boolean", ("boolean", value), "true" if value else "false")
    if isinstance(value, int):
        return Scalar("number", ("number", Decimal(value)), str(value), _as_float(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            return _text(repr(value))
        return Scalar("number", ("number", Decimal(repr(value))), repr(value), value)
    stripped = value.strip()
    if _NUMERAL.fullmatch(stripped):
        return Scalar("number", ("number", Decimal(stripped)), stripped, _as_float(stripped))
    day = parse_calendar_date(stripped)
    if day is not None:
        return Scalar("date", ("text", _fold(stripped)), stripped, day=day)
    return _text(stripped)


def _text(stripped: str) -> Scalar:
    free = len(stripped.split()) >= FREE_TEXT_MIN_WORDS
    return Scalar("text", ("text", _fold(stripped)), stripped, free_text=free)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


def _as_float(value: int | str) -> float:
    try:
        number = float(value)
    except OverflowError:
        return math.inf
    return number


def unit_count(value: JSONValue) -> int:
    """How many things a value asserts: its non-null scalars (empty containers assert none)."""
    if value is None:
        return 0
    if isinstance(value, dict):
        members: Iterable[JSONValue] = value.values()
    elif isinstance(value, list):
        members = value
    else:
        return 1
    total = 0
    for member in members:
        if isinstance(member, dict | list):
            total += unit_count(member)
        elif member is not None:
            total += 1
    return total


def read_item(value: JSONValue) -> Scalar:
    """``read_scalar`` for a value the caller already knows is a non-null scalar."""
    if isinstance(value, SCALAR_TYPES):
        return read_scalar(value)
    raise ValueError("only a non-null scalar has a scalar reading")
