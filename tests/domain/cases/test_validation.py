"""Validating a case (spec: "What a case holds")."""

from typing import Any

import pytest

from casebook.domain.cases.model import CaseContent, ExpectedToolCall, Turn
from casebook.domain.cases.validation import (
    INPUT_MAX_CHARS,
    NEEDS_AN_EXPECTATION,
    NOTE_MAX_CHARS,
    TAG_MAX_CHARS,
    TAGS_MAX,
    validate_case,
)
from casebook.domain.errors import FieldError, ValidationFailed


def refusal(raw: dict[str, Any]) -> list[FieldError]:
    with pytest.raises(ValidationFailed) as caught:
        validate_case(raw)
    return caught.value.errors


def paths(raw: dict[str, Any]) -> list[str]:
    return [error.path for error in refusal(raw)]


def test_a_full_case_is_read_into_its_content() -> None:
    content = validate_case(
        {
            "input": "And what about a used one?",
            "history": [
                {"role": "user", "content": "Can I return a kettle?"},
                {"role": "assistant", "content": "Yes, within 30 days."},
            ],
            "reference_answer": "No, only unused items",
            "counter_example": "Yes, any kettle",
            "expected_tool_calls": [{"tool": "lookup_policy", "args": {"topic": "returns"}}],
            "order_mode": "in_order",
            "checks": [{"value": "unused", "type": "contains"}],
            "tags": ["returns", "refusal"],
            "note": "The agent once accepted a used kettle",
            "reference_verified": True,
        }
    )
    assert content == CaseContent(
        input="And what about a used one?",
        history=(
            Turn("user", "Can I return a kettle?"),
            Turn("assistant", "Yes, within 30 days."),
        ),
        reference_answer="No, only unused items",
        counter_example="Yes, any kettle",
        expected_tool_calls=(ExpectedToolCall("lookup_policy", {"topic": "returns"}),),
        order_mode="in_order",
        checks=({"type": "contains", "value": "unused"},),
        tags=("returns", "refusal"),
        note="The agent once accepted a used kettle",
        reference_verified=True,
    )


@pytest.mark.parametrize(
    "expectation",
    [
        {"reference_answer": "30 days from delivery"},
        {"counter_example": "There is no return window"},
        {"expected_tool_calls": [{"tool": "open_ticket"}]},
        {"checks": [{"type": "contains", "value": "30"}]},
    ],
)
def test_any_one_of_the_four_expectations_is_enough(expectation: dict[str, Any]) -> None:
    validate_case({"input": "How long is the return window?", **expectation})


def test_a_case_with_only_an_input_is_refused_naming_reference_answer() -> None:
    assert refusal({"input": "How long is the return window?"}) == [
        FieldError("reference_answer", NEEDS_AN_EXPECTATION)
    ]
    assert "at least one of" in NEEDS_AN_EXPECTATION


def test_blank_expectations_do_not_count() -> None:
    errors = refusal(
        {"input": "q", "reference_answer": "  ", "counter_example": "", "checks": [], "note": "n"}
    )
    assert errors == [FieldError("reference_answer", NEEDS_AN_EXPECTATION)]


def test_every_problem_is_reported_at_once() -> None:
    raw = {
        "input": "",
        "history": [{"role": "system", "content": "x"}],
        "reference_answer": 42,
        "expected_tool_calls": [{"tool": " ", "args": []}],
        "order_mode": "random",
        "checks": [{"type": "contains"}, {"type": "regex", "value": "("}],
        "tags": ["ok", ""],
        "reference_verified": "yes",
        "source": "manual",
    }
    assert paths(raw) == [
        "source",
        "input",
        "history.0.role",
        "reference_answer",
        "expected_tool_calls.0.tool",
        "expected_tool_calls.0.args",
        "order_mode",
        "checks.0.value",
        "checks.1.value",
        "tags.1",
        "reference_verified",
    ]


@pytest.mark.parametrize(
    ("raw", "path", "message"),
    [
        ({"input": None}, "input", "is required"),
        ({"input": "   \n"}, "input", "must not be blank"),
        ({"input": 7}, "input", "must be text"),
        ({"input": "a\x00b"}, "input", "must not contain the NUL character"),
        ({"history": "hi"}, "history", "must be a list of turns"),
        ({"history": ["hi"]}, "history.0", "must be an object with `role` and `content`"),
        ({"history": [{"content": "x"}]}, "history.0.role", "is required"),
        ({"history": [{"role": "user"}]}, "history.0.content", "is required"),
        ({"history": [{"role": "user", "content": " "}]}, "history.0.content", "must not be blank"),
        (
            {"history": [{"role": "user", "content": "x", "name": "Ann"}]},
            "history.0.name",
            "is not a field of a turn, which has `role` and `content`",
        ),
        ({"counter_example": ["x"]}, "counter_example", "must be text"),
        ({"expected_tool_calls": {}}, "expected_tool_calls", "must be a list of tool calls"),
        ({"expected_tool_calls": [{"args": {}}]}, "expected_tool_calls.0.tool", "is required"),
        (
            {"expected_tool_calls": [{"tool": "t", "args": "x=1"}]},
            "expected_tool_calls.0.args",
            "must be an object of argument names and values",
        ),
        (
            {"expected_tool_calls": [{"tool": "t", "args": {"a": {"b": "x\x00"}}}]},
            "expected_tool_calls.0.args.a.b",
            "must not contain the NUL character",
        ),
        (
            {"expected_tool_calls": [{"tool": "t", "args": {"n": float("nan")}}]},
            "expected_tool_calls.0.args.n",
            "must be a finite number",
        ),
        (
            {"expected_tool_calls": [{"tool": "t", "when": "first"}]},
            "expected_tool_calls.0.when",
            "is not a field of a tool call, which has `tool` and `args`",
        ),
        ({"order_mode": "strict"}, "order_mode", "must be `any`, `in_order` or `exact`"),
        ({"order_mode": 1}, "order_mode", "must be `any`, `in_order` or `exact`"),
        ({"checks": {"type": "contains"}}, "checks", "must be a list of checks"),
        ({"checks": [{"type": "nope"}]}, "checks.0.type", "`nope` is not a check type"),
        ({"tags": "billing"}, "tags", "must be a list of tags"),
        ({"tags": [3]}, "tags.0", "must be text"),
        ({"tags": ["billing,refunds"]}, "tags.0", "must not contain a comma"),
        ({"note": False}, "note", "must be text"),
        ({"reference_verified": 1}, "reference_verified", "must be true or false"),
    ],
)
def test_a_bad_field_is_named_with_a_reason(raw: dict[str, Any], path: str, message: str) -> None:
    [error] = refusal({"input": "q", "reference_answer": "a", **raw})
    assert error.path == path
    assert message in error.message


def test_a_verified_reference_needs_a_reference() -> None:
    errors = refusal({"input": "q", "counter_example": "x", "reference_verified": True})
    assert errors == [
        FieldError("reference_verified", "only a case with a reference answer can have it verified")
    ]


class TestNormalization:
    def test_blank_optional_texts_become_no_value(self) -> None:
        content = validate_case(
            {"input": "q", "reference_answer": "a", "counter_example": " ", "note": ""}
        )
        assert (content.counter_example, content.note) == (None, None)

    def test_texts_are_otherwise_kept_as_written(self) -> None:
        content = validate_case({"input": "  q \n", "reference_answer": " a "})
        assert (content.input, content.reference_answer) == ("  q \n", " a ")

    @pytest.mark.parametrize("order_mode", [None, ""])
    def test_no_order_mode_means_any(self, order_mode: str | None) -> None:
        content = validate_case({"input": "q", "reference_answer": "a", "order_mode": order_mode})
        assert content.order_mode == "any"

    def test_missing_lists_are_empty(self) -> None:
        content = validate_case(
            {"input": "q", "reference_answer": "a", "history": None, "checks": None, "tags": None}
        )
        assert (content.history, content.checks, content.tags) == ((), (), ())

    def test_tags_are_trimmed_and_kept_once_in_order(self) -> None:
        content = validate_case(
            {"input": "q", "reference_answer": "a", "tags": [" billing", "refusal ", "billing"]}
        )
        assert content.tags == ("billing", "refusal")

    def test_tool_names_are_trimmed_and_arguments_ordered_alphabetically(self) -> None:
        content = validate_case(
            {
                "input": "q",
                "expected_tool_calls": [
                    {"tool": " refund ", "args": {"z": 1, "a": {"y": 2, "b": 3}}}
                ],
            }
        )
        [call] = content.expected_tool_calls
        assert call.tool == "refund"
        assert list(call.args) == ["a", "z"]
        assert list(call.args["a"]) == ["y", "b"]  # type: ignore[arg-type]

    def test_missing_arguments_are_empty(self) -> None:
        content = validate_case(
            {"input": "q", "expected_tool_calls": [{"tool": "t", "args": None}]}
        )
        assert content.expected_tool_calls == (ExpectedToolCall("t", {}),)

    def test_not_verified_unless_said(self) -> None:
        assert validate_case({"input": "q", "reference_answer": "a"}).reference_verified is False


class TestBounds:
    def test_an_input_of_100000_characters_is_accepted(self) -> None:
        assert (
            len(
                validate_case(
                    {"input": "x" * INPUT_MAX_CHARS, "note": None, "reference_answer": "a"}
                ).input
            )
            == INPUT_MAX_CHARS
        )

    def test_an_input_of_100001_characters_is_refused(self) -> None:
        errors = refusal({"input": "x" * (INPUT_MAX_CHARS + 1), "reference_answer": "a"})
        assert errors == [FieldError("input", "is longer than 100,000 characters")]

    def test_a_note_at_and_over_its_bound(self) -> None:
        validate_case({"input": "q", "reference_answer": "a", "note": "n" * NOTE_MAX_CHARS})
        errors = refusal(
            {"input": "q", "reference_answer": "a", "note": "n" * (NOTE_MAX_CHARS + 1)}
        )
        assert errors == [FieldError("note", "is longer than 10,000 characters")]

    def test_tags_at_and_over_their_bounds(self) -> None:
        validate_case({"input": "q", "reference_answer": "a", "tags": ["t" * TAG_MAX_CHARS]})
        many = [f"t{index}" for index in range(TAGS_MAX)]
        validate_case({"input": "q", "reference_answer": "a", "tags": many})
        assert paths({"input": "q", "reference_answer": "a", "tags": [*many, "one more"]}) == [
            "tags"
        ]
        assert paths(
            {"input": "q", "reference_answer": "a", "tags": ["t" * (TAG_MAX_CHARS + 1)]}
        ) == ["tags.0"]

    def test_arguments_nested_too_deep_are_refused(self) -> None:
        args: dict[str, Any] = {}
        for _ in range(40):
            args = {"a": args}
        [error] = refusal({"input": "q", "expected_tool_calls": [{"tool": "t", "args": args}]})
        assert error.path.startswith("expected_tool_calls.0.args.a.a")
        assert "nested more than 32" in error.message
