"""The nine columns of an import or export file (spec: "From a file").

CSV and JSONL use the same field names in the same order. A case is written as
these columns; ``reference_verified`` and the source are not columns, so an
import always starts a case unverified.
"""

from dataclasses import dataclass, field

from casebook.domain.cases.model import CaseContent
from casebook.domain.checks.definitions import canonical_check
from casebook.domain.errors import FieldError
from casebook.domain.jsonvalue import JSONObject

IMPORT_COLUMNS: tuple[str, ...] = (
    "input",
    "history",
    "reference_answer",
    "counter_example",
    "expected_tool_calls",
    "order_mode",
    "checks",
    "tags",
    "note",
)
TEXT_COLUMNS = ("input", "reference_answer", "counter_example", "note")
JSON_LIST_COLUMNS = ("history", "expected_tool_calls", "checks")

COLUMNS_SENTENCE = "the columns are " + ", ".join(IMPORT_COLUMNS)


def case_columns(content: CaseContent) -> JSONObject:
    """The case as the nine columns, in order; check and argument keys in export order."""
    return {
        "input": content.input,
        "history": [{"role": turn.role, "content": turn.content} for turn in content.history],
        "reference_answer": content.reference_answer,
        "counter_example": content.counter_example,
        "expected_tool_calls": [
            {"tool": call.tool, "args": {name: call.args[name] for name in sorted(call.args)}}
            for call in content.expected_tool_calls
        ],
        "order_mode": content.order_mode,
        "checks": [canonical_check(check) for check in content.checks],
        "tags": list(content.tags),
        "note": content.note,
    }


def case_fields(content: CaseContent) -> JSONObject:
    """Everything ``validate_case`` reads back: the nine columns and ``reference_verified``."""
    return {**case_columns(content), "reference_verified": content.reference_verified}


@dataclass(slots=True)
class FileRow:
    """One row of a file read into columns, before the case in it is validated.

    ``problems`` are what stopped a cell from being read (JSON that does not
    parse), with paths relative to the row; those columns are left out of
    ``fields``.
    """

    number: int
    fields: dict[str, object] = field(default_factory=dict)
    problems: list[FieldError] = field(default_factory=list)


@dataclass(slots=True)
class FileRows:
    """A file read into rows; ``problems`` are about the file itself (columns, syntax)."""

    rows: list[FileRow] = field(default_factory=list)
    problems: list[FieldError] = field(default_factory=list)
