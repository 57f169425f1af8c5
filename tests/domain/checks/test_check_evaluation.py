"""Checks evaluation (spec: Grading → Checks), rule by rule, then the Checks scorer."""

import json

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from casebook.domain.checks.answer_reading import ANSWER_READ_LIMIT
from casebook.domain.checks.evaluate import (
    evaluate_check,
    score_checks,
    split_judge_checks,
)
from casebook.domain.checks.patterns import compiled_pattern
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.results import NothingToGrade
from casebook.domain.jsonvalue import JSONObject

ITEMS = json.dumps({"items": [{"name": "Kettle", "qty": 2}], "total": 42, "ok": True})


def status(check: JSONObject, text: str, **figures: float) -> str:
    return evaluate_check(check, AnswerUnderTest(text, **figures)).status


@pytest.mark.parametrize(
    ("check", "text", "expected"),
    [
        ({"type": "contains", "value": "Refund"}, "we offer a refund", "pass"),
        ({"type": "contains", "value": "Refund", "case_sensitive": True}, "a refund", "fail"),
        ({"type": "contains", "value": "refund"}, "no money back", "fail"),
        ({"type": "not_contains", "value": "guarantee"}, "we GUARANTEE it", "fail"),
        ({"type": "not_contains", "value": "guarantee"}, "no promises", "pass"),
        ({"type": "not_contains", "value": "Sorry", "case_sensitive": True}, "sorry", "pass"),
        ({"type": "equals", "value": "42"}, "  42 \n", "pass"),
        ({"type": "equals", "value": "yes"}, "YES", "pass"),
        ({"type": "equals", "value": "yes", "case_sensitive": True}, "YES", "fail"),
        ({"type": "equals", "value": "42"}, "The answer is 42", "fail"),
        ({"type": "regex", "value": r"\b30 days\b"}, "within 30 DAYS of delivery", "pass"),
        ({"type": "regex", "value": "^Dear", "case_sensitive": True}, "dear customer", "fail"),
        ({"type": "regex", "value": r"\d{5}"}, "order 1234", "fail"),
    ],
)
def test_text_rules(check: JSONObject, text: str, expected: str) -> None:
    assert status(check, text) == expected


@pytest.mark.parametrize(
    ("check", "expected"),
    [
        ({"type": "equals", "path": "items.0.name", "value": "kettle"}, "pass"),
        (
            {"type": "equals", "path": "items.0.name", "value": "Kettle", "case_sensitive": True},
            "pass",
        ),
        ({"type": "contains", "path": "items.0.name", "value": "ett"}, "pass"),
        ({"type": "equals", "path": "total", "value": "42"}, "pass"),
        ({"type": "equals", "path": "ok", "value": "true"}, "pass"),
        ({"type": "contains", "path": "items.0", "value": '"qty":2'}, "pass"),
        ({"type": "length", "path": "items.0.name", "unit": "characters", "max": 6}, "pass"),
        ({"type": "regex", "path": "items.0.name", "value": "^k"}, "pass"),
        ({"type": "json_schema", "path": "items", "schema": {"type": "array"}}, "pass"),
        ({"type": "json_schema", "path": "total", "schema": {"type": "string"}}, "fail"),
    ],
)
def test_path_reads_into_a_json_answer(check: JSONObject, expected: str) -> None:
    assert status(check, ITEMS) == expected


@pytest.mark.parametrize(
    ("path", "found"),
    [
        ("items.1.name", "items"),
        ("items.0.colour", "items.0"),
        ("missing", None),
        ("total.x", "total"),
    ],
)
def test_a_missing_path_fails_naming_it(path: str, found: str | None) -> None:
    result = evaluate_check(
        {"type": "contains", "path": path, "value": "x"}, AnswerUnderTest(ITEMS)
    )
    assert result.status == "fail"
    assert f"nothing at {path}" in result.reason
    assert (f"(found {found})" in result.reason) == (found is not None)


@pytest.mark.parametrize("check_type", ["contains", "not_contains", "equals", "regex"])
def test_a_path_into_an_answer_that_is_not_json_fails(check_type: str) -> None:
    check: JSONObject = {"type": check_type, "path": "items.0.name", "value": "x"}
    result = evaluate_check(check, AnswerUnderTest("Sure! Here is the list: kettle"))
    assert (result.status, result.reason) == ("fail", "the answer is not JSON")


def test_integers_past_64_bits_are_still_json() -> None:
    check: JSONObject = {"type": "equals", "path": "id", "value": str(2**70)}
    assert status(check, json.dumps({"id": 2**70})) == "pass"


def test_a_rule_reads_only_the_first_100000_characters() -> None:
    text = "a" * ANSWER_READ_LIMIT + "needle"
    assert status({"type": "contains", "value": "needle"}, text) == "fail"
    assert status({"type": "not_contains", "value": "needle"}, text) == "pass"
    assert status({"type": "regex", "value": "needle"}, text) == "fail"
    assert (
        status({"type": "length", "unit": "characters", "max": ANSWER_READ_LIMIT}, text) == "pass"
    )


def test_a_pattern_past_its_deadline_is_an_error_not_a_fail() -> None:
    check: JSONObject = {"type": "regex", "value": "(x+x+)+y"}
    result = evaluate_check(check, AnswerUnderTest("x" * 5_000), regex_deadline=0.01)
    assert result.status == "error"
    assert "took longer than 0.01 s" in result.reason


def test_patterns_compile_once_per_pattern_and_flags() -> None:
    compiled_pattern.cache_clear()
    check: JSONObject = {"type": "regex", "value": r"once\d"}
    for _ in range(3):
        evaluate_check(check, AnswerUnderTest("once1"))
    evaluate_check({**check, "case_sensitive": True}, AnswerUnderTest("once1"))
    info = compiled_pattern.cache_info()
    assert (info.misses, info.hits) == (2, 2)


@pytest.mark.parametrize(
    ("schema", "text", "expected"),
    [
        ({"type": "object", "required": ["items"]}, ITEMS, "pass"),
        ({"type": "object", "required": ["refund"]}, ITEMS, "fail"),
        ({}, "[1, 2]", "pass"),
        ({}, "Here is the JSON: {}", "fail"),
        ({"type": "string", "format": "email"}, '"not an address"', "pass"),
        ({"$defs": {"n": {"type": "integer"}}, "$ref": "#/$defs/n"}, "3", "pass"),
    ],
)
def test_json_schema(schema: JSONObject, text: str, expected: str) -> None:
    assert status({"type": "json_schema", "schema": schema}, text) == expected


def test_a_schema_failure_says_where() -> None:
    check: JSONObject = {
        "type": "json_schema",
        "schema": {"properties": {"items": {"items": {"properties": {"qty": {"maximum": 1}}}}}},
    }
    result = evaluate_check(check, AnswerUnderTest(ITEMS))
    assert result.status == "fail"
    assert "at items.0.qty" in result.reason


@pytest.mark.parametrize(
    ("check", "text", "expected"),
    [
        ({"type": "length", "unit": "words", "max": 3}, "one  two\n\tthree", "pass"),
        ({"type": "length", "unit": "words", "max": 2}, "one  two\n\tthree", "fail"),
        ({"type": "length", "unit": "words", "min": 3}, "don't-stop me", "fail"),
        ({"type": "length", "unit": "characters", "min": 3, "max": 3}, "abc", "pass"),
        ({"type": "length", "unit": "characters", "min": 4}, "abc", "fail"),
        ({"type": "length", "unit": "words", "max": 0}, "   ", "pass"),
    ],
)
def test_length(check: JSONObject, text: str, expected: str) -> None:
    assert status(check, text) == expected


def test_length_reason_names_the_count_and_bound() -> None:
    check: JSONObject = {"type": "length", "unit": "words", "max": 2}
    result = evaluate_check(check, AnswerUnderTest("one two three"))
    assert result.reason == "the answer is 3 words long, over the maximum of 2"


@given(st.text())
def test_words_are_runs_of_anything_but_whitespace(text: str) -> None:
    size = len(text.split())
    assert status({"type": "length", "unit": "words", "min": size, "max": size}, text) == "pass"


@given(st.text(min_size=1), st.text(), st.text())
@example(part="ı", before="", after="")
def test_text_contains_any_part_of_itself_in_any_case(part: str, before: str, after: str) -> None:
    text = (before + part + after)[:ANSWER_READ_LIMIT]
    value = part.upper()
    # Unicode caseless matching: upper() and casefold() do not round-trip for every
    # letter (the dotless "ı" uppercases to "I", which casefolds to "i").
    if value.casefold() in text.casefold():
        assert status({"type": "contains", "value": value}, text) == "pass"


@pytest.mark.parametrize(
    ("check", "figures", "expected"),
    [
        ({"type": "max_cost_usd", "value": 0.02}, {"cost_usd": 0.02}, "pass"),
        ({"type": "max_cost_usd", "value": 0.02}, {"cost_usd": 0.021}, "fail"),
        ({"type": "max_cost_usd", "value": 0.02}, {}, "error"),
        ({"type": "max_latency_ms", "value": 1500}, {"latency_ms": 900}, "pass"),
        ({"type": "max_latency_ms", "value": 1500}, {"latency_ms": 1501}, "fail"),
        ({"type": "max_latency_ms", "value": 1500}, {"cost_usd": 0.1}, "error"),
    ],
)
def test_run_figures(check: JSONObject, figures: dict[str, float], expected: str) -> None:
    assert status(check, "any answer", **figures) == expected


def test_a_missing_figure_says_so() -> None:
    result = evaluate_check({"type": "max_cost_usd", "value": 1}, AnswerUnderTest("a"))
    assert (result.status, result.reason) == ("error", "the run reported no cost")


def test_judge_checks_are_split_out_not_evaluated() -> None:
    checks: list[JSONObject] = [
        {"type": "contains", "value": "a"},
        {"type": "judge", "criterion": "refuses politely"},
        {"type": "length", "unit": "words", "max": 9},
    ]
    split = split_judge_checks(checks)
    assert [item.index for item in split.rules] == [0, 2]
    assert [item.index for item in split.judge] == [1]
    with pytest.raises(ValueError, match="judge run"):
        evaluate_check(checks[1], AnswerUnderTest("a"))


def test_checks_scorer_passes_when_every_rule_passes() -> None:
    result = score_checks(
        [{"type": "contains", "value": "refund"}],
        [{"type": "length", "unit": "words", "max": 50}],
        AnswerUnderTest("You can get a refund."),
    )
    assert (result.status, result.score, result.reason) == ("pass", 1.0, "2 checks passed")
    assert [part.source for part in result.parts] == ["checks.0", "default_checks.0"]


def test_checks_scorer_fails_naming_the_failing_checks() -> None:
    result = score_checks(
        [
            {"type": "judge", "criterion": "is kind"},
            {"type": "contains", "value": "refund"},
            {"type": "not_contains", "value": "sorry"},
        ],
        [{"type": "length", "unit": "words", "max": 2}],
        AnswerUnderTest("Sorry, no refund."),
    )
    assert result.status == "fail"
    assert result.score == pytest.approx(1 / 3)
    assert "checks.2 not_contains" in result.reason
    assert "default_checks.0 length" in result.reason
    assert "checks.1" not in result.reason


def test_a_fail_beats_a_check_without_verdict() -> None:
    result = score_checks(
        [{"type": "contains", "value": "x"}, {"type": "contains", "value": "refund"}],
        [{"type": "max_cost_usd", "value": 1}],
        AnswerUnderTest("refund"),
    )
    assert result.status == "fail"
    assert result.score == 0.5
    assert "no verdict: default_checks.0 max_cost_usd - the run reported no cost" in result.reason


def test_only_checks_without_verdict_give_no_verdict() -> None:
    result = score_checks([{"type": "max_latency_ms", "value": 5}], [], AnswerUnderTest("a"))
    assert (result.status, result.score) == ("error", None)
    assert result.reason == "no verdict: checks.0 max_latency_ms - the run reported no latency"


def test_nothing_to_check_is_refused() -> None:
    with pytest.raises(NothingToGrade):
        score_checks([{"type": "judge", "criterion": "kind"}], [], AnswerUnderTest("a"))


def test_results_serialize_for_the_scores_copy() -> None:
    result = score_checks([{"type": "contains", "value": "a"}], [], AnswerUnderTest("a"))
    assert json.loads(json.dumps(result.to_json()))["parts"][0]["source"] == "checks.0"
