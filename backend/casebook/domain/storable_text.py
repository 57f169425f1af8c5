"""Whether text and JSON can be stored, exported and sent on as they are.

PostgreSQL refuses the NUL character in text and JSONB, and UTF-8 cannot
encode a lone surrogate (``"\\ud800"`` is valid JSON that decodes to one). Every
free text a client sends is checked here before it reaches the database, so
such input is refused naming its field instead of failing on the way in.
"""

import orjson

from casebook.domain.checks.json_values import first_json_problem
from casebook.domain.errors import FieldError


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored, or None."""
    if "\x00" in text:
        return "must not contain the NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "must be valid Unicode (it holds a lone surrogate)"
    return None


def json_problem(value: object, path: str) -> FieldError | None:
    """Why a JSON value cannot be stored (NUL, depth, huge numbers, lone surrogates), or None."""
    found = first_json_problem(value)
    if found is not None:
        return found.prefixed(path) if path else found
    try:
        orjson.dumps(value)
    except TypeError:
        return FieldError(path, "must be valid Unicode (it holds a lone surrogate)")
    return None


def search_term(text: str | None, limit: int = 200) -> str | None:
    """A search box's text as a safe filter: what cannot be stored cannot match, so it is
    dropped (NUL, lone surrogates), spacing is folded, and it is cut at ``limit``."""
    if text is None:
        return None
    kept = text.replace("\x00", "").encode("utf-8", "ignore").decode("utf-8")
    folded = " ".join(kept.split())[:limit]
    return folded or None
