"""Evaluating checks against an answer (spec: "Checks") and the Checks scorer.

A check reaches ``pass`` or ``fail``, or ``error`` when it could reach no
verdict: a pattern stopped at its deadline, a run figure the run did not
report. ``judge`` checks are not rules: the judge run grades them, so callers
split them out first with ``split_judge_checks``.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from casebook.domain.checks.answer_reading import AnswerReading, Unreadable
from casebook.domain.checks.patterns import (
    REGEX_DEADLINE_SECONDS,
    best_schema_error,
    compiled_pattern,
    schema_validator,
)
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.results import (
    NothingToGrade,
    ScorerCheckResult,
    ScorerResult,
    Status,
)
from casebook.domain.jsonvalue import JSONObject

JUDGE_CHECK_TYPE = "judge"
SHOWN_VALUE_CHARS = 80

_Verdict = tuple[Status, str]


@dataclass(frozen=True, slots=True)
class IndexedCheck:
    """A check with its place in the list it came from, for naming it."""

    index: int
    check: JSONObject


@dataclass(frozen=True, slots=True)
class CheckSplit:
    rules: tuple[IndexedCheck, ...]
    judge: tuple[IndexedCheck, ...]


def is_judge_check(check: JSONObject) -> bool:
    return check.get("type") == JUDGE_CHECK_TYPE


def split_judge_checks(checks: Sequence[JSONObject]) -> CheckSplit:
    """The rules this module evaluates, apart from the ``judge`` checks the judge grades."""
    indexed = [IndexedCheck(index, check) for index, check in enumerate(checks)]
    return CheckSplit(
        rules=tuple(item for item in indexed if not is_judge_check(item.check)),
        judge=tuple(item for item in indexed if is_judge_check(item.check)),
    )


def _shown(value: str) -> str:
    if len(value) <= SHOWN_VALUE_CHARS:
        return f'"{value}"'
    return f'"{value[: SHOWN_VALUE_CHARS - 1]}…"'


def _str(check: JSONObject, name: str) -> str:
    value = check[name]
    if not isinstance(value, str):
        raise ValueError(f"check parameter {name} must be a string")
    return value


def _number(check: JSONObject, name: str) -> float | None:
    value = check.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"check parameter {name} must be a number")
    return value


def _path(check: JSONObject) -> str | None:
    path = check.get("path")
    return path if isinstance(path, str) and path else None


def _text_and_value(check: JSONObject, reading: AnswerReading) -> tuple[str, str] | Unreadable:
    """The text a text rule reads and the value it compares, folded unless case sensitive."""
    value = _str(check, "value")
    path = _path(check)
    if check.get("case_sensitive") is True:
        text = reading.text_at(path)
    else:
        text = reading.folded_text_at(path)
        value = value.casefold()
    if isinstance(text, Unreadable):
        return text
    return text, value


def _contains(check: JSONObject, reading: AnswerReading, _: AnswerUnderTest, __: float) -> _Verdict:
    read = _text_and_value(check, reading)
    if isinstance(read, Unreadable):
        return "fail", read.reason
    text, value = read
    shown = _shown(_str(check, "value"))
    if value in text:
        return "pass", f"the answer contains {shown}"
    return "fail", f"the answer does not contain {shown}"


def _not_contains(
    check: JSONObject, reading: AnswerReading, _: AnswerUnderTest, __: float
) -> _Verdict:
    read = _text_and_value(check, reading)
    if isinstance(read, Unreadable):
        return "fail", read.reason
    text, value = read
    shown = _shown(_str(check, "value"))
    if value in text:
        return "fail", f"the answer contains {shown}"
    return "pass", f"the answer does not contain {shown}"


def _equals(check: JSONObject, reading: AnswerReading, _: AnswerUnderTest, __: float) -> _Verdict:
    read = _text_and_value(check, reading)
    if isinstance(read, Unreadable):
        return "fail", read.reason
    text, value = read
    shown = _shown(_str(check, "value"))
    if text.strip() == value:
        return "pass", f"the answer is {shown}"
    return "fail", f"the answer is not {shown}"


def _regex(
    check: JSONObject, reading: AnswerReading, _: AnswerUnderTest, deadline: float
) -> _Verdict:
    pattern = _str(check, "value")
    case_sensitive = check.get("case_sensitive") is True
    text = reading.text_at(_path(check))
    if isinstance(text, Unreadable):
        return "fail", text.reason
    shown = _shown(pattern)
    try:
        compiled = compiled_pattern(pattern, case_sensitive)
    except Exception as error:  # the regex engine raises its own error class
        return "error", f"the pattern {shown} does not compile: {error}"
    try:
        found = compiled.search(text, timeout=deadline)
    except TimeoutError:
        return "error", f"the pattern {shown} took longer than {deadline:g} s and was stopped"
    if found is not None:
        return "pass", f"the pattern {shown} matches the answer"
    return "fail", f"the pattern {shown} matches nothing in the answer"


def _json_schema(
    check: JSONObject, reading: AnswerReading, _: AnswerUnderTest, __: float
) -> _Verdict:
    instance = reading.json_at(_path(check))
    if isinstance(instance, Unreadable):
        return "fail", instance.reason
    try:
        validator = schema_validator(check["schema"])
        if validator.is_valid(instance):
            return "pass", "the answer matches the schema"
        where, why = best_schema_error(validator, instance)
    except Exception as error:  # a schema the validator cannot use gives no verdict
        return "error", f"the schema could not be applied: {str(error)[:200]}"
    at = f" at {where}" if where else ""
    return "fail", f"the answer does not match the schema{at}: {why[:200]}"


def _length(check: JSONObject, reading: AnswerReading, _: AnswerUnderTest, __: float) -> _Verdict:
    text = reading.text_at(_path(check))
    if isinstance(text, Unreadable):
        return "fail", text.reason
    unit = _str(check, "unit")
    # "A length check counts words as runs of anything but whitespace."
    size = len(text.split()) if unit == "words" else len(text)
    lowest, highest = _number(check, "min"), _number(check, "max")
    if lowest is not None and size < lowest:
        return "fail", f"the answer is {size} {unit} long, under the minimum of {lowest:g}"
    if highest is not None and size > highest:
        return "fail", f"the answer is {size} {unit} long, over the maximum of {highest:g}"
    return "pass", f"the answer is {size} {unit} long"


def _figure_at_most(figure: float | None, limit: float, what: str, unit: str) -> _Verdict:
    if figure is None:
        return "error", f"the run reported no {what}"
    if figure <= limit:
        return "pass", f"the run's {what} was {figure:g} {unit}, within {limit:g}"
    return "fail", f"the run's {what} was {figure:g} {unit}, over {limit:g}"


def _max_cost(check: JSONObject, _: AnswerReading, answer: AnswerUnderTest, __: float) -> _Verdict:
    limit = _number(check, "value")
    assert limit is not None
    return _figure_at_most(answer.cost_usd, limit, "cost", "USD")


def _max_latency(
    check: JSONObject, _: AnswerReading, answer: AnswerUnderTest, __: float
) -> _Verdict:
    limit = _number(check, "value")
    assert limit is not None
    return _figure_at_most(answer.latency_ms, limit, "latency", "ms")


_RuleEvaluator = Callable[[JSONObject, AnswerReading, AnswerUnderTest, float], _Verdict]

RULE_EVALUATORS: dict[str, _RuleEvaluator] = {
    "contains": _contains,
    "not_contains": _not_contains,
    "equals": _equals,
    "regex": _regex,
    "json_schema": _json_schema,
    "length": _length,
    "max_cost_usd": _max_cost,
    "max_latency_ms": _max_latency,
}


def _evaluate(
    check: JSONObject,
    reading: AnswerReading,
    answer: AnswerUnderTest,
    deadline: float,
    source: str,
) -> ScorerCheckResult:
    check_type = check.get("type")
    if check_type == JUDGE_CHECK_TYPE:
        raise ValueError("judge checks are graded in the judge run, not evaluated as rules")
    if not isinstance(check_type, str) or check_type not in RULE_EVALUATORS:
        raise ValueError(f"unknown check type {check_type!r}")
    evaluator = RULE_EVALUATORS[check_type]
    status, reason = evaluator(check, reading, answer, deadline)
    return ScorerCheckResult(kind=check_type, status=status, reason=reason, source=source)


def evaluate_check(
    check: JSONObject,
    answer: AnswerUnderTest,
    *,
    regex_deadline: float = REGEX_DEADLINE_SECONDS,
) -> ScorerCheckResult:
    """One validated rule check against one answer. Raises ``ValueError`` on a ``judge`` check."""
    return _evaluate(check, AnswerReading(answer.text), answer, regex_deadline, "")


def _describe(results: Sequence[ScorerCheckResult]) -> str:
    return "; ".join(f"{r.source} {r.kind} - {r.reason}" for r in results)


def combine_check_results(results: Sequence[ScorerCheckResult]) -> ScorerResult:
    """Fail when a check failed, no verdict when one reached none, pass otherwise.

    A failed check decides even beside one with no verdict: whatever that one
    would say, the rules already failed. The score is the fraction passed of
    the checks that reached a verdict.
    """
    if not results:
        raise NothingToGrade("there are no checks to evaluate")
    failed = [r for r in results if r.status == "fail"]
    errored = [r for r in results if r.status == "error"]
    passed = len(results) - len(failed) - len(errored)
    if failed:
        reason = f"failed: {_describe(failed)}"
        if errored:
            reason += f"; no verdict: {_describe(errored)}"
        return ScorerResult("fail", passed / (passed + len(failed)), reason, tuple(results))
    if errored:
        return ScorerResult("error", None, f"no verdict: {_describe(errored)}", tuple(results))
    noun = "check" if passed == 1 else "checks"
    return ScorerResult("pass", 1.0, f"{passed} {noun} passed", tuple(results))


def score_checks(
    case_checks: Sequence[JSONObject],
    default_checks: Sequence[JSONObject],
    answer: AnswerUnderTest,
    *,
    regex_deadline: float = REGEX_DEADLINE_SECONDS,
) -> ScorerResult:
    """The Checks scorer: the case's rules and the dataset's default rules.

    Checks are named ``checks.N`` and ``default_checks.N`` by their place in
    their own list, ``judge`` checks included, so a name points at the stored
    check. Raises ``NothingToGrade`` when neither list holds a rule.
    """
    reading = AnswerReading(answer.text)
    results = [
        _evaluate(item.check, reading, answer, regex_deadline, f"{prefix}.{item.index}")
        for prefix, checks in (("checks", case_checks), ("default_checks", default_checks))
        for item in split_judge_checks(checks).rules
    ]
    return combine_check_results(results)
