"""Every way a case is added ends here: validated, then credentials redacted.

Spec: "Before a case is stored, the platform replaces any API key or token it
recognizes ... This applies ... to every way a case is added." Services call
``intake_case`` for one case (console, API, from a message, an accepted draft)
and ``intake_import`` for a file; both return the redacted content and how many
values were redacted, for the audit entry.

A placeholder can be longer than the credential it replaces, so a case at the
edge of a bound is validated again after redaction. That keeps every stored
case one that an export imports back unchanged.
"""

from collections.abc import Mapping

from casebook.domain.cases.columns import case_fields
from casebook.domain.cases.fileformat import parse_import_rows
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
    errors: list[FieldError] = []
    for row in parse_import_rows(data, filename_or_format):
        try:
            content, count = _redacted(row.content)
        except ValidationFailed as refusal:
            errors.extend(error.prefixed(f"rows.{row.number}") for error in refusal.errors)
            continue
        cases.append(content)
        redacted_total += count
    if errors:
        raise ValidationFailed(errors)
    return cases, redacted_total


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
