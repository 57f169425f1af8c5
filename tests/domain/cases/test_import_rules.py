"""Import rules shared by both formats: size, encoding, all or nothing, case cap."""

import pytest

from casebook.domain.cases import DATASET_MAX_CASES
from casebook.domain.cases.fileformat import (
    IMPORT_MAX_BYTES,
    import_format,
    parse_import,
    parse_import_rows,
)
from casebook.domain.errors import FieldError, LimitExceeded, ValidationFailed


def refusal(data: bytes, file_format: str = "csv") -> list[FieldError]:
    with pytest.raises(ValidationFailed) as caught:
        parse_import(data, file_format)
    return caught.value.errors


@pytest.mark.parametrize(
    ("name", "expected"),
    [("csv", "csv"), ("JSONL", "jsonl"), ("cases.csv", "csv"), ("Export.JSONL", "jsonl")],
)
def test_the_format_comes_from_its_name_or_the_files(name: str, expected: str) -> None:
    assert import_format(name) == expected


@pytest.mark.parametrize("name", ["cases.json", "cases.xlsx", "tsv", ""])
def test_other_formats_are_refused(name: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        import_format(name)
    assert caught.value.errors == [FieldError("file", "must be a .csv or a .jsonl file")]


def test_a_file_of_exactly_10_mb_is_read() -> None:
    case_line = b'{"input": "q", "reference_answer": "a"}\n'
    blank_line = b" " * (IMPORT_MAX_BYTES - len(case_line) - 1) + b"\n"
    data = blank_line + case_line
    assert len(data) == IMPORT_MAX_BYTES
    assert len(parse_import(data, "jsonl")) == 1


def test_a_file_over_10_mb_is_refused_before_parsing() -> None:
    data = b"\xff" * (IMPORT_MAX_BYTES + 1)  # not even UTF-8: the size is checked first
    with pytest.raises(LimitExceeded) as caught:
        parse_import(data, "csv")
    assert caught.value.path == "file"
    assert "at most 10 MB" in caught.value.message


@pytest.mark.parametrize("data", [b"", b"\xef\xbb\xbf", b" \n\r\n"])
@pytest.mark.parametrize("file_format", ["csv", "jsonl"])
def test_an_empty_file_is_refused(data: bytes, file_format: str) -> None:
    assert refusal(data, file_format) == [FieldError("file", "is empty")]


def test_a_header_without_rows_holds_no_cases() -> None:
    assert refusal(b"input,reference_answer\n") == [FieldError("file", "holds no cases")]


def test_a_file_that_is_not_utf8_is_refused() -> None:
    data = "input,reference_answer\nCafé?,Oui\n".encode("latin-1")
    assert refusal(data) == [FieldError("file", "must be UTF-8 text; byte 27 is not")]


def test_the_import_is_all_or_nothing() -> None:
    data = b'{"input": "q1", "reference_answer": "a"}\n{"input": "q2"}\n'
    errors = refusal(data, "jsonl")
    assert [error.path for error in errors] == ["rows.2.reference_answer"]


def test_rows_keep_their_numbers() -> None:
    data = b"input,reference_answer\nq1,a\n\nq2,b\n"
    rows = parse_import_rows(data, "csv")
    assert [(row.number, row.content.input) for row in rows] == [(1, "q1"), (3, "q2")]


def test_a_file_with_more_cases_than_a_dataset_holds_is_refused() -> None:
    data = b"input,reference_answer\n" + b"q,a\n" * (DATASET_MAX_CASES + 1)
    with pytest.raises(LimitExceeded) as caught:
        parse_import(data, "csv")
    assert caught.value.message == "the file holds 10,001 cases; a dataset holds at most 10,000"


def test_a_file_of_exactly_the_cap_is_read() -> None:
    data = b"input,reference_answer\n" + b"q,a\n" * DATASET_MAX_CASES
    assert len(parse_import(data, "csv")) == DATASET_MAX_CASES
