"""A person's review decision (spec: "Review").

"A person's review decision is stored beside the scorers' results and decides the
outcome. It never changes what the judge said: the judge's grades and reasons stay on
the score after it is overruled." A decision is pass or fail, with a note; the note
left with one is often the rule the judge missed, and may become a judge criterion -
for that case alone, as a ``judge`` check, or for every case, in the rubric.
"""

from collections.abc import Iterable
from typing import Literal, TypeVar

from casebook.domain.errors import FieldError
from casebook.domain.grading.config import RubricCriterion
from casebook.domain.grading.config_merge import CRITERION_TEXT_MAX_CHARS
from casebook.domain.storable_text import text_problem

DECISION_OUTCOMES = ("pass", "fail")
NOTE_MAX_CHARS = 4_000
NOTE_CRITERION_PREFIX = "note-"

Decided = Literal["pass", "fail"]
# A scorers' outcome: an ``OutcomeStatus``, or the text a score row stores.
OutcomeT = TypeVar("OutcomeT", bound=str)


def final_outcome(outcome: OutcomeT, decision: str | None) -> OutcomeT | Decided:
    """The seed's rule, the one place it is written: what a score counts as - the
    person's decision when there is one, else the scorers' outcome. Everything that counts
    outcomes (a run's summary and case table, a comparison's flips, review candidates, the
    trend, the gate) counts this; withdrawing or undoing the decision brings the scorers'
    outcome back because nothing else was ever changed."""
    if decision == "pass":
        return "pass"
    if decision == "fail":
        return "fail"
    return outcome


def note_problems(note: str, path: str) -> list[FieldError]:
    problem = text_problem(note)
    if problem is not None:
        return [FieldError(path, problem)]
    if len(note) > NOTE_MAX_CHARS:
        return [FieldError(path, f"is longer than {NOTE_MAX_CHARS:,} characters")]
    return []


def criterion_text(note: str, text: str | None) -> str:
    """The words of a criterion made from a note: ``text`` when given, else the note.
    Raises ``ValueError`` saying why they cannot be a criterion."""
    words = (note if text is None else text).strip()
    if not words:
        raise ValueError("is empty: a criterion needs words")
    problem = text_problem(words)
    if problem is not None:
        raise ValueError(problem)
    if len(words) > CRITERION_TEXT_MAX_CHARS:
        raise ValueError(f"is longer than {CRITERION_TEXT_MAX_CHARS:,} characters")
    return words


def rubric_criterion(words: str, existing_ids: Iterable[str]) -> RubricCriterion:
    """A rubric criterion named ``note-<n>``, the first number no criterion holds."""
    taken = set(existing_ids)
    number = 1
    while f"{NOTE_CRITERION_PREFIX}{number}" in taken:
        number += 1
    return RubricCriterion(f"{NOTE_CRITERION_PREFIX}{number}", words)


def judge_check(words: str) -> dict[str, str]:
    """The ``judge`` check that grades one case on the criterion."""
    return {"type": "judge", "criterion": words}
