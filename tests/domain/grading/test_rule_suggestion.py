"""Suggesting a rule from a criterion's own words (spec: Grading → The judge)."""

import pytest

from casebook.domain.checks.definitions import validate_check
from casebook.domain.checks.evaluate import evaluate_check
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.rule_suggestion import BULLET_LINE_PATTERN, suggest_rule
from casebook.domain.jsonvalue import JSONObject

BULLETS: JSONObject = {"type": "regex", "value": BULLET_LINE_PATTERN}

SUGGESTED: list[tuple[str, JSONObject]] = [
    ("The answer is at most 100 words long.", {"type": "length", "unit": "words", "max": 100}),
    ("Is the answer under 500 characters?", {"type": "length", "unit": "characters", "max": 499}),
    ("Keep it under one hundred words", {"type": "length", "unit": "words", "max": 99}),
    (
        "Answer in no more than 1,000 characters",
        {"type": "length", "unit": "characters", "max": 1000},
    ),
    ("Does the answer not exceed 200 words?", {"type": "length", "unit": "words", "max": 200}),
    ("The answer is 100 words or fewer", {"type": "length", "unit": "words", "max": 100}),
    ("Is the answer at least fifty words long?", {"type": "length", "unit": "words", "min": 50}),
    (
        "Is the answer longer than 20 characters?",
        {"type": "length", "unit": "characters", "min": 21},
    ),
    (
        "The response is between 50 and 120 words",
        {"type": "length", "unit": "words", "min": 50, "max": 120},
    ),
    ("Uses at most twenty-five words", {"type": "length", "unit": "words", "max": 25}),
    ("Is the answer valid JSON?", {"type": "json_schema", "schema": {}}),
    ("is valid JSON", {"type": "json_schema", "schema": {}}),
    ("Answer in JSON", {"type": "json_schema", "schema": {}}),
    (
        "The response must be a valid JSON object",
        {"type": "json_schema", "schema": {"type": "object"}},
    ),
    ("Returns a JSON array only", {"type": "json_schema", "schema": {"type": "array"}}),
    ("starts with 'Hello'", {"type": "regex", "value": r"^\s*Hello"}),
    (
        "Does the answer begin with “Dear customer,”?",
        {"type": "regex", "value": r"^\s*Dear customer,"},
    ),
    ('Opens with the words "Thanks (again)"', {"type": "regex", "value": r"^\s*Thanks \(again\)"}),
    ("Is the answer a bulleted list?", BULLETS),
    ("The answer uses bullet points", BULLETS),
    ("Formatted as a bullet list", BULLETS),
    ("Answers in bullets", BULLETS),
]

NOT_A_RULE = [
    "no more than three sentences",
    "at most 5 bullet points",
    "Uses at most 3 emojis",
    "The summary is at most 50 words",
    "The answer is polite and under 100 words",
    "Is the answer concise?",
    "mentions JSON",
    "contains valid JSON",
    "explains how to parse JSON",
    "does not start with 'Sorry'",
    "starts with a greeting",
    "ends with 'Regards'",
    "does not use bullet points",
    "is a numbered list",
    "avoids bulleted lists",
    "Does it refuse and not reveal the customer's address?",
    "under 0 words",
    "between 100 and 50 words",
    "",
]


@pytest.mark.parametrize(("criterion", "rule"), SUGGESTED)
def test_a_criterion_a_rule_can_check_says_so(criterion: str, rule: JSONObject) -> None:
    assert suggest_rule(criterion) == rule


@pytest.mark.parametrize(("criterion", "rule"), SUGGESTED)
def test_every_suggestion_is_a_valid_check(criterion: str, rule: JSONObject) -> None:
    validate_check(rule, "checks.0")


@pytest.mark.parametrize("criterion", NOT_A_RULE)
def test_what_a_rule_cannot_say_keeps_its_judge(criterion: str) -> None:
    assert suggest_rule(criterion) is None


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Steps:\n- unplug it\n- pack it", "pass"),
        ("Steps:\n  * unplug it", "pass"),
        ("• one\n• two", "pass"),
        ("Unplug it - then pack it.", "fail"),
        ("-5 degrees", "fail"),
    ],
)
def test_the_bulleted_list_rule_finds_a_line_starting_with_a_bullet(
    answer: str, expected: str
) -> None:
    assert evaluate_check(BULLETS, AnswerUnderTest(answer)).status == expected


def test_a_quoted_opening_allows_leading_space_and_any_case() -> None:
    rule = suggest_rule("starts with 'Hello'")
    assert rule is not None
    assert evaluate_check(rule, AnswerUnderTest("  hello there")).status == "pass"
    assert evaluate_check(rule, AnswerUnderTest("Well, hello")).status == "fail"
