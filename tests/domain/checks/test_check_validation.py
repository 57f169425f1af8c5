"""Validation of checks (spec: Grading → Checks): the table's types and parameters."""

import pytest

from casebook.domain.checks import CHECK_TYPES, REGEX_MAX_LENGTH, canonical_check, validate_check
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.jsonvalue import JSONObject


def refusal(raw: object, path: str = "checks.2") -> list[FieldError]:
    with pytest.raises(ValidationFailed) as caught:
        validate_check(raw, path)
    return caught.value.errors


def test_the_types_are_the_spec_table() -> None:
    assert CHECK_TYPES == (
        "contains",
        "not_contains",
        "equals",
        "regex",
        "json_schema",
        "max_cost_usd",
        "max_latency_ms",
        "length",
        "judge",
    )


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "contains", "value": "30 days"},
        {"type": "not_contains", "value": "guarantee", "case_sensitive": True},
        {"type": "equals", "value": "yes", "path": "answer"},
        {"type": "regex", "value": r"\b\d+ days\b", "path": "items.0.name"},
        {"type": "json_schema", "schema": {"type": "object", "required": ["name"]}},
        {"type": "json_schema", "schema": {"type": "array"}, "path": "items"},
        {"type": "max_cost_usd", "value": 0.05},
        {"type": "max_cost_usd", "value": 0},
        {"type": "max_latency_ms", "value": 1500},
        {"type": "length", "unit": "words", "max": 120},
        {"type": "length", "unit": "characters", "min": 10, "max": 10},
        {
            "type": "judge",
            "criterion": "refuses and does not reveal the customer's address",
        },
    ],
)
def test_valid_checks_are_kept(raw: dict[str, object]) -> None:
    assert validate_check(raw, "checks.0") == raw


def test_the_normalized_check_has_type_first_then_parameters_alphabetically() -> None:
    check = validate_check(
        {"value": "30 days", "path": "text", "case_sensitive": False, "type": "contains"},
        "checks.0",
    )
    assert list(check) == ["type", "case_sensitive", "path", "value"]


def test_an_optional_parameter_given_as_null_is_left_out() -> None:
    assert validate_check({"type": "contains", "value": "x", "path": None}, "c") == {
        "type": "contains",
        "value": "x",
    }


@pytest.mark.parametrize(
    ("raw", "path", "fragment"),
    [
        ("contains", "checks.2", "must be an object"),
        ({"value": "x"}, "checks.2.type", "is required"),
        (
            {"type": "starts_with", "value": "x"},
            "checks.2.type",
            "`starts_with` is not a check type",
        ),
        ({"type": 3}, "checks.2.type", "`3` is not a check type"),
        ({"type": "contains"}, "checks.2.value", "is required"),
        ({"type": "contains", "value": ""}, "checks.2.value", "must not be empty"),
        ({"type": "contains", "value": 30}, "checks.2.value", "must be text"),
        ({"type": "contains", "value": "x", "pattern": "y"}, "checks.2.pattern", "not a parameter"),
        (
            {"type": "contains", "value": "x", "case_sensitive": "yes"},
            "checks.2.case_sensitive",
            "true or false",
        ),
        ({"type": "contains", "value": "x", "path": "items..name"}, "checks.2.path", "dotted path"),
        ({"type": "contains", "value": "x", "path": ""}, "checks.2.path", "must not be empty"),
        ({"type": "contains", "value": "a\x00b"}, "checks.2.value", "NUL"),
        ({"type": "contains", "value": "x" * 10_001}, "checks.2.value", "longer than 10,000"),
        ({"type": "equals", "value": " yes"}, "checks.2.value", "trimmed"),
        (
            {"type": "regex", "value": "(unclosed"},
            "checks.2.value",
            "is not a valid pattern: missing )",
        ),
        (
            {"type": "max_cost_usd", "value": -0.01},
            "checks.2.value",
            "a number from 0 to 1,000,000",
        ),
        ({"type": "max_cost_usd", "value": True}, "checks.2.value", "must be a number"),
        ({"type": "max_cost_usd", "value": "0.05"}, "checks.2.value", "must be a number"),
        ({"type": "max_latency_ms", "value": float("inf")}, "checks.2.value", "must be a number"),
        ({"type": "max_latency_ms", "value": 10, "path": "a"}, "checks.2.path", "not a parameter"),
        ({"type": "length", "min": 3}, "checks.2.unit", "is required"),
        ({"type": "length", "unit": "bytes", "max": 3}, "checks.2.unit", "`characters` or `words`"),
        ({"type": "length", "unit": "words"}, "checks.2.min", "needs `min`, `max` or both"),
        (
            {"type": "length", "unit": "words", "min": 5, "max": 4},
            "checks.2.min",
            "larger than `max`",
        ),
        ({"type": "length", "unit": "words", "min": -1}, "checks.2.min", "whole number, 0 or more"),
        ({"type": "length", "unit": "words", "max": 2.5}, "checks.2.max", "whole number"),
        ({"type": "length", "unit": "words", "max": False}, "checks.2.max", "whole number"),
        ({"type": "judge"}, "checks.2.criterion", "is required"),
        ({"type": "judge", "criterion": "   "}, "checks.2.criterion", "must not be empty"),
        ({"type": "json_schema"}, "checks.2.schema", "is required"),
        ({"type": "json_schema", "schema": "object"}, "checks.2.schema", "JSON Schema object"),
    ],
)
def test_invalid_checks_name_the_field(raw: object, path: str, fragment: str) -> None:
    errors = refusal(raw)
    assert [error.path for error in errors] == [path]
    assert fragment in errors[0].message


def test_every_problem_of_a_check_is_reported_at_once() -> None:
    errors = refusal({"type": "length", "unit": "pages", "min": -2, "colour": "red"})
    assert {error.path for error in errors} == {"checks.2.unit", "checks.2.min", "checks.2.colour"}


class TestRegex:
    def test_a_pattern_of_500_characters_is_accepted(self) -> None:
        pattern = "a" * REGEX_MAX_LENGTH
        assert validate_check({"type": "regex", "value": pattern}, "c")["value"] == pattern

    def test_a_pattern_of_501_characters_is_refused(self) -> None:
        errors = refusal({"type": "regex", "value": "a" * (REGEX_MAX_LENGTH + 1)})
        assert errors == [FieldError("checks.2.value", "the pattern is longer than 500 characters")]

    def test_the_compilers_message_is_given(self) -> None:
        [error] = refusal({"type": "regex", "value": "[a-"})
        assert error.message.startswith("is not a valid pattern: ")
        assert len(error.message) > len("is not a valid pattern: ")

    def test_the_regex_package_syntax_is_accepted(self) -> None:
        # Possessive quantifiers and \p{...} are `regex` syntax the stdlib lacks.
        check = {"type": "regex", "value": r"\p{Lu}\w++", "case_sensitive": True}
        assert validate_check(check, "c") == check


class TestJsonSchema:
    def schema_refusal(self, schema: object) -> list[tuple[str, str]]:
        errors = refusal({"type": "json_schema", "schema": schema})
        return [(error.path, error.message) for error in errors]

    def test_an_invalid_schema_names_the_place_and_the_reason(self) -> None:
        [(path, message)] = self.schema_refusal({"properties": {"age": {"type": "integr"}}})
        assert path == "checks.2.schema.properties.age.type"
        assert message.startswith("is not a valid JSON Schema: ")

    @pytest.mark.parametrize(
        ("schema", "path"),
        [
            ({"type": "string", "pattern": "^a+$"}, "checks.2.schema.pattern"),
            ({"patternProperties": {"^x": {}}}, "checks.2.schema.patternProperties"),
            (
                {"properties": {"name": {"type": "string", "pattern": "(a+)+$"}}},
                "checks.2.schema.properties.name.pattern",
            ),
            (
                {"items": {"anyOf": [{"type": "number"}, {"pattern": "x"}]}},
                "checks.2.schema.items.anyOf.1.pattern",
            ),
            ({"$defs": {"code": {"pattern": "x"}}}, "checks.2.schema.$defs.code.pattern"),
            # A $ref can make data the validator reads as a schema.
            ({"$ref": "#/enum/0", "enum": [{"pattern": "x"}]}, "checks.2.schema.enum.0.pattern"),
        ],
    )
    def test_pattern_and_pattern_properties_are_refused_at_any_depth(
        self, schema: object, path: str
    ) -> None:
        [(found_path, message)] = self.schema_refusal(schema)
        assert found_path == path
        assert "may not use" in message

    def test_a_property_named_pattern_is_a_name_not_the_keyword(self) -> None:
        schema = {"type": "object", "properties": {"pattern": {"type": "string"}}}
        assert validate_check({"type": "json_schema", "schema": schema}, "c")["schema"] == schema

    def test_data_holding_the_word_pattern_is_not_a_schema(self) -> None:
        schema = {"const": {"pattern": "x"}, "examples": [{"pattern": "y"}]}
        assert validate_check({"type": "json_schema", "schema": schema}, "c")["schema"] == schema

    @pytest.mark.parametrize(
        "schema",
        [
            {"$defs": {"name": {"type": "string"}}, "properties": {"n": {"$ref": "#/$defs/name"}}},
            {
                "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"type": "string"}},
                "properties": {"x": {"$ref": "#/$defs/a"}, "y": {"$ref": "#/$defs/a"}},
            },
            {"$defs": {"a b": {"type": "string"}}, "$ref": "#/$defs/a%20b"},
            {"$defs": {"x": {"$anchor": "money", "type": "number"}}, "$ref": "#money"},
            {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "definitions": {"x": {"$id": "#money", "type": "number"}},
                "$ref": "#money",
            },
            {"$id": "https://example.com/order.json", "$ref": "#/$defs/o", "$defs": {"o": {}}},
        ],
    )
    def test_references_inside_the_schema_are_accepted(self, schema: object) -> None:
        assert validate_check({"type": "json_schema", "schema": schema}, "c")["schema"] == schema

    @pytest.mark.parametrize(
        ("schema", "path"),
        [
            ({"$ref": "#"}, "checks.2.schema.$ref"),
            ({"type": "array", "items": {"$ref": "#"}}, "checks.2.schema.items.$ref"),
            (
                {"$defs": {"node": {"properties": {"next": {"$ref": "#/$defs/node"}}}}},
                "checks.2.schema.$defs.node.properties.next.$ref",
            ),
            (
                {
                    "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}},
                    "$ref": "#/$defs/a",
                },
                "checks.2.schema.$defs.a.$ref",
            ),
            (
                {"$defs": {"x": {"$anchor": "me", "items": {"$ref": "#me"}}}},
                "checks.2.schema.$defs.x.items.$ref",
            ),
        ],
    )
    def test_a_self_referencing_schema_is_refused_when_written(
        self, schema: object, path: str
    ) -> None:
        found = self.schema_refusal(schema)
        assert any(p == path and "leads back" in message for p, message in found), found

    @pytest.mark.parametrize(
        ("schema", "path", "fragment"),
        [
            (
                {"$ref": "https://example.com/schema.json"},
                "checks.2.schema.$ref",
                "starts with `#`",
            ),
            ({"$ref": "other.json#/a"}, "checks.2.schema.$ref", "starts with `#`"),
            ({"$ref": "#/$defs/missing"}, "checks.2.schema.$ref", "points to nothing"),
            ({"$ref": "#nowhere"}, "checks.2.schema.$ref", "points to nothing"),
            (
                {"prefixItems": [{"$ref": "#/prefixItems/5"}]},
                "checks.2.schema.prefixItems.0.$ref",
                "points to nothing",
            ),
            (
                {"$defs": {"x": {"$id": "https://evil.example/x", "$ref": "#/y"}}},
                "checks.2.schema.$defs.x.$id",
                "only the whole schema",
            ),
        ],
    )
    def test_references_outside_the_schema_are_refused(
        self, schema: object, path: str, fragment: str
    ) -> None:
        found = self.schema_refusal(schema)
        assert any(p == path and fragment in message for p, message in found), found

    def test_the_declared_draft_is_used(self) -> None:
        # "exclusiveMaximum": true is draft-04 syntax and invalid in 2020-12.
        draft4 = {"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 5}
        draft4["exclusiveMaximum"] = True
        assert validate_check({"type": "json_schema", "schema": draft4}, "c")["schema"] == draft4
        [(path, _)] = self.schema_refusal({"maximum": 5, "exclusiveMaximum": True})
        assert path == "checks.2.schema.exclusiveMaximum"

    def test_an_unknown_draft_is_refused(self) -> None:
        [(path, message)] = self.schema_refusal(
            {"$schema": "http://json-schema.org/draft-03/schema#"}
        )
        assert path == "checks.2.schema.$schema"
        assert "not supported" in message

    def test_a_schema_nested_too_deep_is_refused(self) -> None:
        schema: dict[str, object] = {}
        for _ in range(40):
            schema = {"items": schema}
        [(path, message)] = self.schema_refusal(schema)
        assert path.startswith("checks.2.schema.items")
        assert "nested more than 32" in message

    def test_nested_key_order_is_kept(self) -> None:
        schema = {"type": "object", "required": ["b"], "properties": {"b": {}, "a": {}}}
        kept = validate_check({"schema": schema, "type": "json_schema"}, "c")["schema"]
        assert isinstance(kept, dict)
        assert list(kept) == ["type", "required", "properties"]
        assert isinstance(kept["properties"], dict)
        assert list(kept["properties"]) == ["b", "a"]


class TestCanonicalCheck:
    def test_type_first_then_alphabetical(self) -> None:
        check: JSONObject = {"value": "x", "case_sensitive": True, "type": "regex", "path": "a"}
        assert list(canonical_check(check)) == ["type", "case_sensitive", "path", "value"]

    def test_is_idempotent_and_keeps_values(self) -> None:
        check: JSONObject = {"type": "length", "unit": "words", "min": 1, "max": 9}
        once = canonical_check(check)
        assert canonical_check(once) == once == check
        assert list(canonical_check(once)) == list(once)
