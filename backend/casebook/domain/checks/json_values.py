"""Whether a value is JSON the platform can store and export as it is.

Tool-call arguments and a ``json_schema`` check's schema are free-form JSON.
Besides being JSON, they must survive PostgreSQL (which refuses the NUL
character in text and JSONB), round-trip through the exporter (whose integers
are 64-bit) and be walked recursively without exhausting the stack (so their
nesting is bounded).
"""

import math

from casebook.domain.errors import FieldError

JSON_MAX_DEPTH = 32
_SMALLEST_INT = -(2**63)
_LARGEST_INT = 2**64 - 1


def first_json_problem(value: object, max_depth: int = JSON_MAX_DEPTH) -> FieldError | None:
    """The first reason ``value`` is not storable JSON, with a path relative to it."""
    return _problem(value, "", max_depth)


def _problem(value: object, path: str, depth_left: int) -> FieldError | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, str):
        return _text_problem(value, path)
    if isinstance(value, int):
        if not _SMALLEST_INT <= value <= _LARGEST_INT:
            return FieldError(path, "is a number too large to store")
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else FieldError(path, "must be a finite number")
    if isinstance(value, list | dict) and depth_left <= 0:
        return FieldError(path, f"is nested more than {JSON_MAX_DEPTH} levels deep")
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = _problem(item, _join(path, str(index)), depth_left - 1)
            if found:
                return found
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return FieldError(path, "must have text keys")
            key_path = _join(path, key)
            found = _text_problem(key, key_path) or _problem(item, key_path, depth_left - 1)
            if found:
                return found
        return None
    return FieldError(path, f"is not a JSON value ({type(value).__name__})")


def _text_problem(text: str, path: str) -> FieldError | None:
    if "\x00" in text:
        return FieldError(path, "must not contain the NUL character")
    return None


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
