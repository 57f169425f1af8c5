"""Text longer than its column is refused naming the field, before any row is written.

A ``VARCHAR(n)`` column refuses longer text with a database error, which
would reach the client as a server error. Before every flush, each new or
changed row's text is measured against its columns' widths - read from the
models, so a new column is covered without a change here - and the first that
does not fit is refused as a validation error naming it.
"""

from typing import Any

from sqlalchemy import String, event, inspect
from sqlalchemy.orm import Session

from casebook.domain.errors import FieldError, ValidationFailed

_WIDTHS: dict[type, list[tuple[str, int]]] = {}


def _widths(cls: type) -> list[tuple[str, int]]:
    found = _WIDTHS.get(cls)
    if found is None:
        mapper: Any = inspect(cls)
        found = [
            (attribute.key, column.type.length)
            for attribute in mapper.column_attrs
            for column in attribute.columns
            if isinstance(column.type, String) and column.type.length is not None
        ]
        _WIDTHS[cls] = found
    return found


def _check(session: Session, _context: Any, _instances: Any) -> None:
    for row in (*session.new, *session.dirty):
        for key, width in _widths(type(row)):
            value = getattr(row, key, None)
            if isinstance(value, str) and len(value) > width:
                raise ValidationFailed([FieldError(key, f"must be at most {width:,} characters")])


def refuse_text_past_column_widths() -> None:
    if not event.contains(Session, "before_flush", _check):
        event.listen(Session, "before_flush", _check)
