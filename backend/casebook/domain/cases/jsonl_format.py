"""Cases as JSONL (spec: "From a file").

One JSON object per line, keyed by the nine column names; a column left out
takes its empty value, and ``null`` counts as left out. Lines are split on
``\\n`` only (a ``\\r`` before it is whitespace to JSON), never on the other
characters Python treats as line breaks, which may sit inside a string. Empty
lines are skipped. A row is numbered by its line in the file, counting from 1.
"""

from collections.abc import Iterable

import orjson

from casebook.domain.cases.columns import (
    COLUMNS_SENTENCE,
    IMPORT_COLUMNS,
    FileRow,
    FileRows,
    case_columns,
)
from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import FieldError


def export_jsonl(cases: Iterable[CaseContent]) -> str:
    return "".join(orjson.dumps(case_columns(content)).decode() + "\n" for content in cases)


def read_jsonl(text: str) -> FileRows:
    rows: list[FileRow] = []
    unknown_columns: dict[str, int] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        row = FileRow(number)
        rows.append(row)
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError as error:
            row.problems.append(FieldError("", f"is not valid JSON: {error}"))
            continue
        if not isinstance(value, dict):
            row.problems.append(FieldError("", "must be a JSON object keyed by column names"))
            continue
        for name, cell in value.items():
            if name in IMPORT_COLUMNS:
                row.fields[name] = cell
            else:
                unknown_columns.setdefault(name, number)
    problems = [
        FieldError(f"columns.{name}", f"is not a column (first on line {line}); {COLUMNS_SENTENCE}")
        for name, line in unknown_columns.items()
    ]
    return FileRows(rows=[] if problems else rows, problems=problems)
