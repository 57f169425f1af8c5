"""A check as the API shows it: one member per check type, as ``CheckInput`` takes it.

Checks are stored, exported and graded in the file's shape (``{"type":
"not_contains", "value": …}``, spec: Grading → Checks); the API names the type
by the member that is set (``notContains``) and types each one's parameters,
so a check read can be written back as it is.
"""

from enum import Enum
from typing import Any

import strawberry
from strawberry.scalars import JSON

from casebook.domain.jsonvalue import JSONObject


@strawberry.enum(name="LengthUnit")
class LengthUnit(Enum):
    CHARACTERS = "characters"
    WORDS = "words"


@strawberry.type(
    name="TextCheck",
    description="contains, notContains and equals compare the value; regex's value is a pattern "
    "of at most 500 characters. Not case sensitive unless caseSensitive is true.",
)
class TextCheckType:
    value: str
    path: str | None = strawberry.field(
        description="Where in a JSON answer, such as items.0.name; null reads the whole answer."
    )
    case_sensitive: bool | None = strawberry.field(description="Null: not said (not sensitive).")


@strawberry.type(name="JsonSchemaCheck", description="The answer is JSON matching the schema.")
class JsonSchemaCheckType:
    schema: JSON = strawberry.field(
        description="A JSON Schema, without pattern or patternProperties; $ref inside it only."
    )
    path: str | None


@strawberry.type(
    name="LimitCheck",
    description="maxCostUsd: the run cost at most this many USD; maxLatencyMs: it took at most "
    "this many milliseconds.",
)
class LimitCheckType:
    value: float


@strawberry.type(
    name="LengthCheck",
    description="The answer is at least min and at most max long (one bound or both); words are "
    "runs of anything but whitespace.",
)
class LengthCheckType:
    unit: LengthUnit
    min: int | None
    max: int | None
    path: str | None


@strawberry.type(
    name="JudgeCheck",
    description="A criterion for this case alone, graded in the judge's run.",
)
class JudgeCheckType:
    criterion: str


Member = TextCheckType | JsonSchemaCheckType | LimitCheckType | LengthCheckType | JudgeCheckType


@strawberry.type(
    name="Check",
    description="A rule about an answer (spec: Grading → Checks). Exactly one member is set, "
    "named after the check's type, with that type's parameters: the shape CheckInput takes.",
)
class CheckType:
    contains: TextCheckType | None = None
    not_contains: TextCheckType | None = None
    equals: TextCheckType | None = None
    regex: TextCheckType | None = None
    json_schema: JsonSchemaCheckType | None = None
    max_cost_usd: LimitCheckType | None = None
    max_latency_ms: LimitCheckType | None = None
    length: LengthCheckType | None = None
    judge: JudgeCheckType | None = None

    @classmethod
    def from_json(cls, check: JSONObject) -> "CheckType":
        """A stored check (its ``type`` one of the domain's check types) as the API shows it."""
        check_type = str(check["type"])
        shown = cls()
        setattr(shown, check_type, _member(check_type, check))
        return shown


def _member(check_type: str, check: JSONObject) -> Member:
    def text(name: str) -> Any:
        return check.get(name)

    if check_type == "json_schema":
        return JsonSchemaCheckType(schema=JSON(check["schema"]), path=text("path"))
    if check_type in ("max_cost_usd", "max_latency_ms"):
        value = check["value"]
        assert isinstance(value, int | float)
        return LimitCheckType(value=float(value))
    if check_type == "length":
        return LengthCheckType(
            unit=LengthUnit(check["unit"]), min=text("min"), max=text("max"), path=text("path")
        )
    if check_type == "judge":
        return JudgeCheckType(criterion=str(check["criterion"]))
    return TextCheckType(
        value=str(check["value"]), path=text("path"), case_sensitive=text("case_sensitive")
    )
