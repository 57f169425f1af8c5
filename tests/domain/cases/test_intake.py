"""Every way a case is added validates it and then redacts its credentials."""

import pytest

from casebook.domain.cases.intake import intake_case, intake_import
from casebook.domain.cases.validation import INPUT_MAX_CHARS
from casebook.domain.errors import FieldError, ValidationFailed

AWS_KEY = "AKIA" + "IOSFODNN7EXAMPLE"  # 20 characters; its placeholder is longer


def test_a_case_is_validated_then_redacted() -> None:
    content, count = intake_case(
        {
            "input": f"Why does {AWS_KEY} fail?",
            "expected_tool_calls": [{"tool": "rotate_key", "args": {"key": AWS_KEY}}],
        }
    )
    assert count == 2
    assert content.input == "Why does [redacted:aws_access_key] fail?"
    assert content.expected_tool_calls[0].args == {"key": "[redacted:aws_access_key]"}


def test_an_invalid_case_is_refused_before_redaction() -> None:
    with pytest.raises(ValidationFailed) as caught:
        intake_case({"input": AWS_KEY})
    assert [error.path for error in caught.value.errors] == ["reference_answer"]


def test_a_case_pushed_past_a_bound_by_redaction_is_refused() -> None:
    text = AWS_KEY + " " + "x" * (INPUT_MAX_CHARS - len(AWS_KEY) - 1)
    assert len(text) == INPUT_MAX_CHARS
    with pytest.raises(ValidationFailed) as caught:
        intake_case({"input": text, "reference_answer": "a"})
    assert caught.value.errors == [
        FieldError("input", "is longer than 100,000 characters once credentials are redacted")
    ]


def test_an_import_counts_every_redaction_and_names_rows() -> None:
    data = (
        '{"input": "key ' + AWS_KEY + '", "reference_answer": "a"}\n'
        '{"input": "Bearer 8f14e45fceea167a5a36dedd4bea2543", "reference_answer": "b"}\n'
    ).encode()
    cases, count = intake_import(data, "jsonl")
    assert count == 2
    assert [content.input for content in cases] == [
        "key [redacted:aws_access_key]",
        "Bearer [redacted:bearer_token]",
    ]


def test_an_import_row_pushed_past_a_bound_is_named() -> None:
    long_input = AWS_KEY + " " + "x" * (INPUT_MAX_CHARS - len(AWS_KEY) - 1)
    data = (
        '{"input": "q", "reference_answer": "a"}\n'
        + '{"input": "'
        + long_input
        + '", "reference_answer": "a"}\n'
    ).encode()
    with pytest.raises(ValidationFailed) as caught:
        intake_import(data, "jsonl")
    assert [error.path for error in caught.value.errors] == ["rows.2.input"]
