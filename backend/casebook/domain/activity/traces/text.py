"""Texts and JSON cut to their bounds, and saying so: a cut is never silent."""

from casebook.domain.jsonvalue import JSONObject, JSONValue

LIST_ITEMS_MAX = 200


def cut(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters; a cut one ends with a note of its bound."""
    if len(text) <= limit:
        return text
    note = f" … [cut at {limit:,} characters]"
    return text[: max(0, limit - len(note))] + note


def cut_json(value: JSONValue, limit: int) -> JSONValue:
    """Every text inside a JSON value within ``limit`` characters, every list within
    ``LIST_ITEMS_MAX`` items (a note in the place of the rest)."""
    if isinstance(value, str):
        return cut(value, limit)
    if isinstance(value, list):
        kept = [cut_json(item, limit) for item in value[:LIST_ITEMS_MAX]]
        if len(value) > LIST_ITEMS_MAX:
            kept.append(f"[{len(value) - LIST_ITEMS_MAX:,} more items]")
        return kept
    if isinstance(value, dict):
        return cut_object(value, limit)
    return value


def cut_object(value: JSONObject, limit: int) -> JSONObject:
    return {cut(key, limit): cut_json(item, limit) for key, item in value.items()}
