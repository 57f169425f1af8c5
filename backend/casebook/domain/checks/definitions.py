"""The check types and their parameters (spec: Grading → Checks).

A check is a JSON object whose ``type`` names the rule, with the rule's
parameters beside it; it is stored, exported and graded in that shape. This
module says which parameters each type takes and refuses anything else, so a
typo in a parameter name is reported rather than silently ignored.

Decisions beyond the spec's table, each stated once here:

- An optional parameter sent as ``null`` counts as left out and is dropped.
- ``value`` of the text rules must not be empty (an empty ``contains`` would pass
  every answer); an ``equals`` value may not have spaces around it, because the
  answer is trimmed before comparing and such a value could never match.
- Text parameters hold at most 10,000 characters, a pattern at most 500.
- A cost limit is at most 1,000,000 USD and a latency limit at most a day
  (``measures``): what a run's figures can be.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, get_args

import orjson
import regex

from casebook.domain.checks.json_schema_rules import json_schema_problems
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.jsonvalue import JSONObject, JSONValue
from casebook.domain.measures import cost_problem, latency_problem

CheckType = Literal[
    "contains",
    "not_contains",
    "equals",
    "regex",
    "json_schema",
    "max_cost_usd",
    "max_latency_ms",
    "length",
    "judge",
]
CHECK_TYPES: tuple[str, ...] = get_args(CheckType)
LengthUnit = Literal["characters", "words"]
LENGTH_UNITS: tuple[str, ...] = get_args(LengthUnit)

REGEX_MAX_LENGTH = 500
CHECK_TEXT_MAX_LENGTH = 10_000
CHECK_PATH_MAX_LENGTH = 500

_TYPES_SENTENCE = "the check types are " + ", ".join(f"`{name}`" for name in CHECK_TYPES)

# Each rule returns the problems of one parameter's value, with paths relative to it.
ParameterRule = Callable[[object], list[FieldError]]


@dataclass(frozen=True, slots=True)
class Parameter:
    rule: ParameterRule
    required: bool = False


def validate_check(raw: object, path: str) -> JSONObject:
    """The check ``raw`` normalized, or ValidationFailed naming each bad field under ``path``."""
    if not isinstance(raw, dict):
        raise ValidationFailed([FieldError(path, "must be an object whose `type` names the rule")])
    check_type = raw.get("type")
    if check_type is None:
        raise ValidationFailed([FieldError(f"{path}.type", f"is required; {_TYPES_SENTENCE}")])
    if not isinstance(check_type, str) or check_type not in CHECK_TYPES:
        shown = check_type if isinstance(check_type, str) else repr(check_type)
        message = f"`{shown}` is not a check type; {_TYPES_SENTENCE}"
        raise ValidationFailed([FieldError(f"{path}.type", message)])

    parameters = PARAMETERS[check_type]
    errors: list[FieldError] = []
    check: JSONObject = {"type": check_type}
    for name, value in raw.items():
        if name == "type":
            continue
        if name not in parameters:
            takes = ", ".join(f"`{known}`" for known in parameters)
            message = f"is not a parameter of a `{check_type}` check, which takes {takes}"
            errors.append(FieldError(f"{path}.{name}", message))
        elif value is not None:
            problems = parameters[name].rule(value)
            errors.extend(problem.prefixed(f"{path}.{name}") for problem in problems)
            if not problems:
                check[name] = _copied(value)
    for name, parameter in parameters.items():
        if parameter.required and raw.get(name) is None:
            errors.append(FieldError(f"{path}.{name}", "is required"))
    if not errors:
        errors.extend(problem.prefixed(path) for problem in _whole_check_problems(check))
    if errors:
        raise ValidationFailed(errors)
    return canonical_check(check)


def canonical_check(check: Mapping[str, JSONValue]) -> JSONObject:
    """``check`` with ``type`` first and its parameters in alphabetical order (spec: export).

    Only the check's own keys are ordered: a schema inside keeps the order its
    author wrote, which import preserves, so export → import → export is stable.
    """
    ordered: JSONObject = {"type": check["type"]} if "type" in check else {}
    ordered.update((name, check[name]) for name in sorted(check) if name != "type")
    return ordered


def _copied(value: JSONValue) -> JSONValue:
    """A copy of a valid JSON value, so the check does not share the caller's objects."""
    if isinstance(value, dict | list):
        copied: JSONValue = orjson.loads(orjson.dumps(value))
        return copied
    return value


def _whole_check_problems(check: JSONObject) -> list[FieldError]:
    """Rules that read more than one parameter; paths relative to the check."""
    if check["type"] == "regex":
        pattern = check["value"]
        assert isinstance(pattern, str)
        problem = _pattern_problem(pattern, case_sensitive=check.get("case_sensitive") is True)
        if problem:
            return [FieldError("value", problem)]
    if check["type"] == "length":
        low, high = check.get("min"), check.get("max")
        if low is None and high is None:
            return [FieldError("min", "a length check needs `min`, `max` or both")]
        if isinstance(low, int) and isinstance(high, int) and low > high:
            return [FieldError("min", f"is larger than `max` ({high})")]
    if check["type"] == "equals":
        value = check["value"]
        if isinstance(value, str) and value != value.strip():
            message = "has spaces around it; the answer is trimmed first, so it could never match"
            return [FieldError("value", message)]
    return []


@lru_cache(maxsize=1024)
def _pattern_problem(pattern: str, *, case_sensitive: bool) -> str | None:
    # Compiled with the flags grading uses (``checks.patterns``): case-insensitive by default.
    # Cached because an import repeats patterns and ``regex.compile`` costs ~70 µs even when
    # its own cache holds the pattern.
    try:
        regex.compile(pattern, 0 if case_sensitive else regex.IGNORECASE)
    except regex.error as error:
        return f"is not a valid pattern: {error}"
    return None


def _text(value: object) -> list[FieldError]:
    return _string_problems(value, CHECK_TEXT_MAX_LENGTH, blank_allowed=True)


def _pattern(value: object) -> list[FieldError]:
    if isinstance(value, str) and len(value) > REGEX_MAX_LENGTH:
        return [FieldError("", f"the pattern is longer than {REGEX_MAX_LENGTH} characters")]
    return _string_problems(value, REGEX_MAX_LENGTH, blank_allowed=True)


def _criterion(value: object) -> list[FieldError]:
    return _string_problems(value, CHECK_TEXT_MAX_LENGTH, blank_allowed=False)


def _answer_path(value: object) -> list[FieldError]:
    problems = _string_problems(value, CHECK_PATH_MAX_LENGTH, blank_allowed=False)
    if not problems and isinstance(value, str) and "" in value.split("."):
        return [FieldError("", "must be a dotted path such as `items.0.name`")]
    return problems


def _flag(value: object) -> list[FieldError]:
    return [] if isinstance(value, bool) else [FieldError("", "must be true or false")]


def _cost(value: object) -> list[FieldError]:
    problem = cost_problem(value)
    return [FieldError("", problem)] if problem else []


def _latency(value: object) -> list[FieldError]:
    problem = latency_problem(value)
    return [FieldError("", problem)] if problem else []


def _count(value: object) -> list[FieldError]:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return []
    return [FieldError("", "must be a whole number, 0 or more")]


def _unit(value: object) -> list[FieldError]:
    if value in LENGTH_UNITS:
        return []
    return [FieldError("", "must be `characters` or `words`")]


def _schema(value: object) -> list[FieldError]:
    return list(json_schema_problems(value))


def _string_problems(value: object, max_length: int, *, blank_allowed: bool) -> list[FieldError]:
    if not isinstance(value, str):
        return [FieldError("", "must be text")]
    if value == "" or (not blank_allowed and not value.strip()):
        return [FieldError("", "must not be empty")]
    if len(value) > max_length:
        return [FieldError("", f"is longer than {max_length:,} characters")]
    if "\x00" in value:
        return [FieldError("", "must not contain the NUL character")]
    return []


_TEXT_RULE = {
    "value": Parameter(_text, required=True),
    "path": Parameter(_answer_path),
    "case_sensitive": Parameter(_flag),
}

PARAMETERS: dict[str, dict[str, Parameter]] = {
    "contains": _TEXT_RULE,
    "not_contains": _TEXT_RULE,
    "equals": _TEXT_RULE,
    "regex": {
        "value": Parameter(_pattern, required=True),
        "path": Parameter(_answer_path),
        "case_sensitive": Parameter(_flag),
    },
    "json_schema": {"schema": Parameter(_schema, required=True), "path": Parameter(_answer_path)},
    "max_cost_usd": {"value": Parameter(_cost, required=True)},
    "max_latency_ms": {"value": Parameter(_latency, required=True)},
    "length": {
        "unit": Parameter(_unit, required=True),
        "min": Parameter(_count),
        "max": Parameter(_count),
        "path": Parameter(_answer_path),
    },
    "judge": {"criterion": Parameter(_criterion, required=True)},
}
