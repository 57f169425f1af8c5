"""The cases closest to a run's question (spec: "Scoring a run"): those sharing most of its
words first. Words are runs of letters and digits, compared without regard to case; each
counts once however often it appears."""

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

_WORD = re.compile(r"\w+", re.UNICODE)
# At most this many of the question's words are searched for.
SEARCHED_WORDS_MAX = 12


def words_of(text: str) -> frozenset[str]:
    return frozenset(w.casefold() for w in _WORD.findall(text))


def searched_words(question: str) -> list[str]:
    """The question's words worth a search, longest first (short words match everything)."""
    found = sorted((w for w in words_of(question) if len(w) >= 3), key=lambda w: (-len(w), w))
    return found[:SEARCHED_WORDS_MAX]


def shared_words(question: str, other: str) -> int:
    return len(words_of(question) & words_of(other))


def closest_first(
    question: str, candidates: Sequence[T], text_of: Callable[[T], str], limit: int
) -> list[T]:
    """Candidates sharing at least one word, most shared first; ties keep the given order."""
    scored = [(shared_words(question, text_of(c)), i, c) for i, c in enumerate(candidates)]
    kept = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[1]))
    return [c for _, _, c in kept[:limit]]
