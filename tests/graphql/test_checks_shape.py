"""A check read from the API writes back as the same check: Check and CheckInput mirror each
other member by member, and the stored shape survives the trip (property tests)."""

from dataclasses import fields
from typing import Any

import strawberry
from hypothesis import given

from casebook.domain.checks import CHECK_TYPES, validate_check
from casebook.domain.jsonvalue import JSONObject
from casebook.graphql.types.checks import check_input
from casebook.graphql.types.checks.check import CheckType
from casebook.graphql.types.checks.check_input import CheckInput, check_document
from tests.domain.cases.strategies import checks

INPUT_OF_MEMBER = {
    "TextCheckType": check_input.TextCheckInput,
    "JsonSchemaCheckType": check_input.JsonSchemaCheckInput,
    "LimitCheckType": check_input.LimitCheckInput,
    "LengthCheckType": check_input.LengthCheckInput,
    "JudgeCheckType": check_input.JudgeCheckInput,
}


def as_input(shown: CheckType) -> CheckInput:
    """What a client sends back after reading ``shown``: the member set, its parameters."""
    ((name, member),) = [
        (f.name, getattr(shown, f.name)) for f in fields(shown) if getattr(shown, f.name)
    ]
    parameters: dict[str, Any] = {
        f.name: getattr(member, f.name)
        for f in fields(member)
        if getattr(member, f.name) is not None
    }
    return CheckInput(**{name: INPUT_OF_MEMBER[type(member).__name__](**parameters)})


@given(checks)
def test_a_check_read_from_the_api_writes_back_unchanged(stored: JSONObject) -> None:
    member, written = check_document(as_input(CheckType.from_json(stored)))
    assert written == stored
    assert validate_check(written, "check") == written
    assert member == strawberry.utils.str_converters.to_camel_case(str(stored["type"]))


def test_every_check_type_is_a_member_of_both_shapes() -> None:
    shown = {f.name for f in fields(CheckType)}
    written = {f.name for f in fields(CheckInput)}
    assert shown == written == set(CHECK_TYPES)


def test_a_whole_number_limit_stays_a_whole_number() -> None:
    given_check = CheckInput(max_latency_ms=check_input.LimitCheckInput(value=2000.0))
    assert check_document(given_check) == (
        "maxLatencyMs",
        {"type": "max_latency_ms", "value": 2000},
    )
    assert isinstance(check_document(given_check)[1]["value"], int)
