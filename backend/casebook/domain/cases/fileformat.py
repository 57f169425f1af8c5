"""Importing and exporting cases as a file (spec: "From a file").

The import is all or nothing: ``parse_import`` returns every case of the file or
raises ``ValidationFailed`` naming each invalid row with all its reasons, on
paths such as ``rows.3.checks.0.value`` (CSV rows count data rows from 1 after
the header; JSONL rows are line numbers). Problems with the file itself - its
size, encoding, header or column names - are reported on ``file`` and
``columns.<name>`` before any row is read.

A file is at most 10 MB, checked before anything is parsed, and must be UTF-8
(a byte-order mark is allowed). A file with more rows than a dataset can ever
hold is refused as a whole; whether the dataset has room for the rows is the
service's question, because it needs the stored count.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from casebook.domain.cases import DATASET_MAX_CASES
from casebook.domain.cases.columns import FileRow, FileRows
from casebook.domain.cases.csv_format import export_csv, read_csv
from casebook.domain.cases.jsonl_format import export_jsonl, read_jsonl
from casebook.domain.cases.model import CaseContent
from casebook.domain.cases.validation import (
    EXPECTATION_FIELDS,
    NEEDS_AN_EXPECTATION,
    validate_case,
)
from casebook.domain.errors import FieldError, LimitExceeded, ValidationFailed

__all__ = [
    "IMPORT_MAX_BYTES",
    "ImportFormat",
    "ImportedRow",
    "export_csv",
    "export_jsonl",
    "import_format",
    "parse_import",
    "parse_import_rows",
    "read_import_file",
    "template_csv",
    "validate_rows",
]

IMPORT_MAX_BYTES = 10 * 1024 * 1024

ImportFormat = Literal["csv", "jsonl"]

TEMPLATE_CASE = CaseContent(
    input="How long is the return window?",
    reference_answer="30 days from delivery",
    counter_example="There is no return window",
    checks=({"type": "contains", "value": "30 days"},),
    tags=("returns",),
    note="Guards the answer about the returns policy",
)


@dataclass(frozen=True, slots=True)
class ImportedRow:
    """A valid case of an import file, with the number its row is named by."""

    number: int
    content: CaseContent


def import_format(filename_or_format: str) -> ImportFormat:
    """``csv`` or ``jsonl``, from a format name or a file name's extension."""
    lowered = filename_or_format.strip().lower()
    if lowered in ("csv", "jsonl") or lowered.endswith((".csv", ".jsonl")):
        return "csv" if lowered.endswith("csv") else "jsonl"
    raise ValidationFailed([FieldError("file", "must be a .csv or a .jsonl file")])


def parse_import(data: bytes, filename_or_format: str) -> list[CaseContent]:
    """Every case of an import file, or a refusal naming every invalid row."""
    return [row.content for row in parse_import_rows(data, filename_or_format)]


def parse_import_rows(data: bytes, filename_or_format: str) -> list[ImportedRow]:
    """As ``parse_import``, keeping each case's row number for later refusals."""
    imported, errors = validate_rows(read_import_file(data, filename_or_format).rows)
    if errors:
        raise ValidationFailed(errors)
    return imported


def read_import_file(data: bytes, filename_or_format: str) -> FileRows:
    """The file's rows, read but not yet validated; refused here when the file itself
    is wrong (its size, encoding, header or cells that do not read) or holds no rows or
    more than a dataset can."""
    if len(data) > IMPORT_MAX_BYTES:
        raise LimitExceeded(
            f"the file is {len(data):,} bytes; an import file is at most 10 MB", "file"
        )
    file_format = import_format(filename_or_format)
    text = _decoded(data)
    read = read_csv(text) if file_format == "csv" else read_jsonl(text)
    if read.problems:
        raise ValidationFailed(read.problems)
    if not read.rows:
        raise ValidationFailed([FieldError("file", "holds no cases")])
    if len(read.rows) > DATASET_MAX_CASES:
        raise LimitExceeded(
            f"the file holds {len(read.rows):,} cases; "
            f"a dataset holds at most {DATASET_MAX_CASES:,}",
            "file",
        )
    return read


def template_csv() -> str:
    """A CSV with every column and one case that imports as it is."""
    return export_csv([TEMPLATE_CASE])


def _decoded(data: bytes) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        message = f"must be UTF-8 text; byte {error.start + 1} is not"
        raise ValidationFailed([FieldError("file", message)]) from None
    if not text.strip():
        raise ValidationFailed([FieldError("file", "is empty")])
    return text


def validate_rows(rows: Sequence[FileRow]) -> tuple[list[ImportedRow], list[FieldError]]:
    """The cases of ``rows`` that are valid, and the problems of those that are not, on
    ``rows.<number>`` paths."""
    imported: list[ImportedRow] = []
    errors: list[FieldError] = []
    for row in rows:
        problems = list(row.problems)
        if any(problem.path == "" for problem in problems):
            # The row as a whole could not be read; its fields would only repeat that.
            errors.extend(problem.prefixed(f"rows.{row.number}") for problem in problems)
            continue
        unread_columns = {problem.path.split(".", 1)[0] for problem in row.problems}
        unread_expectation = not unread_columns.isdisjoint(EXPECTATION_FIELDS)
        content: CaseContent | None = None
        try:
            content = validate_case(row.fields)
        except ValidationFailed as refusal:
            # A cell that could not be read may hold the expectation the case needs.
            problems.extend(
                error
                for error in refusal.errors
                if not (unread_expectation and error.message == NEEDS_AN_EXPECTATION)
            )
        if problems:
            errors.extend(problem.prefixed(f"rows.{row.number}") for problem in problems)
        elif content is not None:
            imported.append(ImportedRow(row.number, content))
    return imported, errors
