"""Reading an answer for rules: the read limit, JSON parsing and ``path``.

Spec: "a rule reads at most the first 100,000 characters of an answer" and
"``path`` reads into an answer that is JSON: ``items.0.name`` is the first
item's name". An answer is parsed at most once however many rules read it.
"""

import json
import re
from dataclasses import dataclass
from typing import cast

import orjson

from casebook.domain.jsonvalue import JSONValue

ANSWER_READ_LIMIT = 100_000
_LONG_DIGITS = re.compile(r"\d{19}")


@dataclass(frozen=True, slots=True)
class Unreadable:
    """Why a rule found nothing to read; the rule fails with this reason."""

    reason: str


_NOT_PARSED = object()


def _reject_constant(name: str) -> JSONValue:
    raise ValueError(f"{name} is not JSON")


def parse_json(text: str) -> JSONValue | Unreadable:
    try:
        parsed = cast(JSONValue, orjson.loads(text))
        # orjson reads an integer past 64 bits as a float and loses its digits.
        if _LONG_DIGITS.search(text):
            parsed = cast(JSONValue, json.loads(text, parse_constant=_reject_constant))
    except ValueError:
        return Unreadable("the answer is not JSON")
    return parsed


def json_text(value: JSONValue) -> str:
    """A JSON value as text a text rule can read: a string as itself, else compact JSON."""
    if isinstance(value, str):
        return value
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # an integer past 64 bits, which orjson does not write
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def value_at_path(document: JSONValue, path: str) -> JSONValue | Unreadable:
    current = document
    walked: list[str] = []
    for segment in path.split("."):
        if isinstance(current, dict) and segment in current:
            current = current[segment]
        elif (
            isinstance(current, list)
            and segment.isascii()
            and segment.isdigit()
            and int(segment) < len(current)
        ):
            current = current[int(segment)]
        else:
            where = f" (found {'.'.join(walked)})" if walked else ""
            return Unreadable(f"the answer has nothing at {path}{where}")
        walked.append(segment)
    return current


class AnswerReading:
    """One answer as the rules read it, cut to ``ANSWER_READ_LIMIT`` characters."""

    __slots__ = ("_folded", "_parsed", "_texts", "text")

    def __init__(self, answer_text: str) -> None:
        self.text = answer_text[:ANSWER_READ_LIMIT]
        self._parsed: object = _NOT_PARSED
        self._texts: dict[str, str | Unreadable] = {}
        self._folded: dict[str, str] = {}

    def json_at(self, path: str | None) -> JSONValue | Unreadable:
        if self._parsed is _NOT_PARSED:
            self._parsed = parse_json(self.text)
        parsed = cast(JSONValue | Unreadable, self._parsed)
        if isinstance(parsed, Unreadable) or not path:
            return parsed
        return value_at_path(parsed, path)

    def text_at(self, path: str | None) -> str | Unreadable:
        if not path:
            return self.text
        text = self._texts.get(path)
        if text is None:
            value = self.json_at(path)
            text = value if isinstance(value, Unreadable) else json_text(value)
            self._texts[path] = text
        return text

    def folded_text_at(self, path: str | None) -> str | Unreadable:
        """The text with case folded, for rules that are not case sensitive."""
        key = path or ""
        folded = self._folded.get(key)
        if folded is None:
            text = self.text_at(path)
            if isinstance(text, Unreadable):
                return text
            folded = text.casefold()
            self._folded[key] = folded
        return folded
