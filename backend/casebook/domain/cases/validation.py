"""Validating a case a client sent (spec: "What a case holds").

``validate_case`` reads the nine fields an import holds, plus
``reference_verified``, and returns a ``CaseContent`` - or raises
``ValidationFailed`` listing every problem at once, each on its dotted path.

What is normalized rather than refused: a blank reference answer,
counter-example or note is no value (``None``); an empty or missing order mode
is ``any``; a missing list is empty; tags and tool names are trimmed and
duplicate tags dropped, keeping the first; a tool call's arguments are kept in
alphabetical order, as they are exported.

Bounds beyond the spec, so one case stays storable and readable: input and each
answer or turn at most 100,000 characters, a note 10,000; at most 200 turns,
100 expected tool calls, 100 checks and 50 tags of 100 characters. A tag may not
hold a comma, because CSV writes tags comma-separated. No text may hold the NUL
character, which PostgreSQL cannot store.
"""

from collections.abc import Mapping
from typing import cast

from casebook.domain.cases.model import (
    ORDER_MODES,
    TURN_ROLES,
    CaseContent,
    ExpectedToolCall,
    OrderMode,
    Turn,
    TurnRole,
)
from casebook.domain.checks.definitions import validate_check
from casebook.domain.checks.json_values import first_json_problem
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.jsonvalue import JSONObject

CASE_FIELDS: tuple[str, ...] = (
    "input",
    "history",
    "reference_answer",
    "counter_example",
    "expected_tool_calls",
    "order_mode",
    "checks",
    "tags",
    "note",
    "reference_verified",
)
EXPECTATION_FIELDS = ("reference_answer", "counter_example", "expected_tool_calls", "checks")

INPUT_MAX_CHARS = 100_000
ANSWER_MAX_CHARS = 100_000
NOTE_MAX_CHARS = 10_000
HISTORY_MAX_TURNS = 200
TOOL_CALLS_MAX = 100
TOOL_NAME_MAX_CHARS = 200
CHECKS_MAX = 100
TAGS_MAX = 50
TAG_MAX_CHARS = 100

NEEDS_AN_EXPECTATION = (
    "a case needs at least one of a reference answer, a counter-example, "
    "an expected tool call or a check; with only an input it could never fail"
)


def validate_case(raw: Mapping[str, object]) -> CaseContent:
    """The case ``raw`` describes, or ValidationFailed listing every problem in it."""
    errors: list[FieldError] = []
    for name in raw:
        if name not in CASE_FIELDS:
            known = ", ".join(CASE_FIELDS)
            errors.append(FieldError(name, f"is not a field of a case, which has {known}"))
    input_text = _text(raw.get("input"), "input", INPUT_MAX_CHARS, errors, required=True)
    history = _history(raw.get("history"), errors)
    reference = _text(raw.get("reference_answer"), "reference_answer", ANSWER_MAX_CHARS, errors)
    counter = _text(raw.get("counter_example"), "counter_example", ANSWER_MAX_CHARS, errors)
    tool_calls = _tool_calls(raw.get("expected_tool_calls"), errors)
    order_mode = _order_mode(raw.get("order_mode"), errors)
    checks = _checks(raw.get("checks"), errors)
    tags = _tags(raw.get("tags"), errors)
    note = _text(raw.get("note"), "note", NOTE_MAX_CHARS, errors)
    verified = _reference_verified(raw.get("reference_verified"), errors)

    expectations_readable = not any(_field_of(e) in EXPECTATION_FIELDS for e in errors)
    if expectations_readable and not (reference or counter or tool_calls or checks):
        errors.append(FieldError("reference_answer", NEEDS_AN_EXPECTATION))
    if verified and reference is None and expectations_readable:
        message = "only a case with a reference answer can have it verified"
        errors.append(FieldError("reference_verified", message))
    if errors or input_text is None:
        raise ValidationFailed(errors)
    return CaseContent(
        input=input_text,
        history=history,
        reference_answer=reference,
        counter_example=counter,
        expected_tool_calls=tool_calls,
        order_mode=order_mode,
        checks=checks,
        tags=tags,
        note=note,
        reference_verified=verified,
    )


def _field_of(error: FieldError) -> str:
    return error.path.split(".", 1)[0]


def _text(
    value: object, path: str, max_chars: int, errors: list[FieldError], *, required: bool = False
) -> str | None:
    """A text field; blank is no value, which is an error only when the field is required."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            errors.append(FieldError(path, "is required" if value is None else "must not be blank"))
        return None
    if not isinstance(value, str):
        errors.append(FieldError(path, "must be text"))
        return None
    if len(value) > max_chars:
        errors.append(FieldError(path, f"is longer than {max_chars:,} characters"))
        return None
    if "\x00" in value:
        errors.append(FieldError(path, "must not contain the NUL character"))
        return None
    return value


def _list(
    value: object, path: str, max_items: int, what: str, errors: list[FieldError]
) -> list[object]:
    if value is None:
        return []
    if not isinstance(value, list):
        errors.append(FieldError(path, f"must be a list of {what}"))
        return []
    if len(value) > max_items:
        errors.append(FieldError(path, f"holds more than {max_items} {what}"))
        return []
    return value


def _object(
    value: object, path: str, fields: tuple[str, ...], what: str, errors: list[FieldError]
) -> Mapping[str, object] | None:
    shape = " and ".join(f"`{name}`" for name in fields)
    if not isinstance(value, dict):
        errors.append(FieldError(path, f"must be an object with {shape}"))
        return None
    for name in value:
        if name not in fields:
            errors.append(
                FieldError(f"{path}.{name}", f"is not a field of {what}, which has {shape}")
            )
    return value


def _history(value: object, errors: list[FieldError]) -> tuple[Turn, ...]:
    turns: list[Turn] = []
    for index, item in enumerate(_list(value, "history", HISTORY_MAX_TURNS, "turns", errors)):
        path = f"history.{index}"
        turn = _object(item, path, ("role", "content"), "a turn", errors)
        if turn is None:
            continue
        role = turn.get("role")
        if role is None:
            errors.append(FieldError(f"{path}.role", "is required"))
        elif role not in TURN_ROLES:
            errors.append(FieldError(f"{path}.role", "must be `user` or `assistant`"))
        content = _text(
            turn.get("content"), f"{path}.content", ANSWER_MAX_CHARS, errors, required=True
        )
        if role in TURN_ROLES and content is not None:
            turns.append(Turn(cast(TurnRole, role), content))
    return tuple(turns)


def _tool_calls(value: object, errors: list[FieldError]) -> tuple[ExpectedToolCall, ...]:
    calls: list[ExpectedToolCall] = []
    items = _list(value, "expected_tool_calls", TOOL_CALLS_MAX, "tool calls", errors)
    for index, item in enumerate(items):
        path = f"expected_tool_calls.{index}"
        call = _object(item, path, ("tool", "args"), "a tool call", errors)
        if call is None:
            continue
        tool = _text(call.get("tool"), f"{path}.tool", TOOL_NAME_MAX_CHARS, errors, required=True)
        args = _arguments(call.get("args"), f"{path}.args", errors)
        if tool is not None and args is not None:
            calls.append(ExpectedToolCall(tool.strip(), args))
    return tuple(calls)


def _arguments(value: object, path: str, errors: list[FieldError]) -> JSONObject | None:
    if value is None:
        return {}
    if not isinstance(value, dict):
        errors.append(FieldError(path, "must be an object of argument names and values"))
        return None
    problem = first_json_problem(value)
    if problem:
        errors.append(problem.prefixed(path))
        return None
    return {name: value[name] for name in sorted(value)}


def _order_mode(value: object, errors: list[FieldError]) -> OrderMode:
    if value is None or value == "":
        return "any"
    if value not in ORDER_MODES:
        errors.append(FieldError("order_mode", "must be `any`, `in_order` or `exact`"))
        return "any"
    return cast(OrderMode, value)


def _checks(value: object, errors: list[FieldError]) -> tuple[JSONObject, ...]:
    checks: list[JSONObject] = []
    for index, item in enumerate(_list(value, "checks", CHECKS_MAX, "checks", errors)):
        try:
            checks.append(validate_check(item, f"checks.{index}"))
        except ValidationFailed as refusal:
            errors.extend(refusal.errors)
    return tuple(checks)


def _tags(value: object, errors: list[FieldError]) -> tuple[str, ...]:
    tags: list[str] = []
    for index, item in enumerate(_list(value, "tags", TAGS_MAX, "tags", errors)):
        tag = _tag(item, f"tags.{index}", errors)
        if tag is not None:
            tags.append(tag)
    return tuple(dict.fromkeys(tags))


def _tag(value: object, path: str, errors: list[FieldError]) -> str | None:
    tag = _text(value, path, TAG_MAX_CHARS, errors, required=True)
    if tag is None:
        return None
    if "," in tag:
        message = "must not contain a comma, because CSV writes tags comma-separated"
        errors.append(FieldError(path, message))
        return None
    return tag.strip()


def validate_tag(value: object, path: str) -> str:
    """One tag, read as a case's tag is (trimmed; refused when blank, too long, holding a
    comma or the NUL character), or ValidationFailed naming ``path``."""
    errors: list[FieldError] = []
    tag = _tag(value, path, errors)
    if tag is None:
        raise ValidationFailed(errors)
    return tag


def _reference_verified(value: object, errors: list[FieldError]) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        errors.append(FieldError("reference_verified", "must be true or false"))
        return False
    return value
