"""Suggesting a rule for a criterion (spec: "The judge").

"A criterion a rule can check - a length, valid JSON, a quoted opening, a
bulleted list - says so, and **Add the rule** adds that check ... The
suggestion reads the criterion's own words and calls no model."

A rule is suggested only when it says all the criterion says: the criterion,
after an opening about the answer ("Is the answer", "The response should
be", "Keep it"), must be one of the four shapes and nothing more. "Polite and
under 100 words" keeps its judge; so does anything negated ("does not start
with 'Sorry'"), counted in units a check has not got (sentences, bullet
points, emojis), or about a part of the answer ("the summary").

Lengths: "at most", "no more than", "up to", "N or fewer" are inclusive
bounds; "under", "fewer than", "less than", "shorter than" are strict, so
"under 500 characters" is a maximum of 499 (and "more than 10 words" a
minimum of 11).
"""

import re
from typing import cast

import regex

from casebook.domain.checks.definitions import REGEX_MAX_LENGTH
from casebook.domain.jsonvalue import JSONObject

BULLET_LINE_PATTERN = r"(?m)^[ \t]*[-*•][ \t]+\S"

_LEAD_WORDS = (
    r"does|do|did|is|are|be|should|must|will|shall|can|could|would|has to|needs to|"
    r"the|it|its|agent's|agent|assistant's|final|answer|response|reply|output|message|"
    r"keep|keeps|kept|stay|stays|remain|remains|in|within|using|use|uses|written|write|"
    r"writes|respond|responds|answers|replies|give|gives|return|returns|returned|"
    r"formatted|format|formats|as|with"
)
_LEAD_IN = re.compile(rf"^(?:(?:{_LEAD_WORDS})\s+)*", re.IGNORECASE)

# fmt: off
_SMALL_NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty",
)
# fmt: on
_SMALL_NUMBERS = {word: value for value, word in enumerate(_SMALL_NUMBER_WORDS)}
_TENS_WORDS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_TENS = {word: 20 + 10 * place for place, word in enumerate(_TENS_WORDS)}
_NUMBER = r"\d{1,3}(?:,\d{3})+|\d+|(?:a |one )?(?:hundred|thousand)|[a-z]+(?:-[a-z]+)?"

_INCLUSIVE_MAX = (
    r"at most|no more than|not more than|up to|a maximum of|maximum of|maximum|max|"
    r"no longer than|not longer than|not exceed|never exceed|not exceeding"
)
_STRICT_MAX = r"under|fewer than|less than|below|shorter than"
_INCLUSIVE_MIN = (
    r"at least|no fewer than|no less than|not less than|a minimum of|minimum of|minimum|min"
)
_STRICT_MIN = r"more than|over|longer than|above"
_UNIT = r"(?P<unit>words?|characters?|chars?)"
_LENGTH_TAIL = r"(?:\s+(?:long|in length|in total|total))?"
_CONTAINS = r"(?:(?:contains?|has|have|includes?)\s+)?"

_LENGTH_COMPARED = re.compile(
    rf"{_CONTAINS}(?P<cmp>{_INCLUSIVE_MAX}|{_STRICT_MAX}|{_INCLUSIVE_MIN}|{_STRICT_MIN})\s+"
    rf"(?P<n>{_NUMBER})\s+{_UNIT}{_LENGTH_TAIL}",
    re.IGNORECASE,
)
_LENGTH_OR = re.compile(
    rf"{_CONTAINS}(?P<n>{_NUMBER})\s+{_UNIT}\s+or\s+(?P<side>fewer|less|shorter|more|longer)"
    rf"{_LENGTH_TAIL}",
    re.IGNORECASE,
)
_LENGTH_BETWEEN = re.compile(
    rf"{_CONTAINS}between\s+(?P<low>{_NUMBER})\s+and\s+(?P<high>{_NUMBER})\s+{_UNIT}{_LENGTH_TAIL}",
    re.IGNORECASE,
)
_JSON = re.compile(
    r"(?:(?:an?|only)\s+)?(?:(?:valid|well-formed|parseable|parsable|strict)\s+)?json"
    r"(?:\s+(?P<shape>object|array|document|value))?(?:\s+only)?",
    re.IGNORECASE,
)
_QUOTED = r"'(?P<q1>[^']+)'|\"(?P<q2>[^\"]+)\"|“(?P<q3>[^”]+)”|‘(?P<q4>[^’]+)’|«(?P<q5>[^»]+)»"
_OPENING = re.compile(
    r"(?:starts?|begins?|opens?)\s+with\s+(?:the\s+(?:words?|phrase|text|greeting)\s+)?"
    rf"(?:{_QUOTED})",
    re.IGNORECASE,
)
_BULLETS = re.compile(
    r"(?:(?:contains?|includes?|has|is|are|in|as|into|a|an|the steps|its points|the points)\s+)*"
    r"(?:bullet(?:ed)?(?:-point)?\s+(?:list|points|form|format)|bullets|bullet-pointed list)",
    re.IGNORECASE,
)


def _number(text: str) -> int | None:
    words = text.casefold().replace(",", "").removeprefix("a ").removeprefix("one ")
    if words.isdigit():
        return int(words)
    if words in ("hundred", "thousand"):
        return 100 if words == "hundred" else 1000
    if words in _SMALL_NUMBERS:
        return _SMALL_NUMBERS[words]
    tens, _, units = words.partition("-")
    if tens in _TENS and (not units or 0 < _SMALL_NUMBERS.get(units, 0) < 10):
        return _TENS[tens] + (_SMALL_NUMBERS[units] if units else 0)
    return None


def _unit(text: str) -> str:
    return "words" if text.casefold().startswith("word") else "characters"


def _length_rule(core: str) -> JSONObject | None:
    compared = _LENGTH_COMPARED.fullmatch(core)
    if compared:
        n, cmp = _number(compared["n"]), re.sub(r"\s+", " ", compared["cmp"].casefold())
        if n is None:
            return None
        unit = _unit(compared["unit"])
        if re.fullmatch(_INCLUSIVE_MAX, cmp):
            return {"type": "length", "unit": unit, "max": n}
        if re.fullmatch(_STRICT_MAX, cmp):
            return {"type": "length", "unit": unit, "max": n - 1} if n > 0 else None
        if re.fullmatch(_INCLUSIVE_MIN, cmp):
            return {"type": "length", "unit": unit, "min": n}
        return {"type": "length", "unit": unit, "min": n + 1}
    either = _LENGTH_OR.fullmatch(core)
    if either:
        n = _number(either["n"])
        if n is None:
            return None
        bound = "min" if either["side"].casefold() in ("more", "longer") else "max"
        return {"type": "length", "unit": _unit(either["unit"]), bound: n}
    between = _LENGTH_BETWEEN.fullmatch(core)
    if between:
        low, high = _number(between["low"]), _number(between["high"])
        if low is None or high is None or low > high:
            return None
        return {"type": "length", "unit": _unit(between["unit"]), "min": low, "max": high}
    return None


def _json_rule(core: str) -> JSONObject | None:
    found = _JSON.fullmatch(core)
    if not found:
        return None
    shape = (found["shape"] or "").casefold()
    if shape in ("object", "array"):
        return {"type": "json_schema", "schema": {"type": shape}}
    return {"type": "json_schema", "schema": {}}


def _opening_rule(core: str) -> JSONObject | None:
    found = _OPENING.fullmatch(core)
    if not found:
        return None
    opening = next(text for text in found.group("q1", "q2", "q3", "q4", "q5") if text)
    escaped = cast(str, regex.escape(opening.strip(), special_only=True, literal_spaces=True))
    pattern = r"^\s*" + escaped
    if not opening.strip() or len(pattern) > REGEX_MAX_LENGTH:
        return None
    return {"type": "regex", "value": pattern}


def _bullet_rule(core: str) -> JSONObject | None:
    if not _BULLETS.fullmatch(core):
        return None
    return {"type": "regex", "value": BULLET_LINE_PATTERN}


def suggest_rule(criterion_text: str) -> JSONObject | None:
    """The check that says what the criterion says, or ``None`` when no rule does."""
    text = re.sub(r"\s+", " ", criterion_text).strip().rstrip(".?!").strip()
    core = _LEAD_IN.sub("", text, count=1)
    for rule in (_length_rule, _json_rule, _opening_rule, _bullet_rule):
        suggestion = rule(core)
        if suggestion is not None:
            return suggestion
    return None
