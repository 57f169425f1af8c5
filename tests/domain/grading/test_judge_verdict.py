"""Reading the judge's verdict (spec: Grading → The judge), rule by rule."""

import json

import pytest

from casebook.domain.cases.model import CaseContent
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.judge_prompt import JudgePrompt, build_judge_prompt
from casebook.domain.grading.judge_verdict import (
    QUOTE_MAX_CHARS,
    JudgeVerdict,
    clean_quotes,
    grades_by_id,
    parse_verdict,
)
from casebook.domain.jsonvalue import JSONValue

from .conftest import scoring

ANSWER = (
    "We're sorry: only unused items can be returned.\n\n  Your kettle  was used, so we can't "
    'take it back. "Store credit" is possible.'
)
CRITERIA = [
    {"id": "tone", "text": "Is the answer polite?"},
    {"id": "policy", "text": "Does the answer state the return policy correctly?"},
]


def prompt(scale: int = 5, pass_at: int = 4) -> JudgePrompt:
    config = scoring(
        {"judge": {"enabled": True, "criteria": CRITERIA, "scale": scale, "pass_at": pass_at}}
    )
    return build_judge_prompt(
        config, CaseContent(input="Can I return it?"), AnswerUnderTest(ANSWER)
    )


def grade(criterion_id: str, value: JSONValue, rule: str = "", quotes: JSONValue = None) -> dict:
    entry: dict = {"id": criterion_id, "grade": value, "rule": rule}
    if quotes is not None:
        entry["quotes"] = quotes
    return entry


GOOD_TONE = grade("tone", 5, "It apologises before refusing.", ["We're sorry"])
GOOD_POLICY = grade(
    "policy", 4, "It names the unused-items rule.", ["only unused items can be returned"]
)


def read(*entries: dict, raw: str | None = None, scale: int = 5, pass_at: int = 4) -> JudgeVerdict:
    text = raw if raw is not None else json.dumps({"criteria": list(entries)})
    return parse_verdict(text, prompt(scale, pass_at), ANSWER, None)


def test_a_verdict_grades_every_criterion() -> None:
    verdict = read(GOOD_TONE, GOOD_POLICY)
    assert verdict.readable
    tone = grades_by_id(verdict)["tone"]
    assert (tone.status, tone.grade, tone.score, tone.verified) == ("pass", 5, 1.0, True)
    assert tone.reason == "grade 5 of 5"
    assert grades_by_id(verdict)["policy"].score == 0.75


@pytest.mark.parametrize(
    "raw",
    [
        "```json\n{body}\n```",
        "Here is my verdict:\n```\n{body}\n```\nThanks.",
        "My verdict: {body} - done.",
        "{list_body}",
    ],
)
def test_the_verdict_may_be_fenced_or_wrapped(raw: str) -> None:
    body = json.dumps({"criteria": [GOOD_TONE, GOOD_POLICY]})
    list_body = json.dumps([GOOD_TONE, GOOD_POLICY])
    verdict = read(raw=raw.replace("{body}", body).replace("{list_body}", list_body))
    assert verdict.readable
    assert [g.status for g in verdict.grades] == ["pass", "pass"]


@pytest.mark.parametrize(
    ("entries", "fields"),
    [
        ([{"grade": 5, "rule": "x"}, GOOD_POLICY], "criteria.0.id, criterion tone (not graded)"),
        ([grade("tone", None, "x"), GOOD_POLICY], "criteria.0.grade (criterion tone)"),
        ([grade("tone", "five", "x"), GOOD_POLICY], "criteria.0.grade (criterion tone)"),
        ([GOOD_TONE], "criterion policy (not graded)"),
        ([GOOD_TONE, "policy: 4"], "criteria.1, criterion policy (not graded)"),
    ],
)
def test_a_missing_id_or_grade_makes_the_verdict_unreadable(entries: list, fields: str) -> None:
    verdict = read(*entries)
    assert not verdict.readable
    assert verdict.reason == f"the verdict could not be read: {fields}"
    assert {g.status for g in verdict.grades} == {"error"}


def test_a_reply_that_is_not_json_is_unreadable() -> None:
    verdict = read(raw="The answer is polite. Grade: 5")
    assert verdict.reason == "the verdict could not be read: it is not JSON"
    assert [g.score for g in verdict.grades] == [None, None]


def test_the_unreadable_reason_never_repeats_the_answer() -> None:
    leaked = {"id": "tone", "grade": "only unused items can be returned", "rule": ANSWER}
    verdict = read(leaked, {"id": ANSWER, "rule": ANSWER}, GOOD_POLICY)
    assert not verdict.readable
    assert "unused" not in verdict.reason
    assert "kettle" not in verdict.reason
    assert all("unused" not in g.reason for g in verdict.grades)


def test_unknown_criteria_are_ignored() -> None:
    assert read(GOOD_TONE, GOOD_POLICY, grade("style", 1, "?")).readable


def test_a_criterion_graded_twice_is_an_error_not_the_last_grade() -> None:
    verdict = read(GOOD_TONE, GOOD_POLICY, grade("tone", 1, "Rude.", ["can't"]))
    tone = grades_by_id(verdict)["tone"]
    assert (tone.status, tone.grade, tone.score) == ("error", None, None)
    assert tone.reason == "the judge graded this criterion 2 times"
    assert grades_by_id(verdict)["policy"].status == "pass"


@pytest.mark.parametrize(("value", "shown"), [(0, "0"), (6, "6"), (3.5, "3.5"), (-1, "-1")])
def test_a_grade_off_the_scale_is_an_error(value: float, shown: str) -> None:
    tone = grades_by_id(read(grade("tone", value, "It apologises.", ["We're sorry"]), GOOD_POLICY))[
        "tone"
    ]
    assert tone.status == "error"
    assert tone.reason == f"the grade {shown} is not a whole number from 1 to 5"


@pytest.mark.parametrize(
    ("value", "status"), [(3, "fail"), (4, "pass"), ("4", "pass"), (4.0, "pass")]
)
def test_a_criterion_passes_at_the_pass_mark_or_above(value: JSONValue, status: str) -> None:
    policy = grade("policy", value, "It names the unused-items rule.", ["only unused items"])
    assert grades_by_id(read(GOOD_TONE, policy))["policy"].status == status


@pytest.mark.parametrize(
    ("quote", "verified"),
    [
        ("only unused items can be returned", True),
        ("“Store credit” is possible.", True),
        ("'Store credit' is possible", True),
        ("We’re sorry", True),
        ("Your kettle was used, so we can’t take it back.", True),
        ('"Your kettle was used"', True),
        ("your kettle was used", False),
        ("only new items can be returned", False),
        ("Your kettle ... take it back", False),
    ],
)
def test_a_quote_is_verified_word_for_word_with_spacing_and_marks_aside(
    quote: str, verified: bool
) -> None:
    tone = grades_by_id(read(grade("tone", 5, "It apologises first.", [quote]), GOOD_POLICY))[
        "tone"
    ]
    assert tone.quotes[0].verified is verified
    assert tone.status == "pass"


def test_an_unverified_quote_is_kept_and_the_grade_stands() -> None:
    entry = grade("tone", 5, "It apologises first.", ["We apologise deeply", "We're sorry"])
    tone = grades_by_id(read(entry, GOOD_POLICY))["tone"]
    assert [(q.text, q.verified) for q in tone.quotes] == [
        ("We apologise deeply", False),
        ("We're sorry", True),
    ]
    assert (tone.status, tone.verified) == ("pass", True)


def test_what_backs_a_grade_never_sinks_it() -> None:
    quotes: list[JSONValue] = [
        "",
        "   ",
        "x" * (QUOTE_MAX_CHARS + 1),
        7,
        *[f"q{i}" for i in range(14)],
    ]
    entry = grade("tone", 5, "r" * 400 + " apologises", quotes)
    tone = grades_by_id(read(entry, GOOD_POLICY))["tone"]
    assert [q.text for q in tone.quotes] == [f"q{i}" for i in range(12)]
    assert len(tone.rule) == 300
    assert tone.status == "pass"


def test_clean_quotes_reads_a_lone_string_and_ignores_other_shapes() -> None:
    assert clean_quotes(" one ") == ["one"]
    assert clean_quotes({"a": 1}) == []
    assert clean_quotes(None) == []


@pytest.mark.parametrize(
    "rule",
    [
        "The answer is polite.",
        "Yes, the answer is polite.",
        "Polite.",
        "It meets the criterion: the answer is polite",
        "",
    ],
)
def test_a_rule_mostly_in_the_criterions_words_with_no_quote_is_an_error(rule: str) -> None:
    tone = grades_by_id(read(grade("tone", 5, rule, []), GOOD_POLICY))["tone"]
    assert tone.status == "error"
    assert tone.reason.startswith("nothing shows the judge read the answer")


def test_a_quote_that_is_not_in_the_answer_does_not_save_a_parroted_rule() -> None:
    tone = grades_by_id(read(grade("tone", 1, "Not polite.", ["Go away"]), GOOD_POLICY))["tone"]
    assert tone.status == "error"


def test_a_parroted_rule_with_a_verified_quote_stands() -> None:
    tone = grades_by_id(
        read(grade("tone", 5, "The answer is polite.", ["We're sorry"]), GOOD_POLICY)
    )["tone"]
    assert (tone.status, tone.verified) == ("pass", True)


def test_a_top_grade_with_nothing_quoted_stands_marked_unverified() -> None:
    tone = grades_by_id(read(grade("tone", 5, "It apologises before it refuses."), GOOD_POLICY))[
        "tone"
    ]
    assert (tone.status, tone.verified, tone.reason) == ("pass", False, "grade 5 of 5, unverified")


def test_a_low_grade_with_nothing_quoted_stands_marked_unverified() -> None:
    policy = grade("policy", 1, "It never mentions the 30-day window.", [])
    found = grades_by_id(read(GOOD_TONE, policy))["policy"]
    assert (found.status, found.verified, found.score) == ("fail", False, 0.0)


def test_yes_no_scale() -> None:
    entries = [
        grade("tone", 2, "It apologises.", ["We're sorry"]),
        grade("policy", 1, "Wrong rule.", ["can't"]),
    ]
    verdict = read(*entries, scale=2, pass_at=2)
    assert [(g.status, g.score) for g in verdict.grades] == [("pass", 1.0), ("fail", 0.0)]


def test_a_verdict_serializes() -> None:
    assert json.loads(json.dumps(read(GOOD_TONE, GOOD_POLICY).to_json()))["readable"] is True
