"""Reading the judge's verdict (spec: "The judge").

"What backs a grade never sinks it: an empty or overlong quote is dropped,
quotes past twelve and a rule past 300 characters are cut, and only a missing
criterion id or grade makes a verdict unreadable. A criterion graded more
than once is an error." An unreadable verdict's reason names the fields that
could not be read and never repeats the answer (nor anything the judge wrote,
which may quote it).

Per criterion, in this order:
1. graded more than once, or a grade that is not a whole number on the scale:
   error;
2. quotes are cleaned (``clean_quotes``) and each is verified against the
   answer; an unverified quote stays beside the grade, and the grade stands;
3. no verified quote and a rule that is mostly the criterion's own words:
   error, "nothing shows the judge read the answer";
4. pass at the pass mark or above; a grade with no verified quote stands,
   marked unverified (``verified`` false);
5. the counter-example criterion's own rules (``counter_example``), where an
   answer that is the counter-example or a part of it fails whatever the judge
   said - even when the judge's run gave no verdict at all.

Judges vary in how they wrap JSON, so the verdict may sit in a fenced code
block or among prose; unknown criterion ids are ignored.
"""

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from casebook.domain.checks.answer_reading import ANSWER_READ_LIMIT, Unreadable, parse_json
from casebook.domain.grading.counter_example import (
    answer_is_part_of_counter_example,
    counter_example_pass_error,
)
from casebook.domain.grading.judge_criteria import COUNTER_EXAMPLE_CRITERION_ID, JudgeCriterion
from casebook.domain.grading.judge_prompt import MAX_QUOTES, RULE_MAX_CHARS, JudgePrompt
from casebook.domain.grading.quotes import normalize_text, quote_is_in, restates_criterion
from casebook.domain.grading.results import Status
from casebook.domain.jsonvalue import JSONObject, JSONValue

QUOTE_MAX_CHARS = 2_000
_FENCED = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n?(.*?)```", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Quote:
    text: str
    verified: bool

    def to_json(self) -> JSONObject:
        return {"text": self.text, "verified": self.verified}


@dataclass(frozen=True, slots=True)
class CriterionGrade:
    """``score`` is the grade on 0..1 (a forced fail scores 0), ``None`` without a verdict."""

    criterion: JudgeCriterion
    status: Status
    grade: int | None
    rule: str
    quotes: tuple[Quote, ...]
    verified: bool
    reason: str
    score: float | None

    def to_json(self) -> JSONObject:
        return {
            "criterion": self.criterion.to_json(),
            "status": self.status,
            "grade": self.grade,
            "rule": self.rule,
            "quotes": [quote.to_json() for quote in self.quotes],
            "verified": self.verified,
            "reason": self.reason,
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class JudgeVerdict:
    """One grade per criterion of the prompt. ``readable`` is false when the judge's
    reply could not be read, or the judge gave none (``reason`` says why);
    ``skipped`` when the judge was never called."""

    readable: bool
    reason: str
    grades: tuple[CriterionGrade, ...]
    skipped: bool = False

    def to_json(self) -> JSONObject:
        return {
            "readable": self.readable,
            "reason": self.reason,
            "grades": [grade.to_json() for grade in self.grades],
            "skipped": self.skipped,
        }


def _no_verdict(criterion: JudgeCriterion, reason: str) -> CriterionGrade:
    return CriterionGrade(criterion, "error", None, "", (), False, reason, None)


def _forced_counter_example_fail(
    grade: CriterionGrade, answer_text: str, counter_example: str | None
) -> CriterionGrade:
    if (
        grade.criterion.id != COUNTER_EXAMPLE_CRITERION_ID
        or counter_example is None
        or not answer_is_part_of_counter_example(answer_text, counter_example)
    ):
        return grade
    reason = "the answer is the counter-example, or a part of it"
    return replace(grade, status="fail", reason=reason, score=0.0)


def verdict_not_reached(
    prompt: JudgePrompt,
    reason: str,
    answer_text: str,
    counter_example: str | None,
    *,
    skipped: bool,
) -> JudgeVerdict:
    """The judge gave no verdict. ``skipped``: it was never called (switched off, no
    model, budget spent); otherwise it was called and its run failed."""
    text = answer_text[:ANSWER_READ_LIMIT]
    grades = tuple(
        _forced_counter_example_fail(_no_verdict(c, reason), text, counter_example)
        for c in prompt.criteria
    )
    return JudgeVerdict(False, reason, grades, skipped)


def _extract_document(raw_text: str) -> JSONValue | Unreadable:
    fenced = _FENCED.search(raw_text)
    candidates = [fenced.group(1)] if fenced else []
    candidates.append(raw_text)
    first, last = raw_text.find("{"), raw_text.rfind("}")
    if 0 <= first < last:
        candidates.append(raw_text[first : last + 1])
    for candidate in candidates:
        document = parse_json(candidate.strip())
        if not isinstance(document, Unreadable):
            return document
    return Unreadable("the verdict is not JSON")


def _whole_grade(value: JSONValue) -> float | None:
    """The grade as a number, or ``None`` when there is none to read."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str) and value.strip().isdigit():
        return float(value.strip())
    return None


def clean_quotes(value: JSONValue) -> list[str]:
    """Empty and overlong quotes dropped, then the first twelve kept."""
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    kept = [
        item.strip()
        for item in items
        if isinstance(item, str) and normalize_text(item) and len(item) <= QUOTE_MAX_CHARS
    ]
    return kept[:MAX_QUOTES]


@dataclass(frozen=True, slots=True)
class _Entry:
    grade: float
    rule: str
    quotes: list[str]


def _read_entries(
    document: JSONValue, prompt: JudgePrompt
) -> tuple[dict[str, list[_Entry]], list[str]]:
    """Entries by criterion id, and the fields that could not be read."""
    items = document.get("criteria") if isinstance(document, dict) else document
    if not isinstance(items, list):
        return {}, ["criteria"]
    known = {criterion.id for criterion in prompt.criteria}
    entries: dict[str, list[_Entry]] = {}
    unreadable: list[str] = []
    without_grade: set[str] = set()
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            unreadable.append(f"criteria.{index}")
            continue
        criterion_id = item.get("id")
        if not isinstance(criterion_id, str) or not criterion_id.strip():
            unreadable.append(f"criteria.{index}.id")
            continue
        criterion_id = criterion_id.strip()
        if criterion_id not in known:
            continue
        grade = _whole_grade(item.get("grade"))
        if grade is None:
            unreadable.append(f"criteria.{index}.grade (criterion {criterion_id})")
            without_grade.add(criterion_id)
            continue
        rule = item.get("rule")
        entries.setdefault(criterion_id, []).append(
            _Entry(
                grade,
                rule.strip()[:RULE_MAX_CHARS] if isinstance(rule, str) else "",
                clean_quotes(item.get("quotes")),
            )
        )
    unreadable.extend(
        f"criterion {criterion_id} (not graded)"
        for criterion_id in sorted(known - entries.keys() - without_grade)
    )
    return entries, unreadable


def _grade_one(
    criterion: JudgeCriterion,
    entries: Sequence[_Entry],
    prompt: JudgePrompt,
    normalized_answer: str,
    answer_text: str,
    counter_example: str | None,
) -> CriterionGrade:
    if len(entries) > 1:
        return _no_verdict(criterion, f"the judge graded this criterion {len(entries)} times")
    entry = entries[0]
    quotes = tuple(Quote(q, quote_is_in(q, normalized_answer)) for q in entry.quotes)
    verified = [quote.text for quote in quotes if quote.verified]
    if not entry.grade.is_integer() or not 1 <= entry.grade <= prompt.scale:
        reason = f"the grade {entry.grade:g} is not a whole number from 1 to {prompt.scale}"
        return CriterionGrade(criterion, "error", None, entry.rule, quotes, False, reason, None)
    grade = int(entry.grade)
    if not verified and restates_criterion(entry.rule, criterion.text):
        reason = "nothing shows the judge read the answer: no quote it holds, and the rule "
        reason += "mostly repeats the criterion"
        return CriterionGrade(criterion, "error", grade, entry.rule, quotes, False, reason, None)
    passed = grade >= prompt.pass_at
    status: Status = "pass" if passed else "fail"
    reason = f"grade {grade} of {prompt.scale}" + ("" if verified else ", unverified")
    if passed and criterion.id == COUNTER_EXAMPLE_CRITERION_ID and counter_example is not None:
        error = counter_example_pass_error(verified, answer_text, counter_example)
        if error is not None:
            return CriterionGrade(criterion, "error", grade, entry.rule, quotes, False, error, None)
    score = (grade - 1) / (prompt.scale - 1)
    return CriterionGrade(
        criterion, status, grade, entry.rule, quotes, bool(verified), reason, score
    )


def parse_verdict(
    raw_text: str, prompt: JudgePrompt, answer_text: str, counter_example: str | None
) -> JudgeVerdict:
    """The judge's reply read against the prompt's criteria and the answer it graded."""
    text = answer_text[:ANSWER_READ_LIMIT]
    document = _extract_document(raw_text)
    if isinstance(document, Unreadable):
        reason = "the verdict could not be read: it is not JSON"
        return verdict_not_reached(prompt, reason, text, counter_example, skipped=False)
    entries, unreadable = _read_entries(document, prompt)
    if unreadable:
        reason = "the verdict could not be read: " + ", ".join(unreadable)
        return verdict_not_reached(prompt, reason, text, counter_example, skipped=False)
    normalized_answer = normalize_text(text)
    grades = tuple(
        _forced_counter_example_fail(
            _grade_one(c, entries[c.id], prompt, normalized_answer, text, counter_example),
            text,
            counter_example,
        )
        for c in prompt.criteria
    )
    return JudgeVerdict(True, "", grades)


def grades_by_id(verdict: JudgeVerdict) -> Mapping[str, CriterionGrade]:
    return {grade.criterion.id: grade for grade in verdict.grades}
