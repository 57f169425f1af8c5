"""Every way a case is added ends here: validated, then credentials redacted.

Spec: "Before a case is stored, the platform replaces any API key or token it
recognizes ... This applies ... to every way a case is added." Services call
``intake_case`` for one case (console, API, from a message, an accepted draft)
and ``intake_import`` or ``intake_import_in_chunks`` for a file; each returns the
redacted content and how many values were redacted, for the audit entry.

A placeholder can be longer than the credential it replaces, so a case at the
edge of a bound is validated again after redaction. That keeps every stored
case one that an export imports back unchanged.
"""

from collections.abc import Iterator, Mapping

from casebook.domain.cases.columns import case_fields
from casebook.domain.cases.fileformat import read_import_file, validate_rows
from casebook.domain.cases.model import CaseContent
from casebook.domain.cases.validation import validate_case
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.redaction import redact_case


def intake_case(raw: Mapping[str, object]) -> tuple[CaseContent, int]:
    """The validated, redacted case, and how many credentials were redacted from it."""
    return _redacted(validate_case(raw))


def intake_import(data: bytes, filename_or_format: str) -> tuple[list[CaseContent], int]:
    """Every case of an import file, redacted, and how many credentials were redacted in all."""
    cases: list[CaseContent] = []
    redacted_total = 0
    for chunk, count in intake_import_in_chunks(data, filename_or_format):
        cases.extend(chunk)
        redacted_total += count
    return cases, redacted_total


# Rows validated and redacted before a chunk is handed on: small enough that storing the
# first chunk starts early, large enough that each costs its store few round trips.
IMPORT_CHUNK_ROWS = 1_000


def intake_import_in_chunks(
    data: bytes, filename_or_format: str, rows_per_chunk: int = IMPORT_CHUNK_ROWS
) -> Iterator[tuple[list[CaseContent], int]]:
    """``intake_import`` a chunk of rows at a time - each chunk's cases, redacted, and how
    many credentials were - so a caller can store the first chunks while the rest are made.

    The import is still all or nothing, and refused as ``intake_import`` refuses it: a
    chunk is handed on only while every row before it has passed, and the refusal comes
    once the whole file is read - every row that fails validation, or, when all pass,
    every row that fails once its credentials are redacted. A caller that stored chunks
    undoes them (its transaction) when the refusal comes."""
    rows = read_import_file(data, filename_or_format).rows
    invalid: list[FieldError] = []
    unredactable: list[FieldError] = []
    for start in range(0, len(rows), rows_per_chunk):
        imported, problems = validate_rows(rows[start : start + rows_per_chunk])
        invalid.extend(problems)
        if invalid:
            continue  # on to name every invalid row; no more is redacted or handed on
        chunk: list[CaseContent] = []
        redacted = 0
        for row in imported:
            try:
                content, count = _redacted(row.content)
            except ValidationFailed as refusal:
                unredactable.extend(
                    error.prefixed(f"rows.{row.number}") for error in refusal.errors
                )
                continue
            chunk.append(content)
            redacted += count
        if not unredactable:
            yield chunk, redacted
    if invalid:
        raise ValidationFailed(invalid)
    if unredactable:
        raise ValidationFailed(unredactable)


def _redacted(content: CaseContent) -> tuple[CaseContent, int]:
    redacted, count = redact_case(content)
    if count == 0:
        return content, 0
    try:
        return validate_case(case_fields(redacted)), count
    except ValidationFailed as refusal:
        raise ValidationFailed(
            [
                FieldError(error.path, f"{error.message} once credentials are redacted")
                for error in refusal.errors
            ]
        ) from None
