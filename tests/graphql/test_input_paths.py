"""Refusals name a field as the client gave it: camelCase, a check by its member."""

import pytest

from casebook.domain.errors import FieldError, ValidationFailed
from casebook.graphql.input_paths import ANY_INDEX, InputPaths, refusals_in
from casebook.services.kernel.errors import BadUserInput


def _paths() -> InputPaths:
    paths = InputPaths()
    paths.check_from("checks.default_checks.0", "checks.defaultChecks.0", "notContains")
    paths.check_from(f"rules.{ANY_INDEX}", "check", "length")
    return paths


@pytest.mark.parametrize(
    ("stored", "given"),
    [
        ("judge.pass_at", "judge.passAt"),
        ("judge.model_connection_id", "judge.connectionId"),
        (
            "structured.embedding_model.model_connection_id",
            "structured.embeddingModel.connectionId",
        ),
        (
            "checks.default_checks.0.case_sensitive",
            "checks.defaultChecks.0.notContains.caseSensitive",
        ),
        ("checks.default_checks.0.type", "checks.defaultChecks.0.notContains"),
        ("checks.default_checks.0", "checks.defaultChecks.0.notContains"),
        ("checks.default_checks.1.value", "checks.defaultChecks.1.value"),
        ("rules.7.min", "check.length.min"),
        ("judge.criteria.2.id", "judge.criteria.2.id"),
        ("", ""),
        ("caseId", "caseId"),
    ],
)
def test_a_stored_path_is_named_as_the_client_gave_it(stored: str, given: str) -> None:
    assert _paths().api_path(stored) == given


def test_a_refusal_raised_inside_is_renamed_and_keeps_its_messages() -> None:
    with pytest.raises(BadUserInput) as refused, refusals_in(_paths()):
        raise ValidationFailed([FieldError("judge.pass_at", "is above the top of the scale")])
    assert refused.value.errors == [FieldError("judge.passAt", "is above the top of the scale")]
