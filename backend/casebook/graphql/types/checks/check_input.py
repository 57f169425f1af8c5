"""A check as a client writes it: a ``@oneOf`` input, one member per check type.

The member given names the type; its parameters are typed. ``check_document``
turns it into the stored shape (``{"type": "not_contains", "value": …}``), which
the domain validates as it validates a check read from a file.
"""

from dataclasses import fields
from enum import Enum
from typing import Any

import strawberry
from strawberry.scalars import JSON
from strawberry.utils.str_converters import to_camel_case

from casebook.domain.checks import CHECK_TYPES
from casebook.domain.jsonvalue import JSONObject, JSONValue
from casebook.graphql.types.checks.check import LengthUnit


@strawberry.input(
    name="TextCheckInput",
    description="contains, notContains and equals compare the value; regex's value is a pattern "
    "of at most 500 characters. Not case sensitive unless caseSensitive is true.",
)
class TextCheckInput:
    value: str
    path: str | None = strawberry.field(
        default=strawberry.UNSET,
        description="Where in a JSON answer, such as items.0.name; left out, the whole answer.",
    )
    case_sensitive: bool | None = strawberry.UNSET


@strawberry.input(name="JsonSchemaCheckInput")
class JsonSchemaCheckInput:
    schema: JSON = strawberry.field(
        description="A JSON Schema, without pattern or patternProperties; $ref inside it only."
    )
    path: str | None = strawberry.UNSET


@strawberry.input(
    name="LimitCheckInput",
    description="maxCostUsd: at most this many USD; maxLatencyMs: at most this many milliseconds.",
)
class LimitCheckInput:
    value: float


@strawberry.input(name="LengthCheckInput", description="min, max or both.")
class LengthCheckInput:
    unit: LengthUnit
    min: int | None = strawberry.UNSET
    max: int | None = strawberry.UNSET
    path: str | None = strawberry.UNSET


@strawberry.input(name="JudgeCheckInput")
class JudgeCheckInput:
    criterion: str


@strawberry.input(
    name="CheckInput",
    one_of=True,
    description="A rule about an answer: exactly one member, named after the check's type.",
)
class CheckInput:
    contains: TextCheckInput | None = strawberry.UNSET
    not_contains: TextCheckInput | None = strawberry.UNSET
    equals: TextCheckInput | None = strawberry.UNSET
    regex: TextCheckInput | None = strawberry.UNSET
    json_schema: JsonSchemaCheckInput | None = strawberry.UNSET
    max_cost_usd: LimitCheckInput | None = strawberry.UNSET
    max_latency_ms: LimitCheckInput | None = strawberry.UNSET
    length: LengthCheckInput | None = strawberry.UNSET
    judge: JudgeCheckInput | None = strawberry.UNSET


def _stored(value: Any) -> JSONValue:
    if isinstance(value, Enum):
        stored: JSONValue = value.value
        return stored
    if isinstance(value, float) and value.is_integer():
        return int(value)  # a whole number stays one, as a file would hold it
    return value  # type: ignore[no-any-return]


def check_document(given: CheckInput) -> tuple[str, JSONObject]:
    """The member given (its API name) and the check in its stored shape."""
    check_type, member = next(
        (name, value)
        for name in CHECK_TYPES
        if (value := getattr(given, name)) is not strawberry.UNSET and value is not None
    )
    document: JSONObject = {"type": check_type}
    for parameter in fields(member):
        value = getattr(member, parameter.name)
        if value is not strawberry.UNSET:
            document[parameter.name] = _stored(value)
    return to_camel_case(check_type), document
