"""Cases as CSV (spec: "From a file").

A CSV file has a header row naming its columns; columns left out take their
empty value. ``history``, ``expected_tool_calls`` and ``checks`` hold a JSON list
in the cell (compact, keys in export order) or nothing; ``tags`` are
comma-separated; ``order_mode`` left empty means ``any``.

Formula protection: a cell that starts with ``=``, ``+``, ``-``, ``@`` or ``'``
is written with a ``'`` in front, so a spreadsheet does not run it, and reading
removes that one ``'`` again - exactly these five, as the spec names them.

Rows are numbered as data rows: the first row after the header is row 1, and
an empty row still takes its number, so a spreadsheet's row N is row N - 1.
Rows are written with CRLF line ends (RFC 4180).
"""

import csv
import io
from collections.abc import Iterable

import orjson

from casebook.domain.cases.columns import (
    COLUMNS_SENTENCE,
    IMPORT_COLUMNS,
    JSON_LIST_COLUMNS,
    TEXT_COLUMNS,
    FileRow,
    FileRows,
    case_columns,
)
from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import FieldError
from casebook.domain.jsonvalue import JSONValue

FORMULA_STARTS = ("=", "+", "-", "@", "'")

# The csv module refuses cells over 128 KiB by default; a file is at most 10 MB,
# so no cell can be larger than that. The limit is process-wide and only raised.
csv.field_size_limit(max(csv.field_size_limit(), 10 * 1024 * 1024))


def protect_cell(cell: str) -> str:
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def unprotect_cell(cell: str) -> str:
    return cell[1:] if cell.startswith("'") and cell[1:2] in FORMULA_STARTS else cell


def export_csv(cases: Iterable[CaseContent]) -> str:
    return csv_header() + csv_rows(cases)


def csv_header() -> str:
    """The header row; an export streams it, then ``csv_rows`` page by page."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerow(IMPORT_COLUMNS)
    return buffer.getvalue()


def csv_rows(cases: Iterable[CaseContent]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for content in cases:
        columns = case_columns(content)
        writer.writerow([protect_cell(_cell(name, columns[name])) for name in IMPORT_COLUMNS])
    return buffer.getvalue()


def _cell(column: str, value: JSONValue) -> str:
    if value is None:
        return ""
    if column == "tags" and isinstance(value, list):
        return ",".join(str(tag) for tag in value)
    if column in JSON_LIST_COLUMNS:
        return orjson.dumps(value).decode() if value else ""
    return str(value)


def read_csv(text: str) -> FileRows:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader, [])
        records = list(reader)
    except csv.Error as error:
        return FileRows(problems=[FieldError("file", f"line {reader.line_num}: {error}")])
    names = [name.strip() for name in header]
    problems = _header_problems(names)
    if problems:
        return FileRows(problems=problems)
    rows = [
        _row(number, names, record)
        for number, record in enumerate(records, start=1)
        if any(cell.strip() for cell in record)
    ]
    return FileRows(rows=rows)


def _header_problems(names: list[str]) -> list[FieldError]:
    if not any(name in IMPORT_COLUMNS for name in names):
        message = f"the first row must be a header naming the columns; {COLUMNS_SENTENCE}"
        return [FieldError("file", message)]
    problems: list[FieldError] = []
    for position, name in enumerate(names, start=1):
        if not name:
            problems.append(FieldError("columns", f"column {position} of the header has no name"))
        elif name not in IMPORT_COLUMNS:
            problems.append(FieldError(f"columns.{name}", f"is not a column; {COLUMNS_SENTENCE}"))
        elif names.index(name) < position - 1:
            problems.append(FieldError(f"columns.{name}", "appears more than once in the header"))
    if "input" not in names:
        problems.append(FieldError("columns.input", "is missing; every case needs an input"))
    return problems


def _row(number: int, names: list[str], record: list[str]) -> FileRow:
    row = FileRow(number)
    if len(record) > len(names):
        message = f"has {len(record)} cells but the header names {len(names)} columns"
        row.problems.append(FieldError("", message))
    for name, cell in zip(names, record, strict=False):
        _read_cell(row, name, unprotect_cell(cell))
    return row


def _read_cell(row: FileRow, column: str, cell: str) -> None:
    if column in TEXT_COLUMNS:
        row.fields[column] = cell if cell else None
    elif column in JSON_LIST_COLUMNS:
        if not cell.strip():
            return
        try:
            row.fields[column] = orjson.loads(cell)
        except orjson.JSONDecodeError as error:
            row.problems.append(FieldError(column, f"is not valid JSON: {error}"))
    elif column == "order_mode":
        row.fields[column] = cell.strip() or None
    elif column == "tags":
        row.fields[column] = [tag.strip() for tag in cell.split(",") if tag.strip()]
