"""Every way a case is added validates it and then redacts its credentials."""

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.cases.intake import intake_case, intake_import, intake_import_in_chunks
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


def _rows(n: int, *, bad: set[int] = frozenset(), key_at: set[int] = frozenset()) -> bytes:
    rows = []
    for i in range(n):
        row: dict[str, object] = {"input": f"Question {i}?"}
        if i not in bad:
            row["reference_answer"] = f"Answer {i}"
        if i in key_at:
            row["input"] = (
                f"Question {i} with " + "sk-ant-api03-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6"
            )
        rows.append(row)
    return "".join(json.dumps(r) + "\n" for r in rows).encode()


@given(
    n=st.integers(1, 12),
    per_chunk=st.integers(1, 5),
    bad=st.sets(st.integers(0, 11), max_size=3),
    key_at=st.sets(st.integers(0, 11), max_size=3),
)
def test_chunks_are_the_import_and_the_refusal_is_the_same(
    n: int, per_chunk: int, bad: set[int], key_at: set[int]
) -> None:
    data = _rows(n, bad=bad, key_at=key_at)
    handed: list[tuple[list[Any], int]] = []
    try:
        whole = intake_import(data, "jsonl")
    except ValidationFailed as refusal:
        with pytest.raises(ValidationFailed) as chunked:
            for chunk in intake_import_in_chunks(data, "jsonl", per_chunk):
                handed.append(chunk)
        assert chunked.value.errors == refusal.errors
        # Chunks are handed on only while every row before them passed.
        first_bad = min(i for i in range(n) if i in bad)
        assert sum(len(cases) for cases, _ in handed) <= first_bad
        return
    handed = list(intake_import_in_chunks(data, "jsonl", per_chunk))
    assert [len(cases) for cases, _ in handed] == [
        min(per_chunk, n - start) for start in range(0, n, per_chunk)
    ]
    assert [c for cases, _ in handed for c in cases] == whole[0]
    assert sum(count for _, count in handed) == whole[1] == len([i for i in key_at if i < n])
