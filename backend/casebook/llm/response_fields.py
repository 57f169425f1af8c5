"""Reading fields of a provider's JSON answer, refusing shapes the API never sends."""

from typing import Any

from casebook.llm.errors import MalformedResponse


def object_field(parent: dict[str, Any], key: str, *, label: str) -> dict[str, Any]:
    value = parent.get(key)
    if not isinstance(value, dict):
        raise MalformedResponse(f"{label} answered without the object `{key}`")
    return value


def list_field(parent: dict[str, Any], key: str, *, label: str) -> list[Any]:
    value = parent.get(key)
    if not isinstance(value, list):
        raise MalformedResponse(f"{label} answered without the list `{key}`")
    return value


def token_count(usage: object, key: str) -> int:
    """A token count, or 0 where the server reports none (some local servers do not)."""
    if not isinstance(usage, dict):
        return 0
    value = usage.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return 0
    return value


def optional_text(parent: dict[str, Any], key: str) -> str | None:
    value = parent.get(key)
    return value if isinstance(value, str) else None


def vector(value: object, *, label: str) -> list[float]:
    if not isinstance(value, list) or not value:
        raise MalformedResponse(f"{label} answered an embedding that is not a list of numbers")
    numbers: list[float] = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int | float):
            raise MalformedResponse(f"{label} answered an embedding that is not a list of numbers")
        numbers.append(float(item))
    return numbers
