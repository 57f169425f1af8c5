"""The required counter-example criterion (spec: Grading → The judge)."""

import json

import pytest

from casebook.domain.cases.model import CaseContent
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.judge_prompt import JudgePrompt, build_judge_prompt
from casebook.domain.grading.judge_verdict import (
    CriterionGrade,
    grades_by_id,
    parse_verdict,
    verdict_not_reached,
)

from .conftest import scoring

COUNTER = "Yes, any item can be returned within 30 days."
KEEPS_AND_ADDS = "Yes, any item can be returned within 30 days. Used items, though, are excluded."
DIFFERENT = "No - only unused items can be returned, and within 30 days."
CASE = CaseContent(input="Can I return a used kettle?", counter_example=COUNTER)


def prompt(answer: str) -> JudgePrompt:
    return build_judge_prompt(
        scoring({"reference": {"enabled": True}}), CASE, AnswerUnderTest(answer)
    )


def judged(
    answer: str, grade: int, quotes: list[str], rule: str = "It sets a limit."
) -> CriterionGrade:
    raw = json.dumps(
        {"criteria": [{"id": "counter_example", "grade": grade, "rule": rule, "quotes": quotes}]}
    )
    verdict = parse_verdict(raw, prompt(answer), answer, COUNTER)
    return grades_by_id(verdict)["counter_example"]


def test_a_pass_quoting_only_what_the_two_share_is_an_error() -> None:
    found = judged(DIFFERENT, 2, ["within 30 days"])
    assert (found.status, found.reason) == (
        "error",
        "the pass quotes only what the answer shares with the counter-example",
    )


def test_a_pass_quoting_nothing_from_an_answer_that_copies_the_counter_example_is_an_error() -> (
    None
):
    found = judged(KEEPS_AND_ADDS, 2, [])
    assert (found.status, found.reason) == (
        "error",
        "the pass quotes nothing from an answer that copies the counter-example",
    )
    assert judged(KEEPS_AND_ADDS, 2, ["Refunds are instant"]).status == "error"


def test_any_other_pass_with_nothing_quoted_stands_unverified() -> None:
    found = judged(DIFFERENT, 2, [])
    assert (found.status, found.verified) == ("pass", False)


def test_an_answer_that_keeps_the_counter_example_and_adds_passes_on_a_quote_of_the_addition() -> (
    None
):
    found = judged(KEEPS_AND_ADDS, 2, ["Used items, though, are excluded."])
    assert (found.status, found.verified) == ("pass", True)
    assert judged(KEEPS_AND_ADDS, 2, ["any item can be returned"]).status == "error"


def test_a_pass_with_a_distinguishing_quote_stands() -> None:
    found = judged(DIFFERENT, 2, ["only unused items can be returned", "within 30 days"])
    assert (found.status, found.verified) == ("pass", True)


@pytest.mark.parametrize(
    "answer",
    [
        COUNTER,
        "  Yes,  any item can be returned\nwithin 30 days ",
        "“Yes, any item can be returned within 30 days”",
        "any item can be returned",
        "",
        # Case and spacing aside: a copy in capitals or with its spaces changed is still it.
        "YES, ANY ITEM CAN BE RETURNED WITHIN 30 DAYS.",
        "any item can be returned within30days",
        "AnyItem can be returned",
    ],
)
def test_an_answer_that_is_the_counter_example_or_a_part_of_it_fails_whatever_the_judge_said(
    answer: str,
) -> None:
    found = judged(answer, 2, [answer], "It differs in tone and scope.")
    assert (found.status, found.score) == ("fail", 0.0)
    assert found.reason == "the answer is the counter-example, or a part of it"


def test_it_fails_even_when_the_judge_gave_no_verdict() -> None:
    verdict = verdict_not_reached(
        prompt(COUNTER), "the judge's run failed", COUNTER, COUNTER, skipped=False
    )
    assert grades_by_id(verdict)["counter_example"].status == "fail"
    unreadable = parse_verdict("no json here", prompt(COUNTER), COUNTER, COUNTER)
    assert grades_by_id(unreadable)["counter_example"].status == "fail"


def test_a_pass_quoting_nothing_from_a_copy_in_other_case_and_spacing_is_an_error() -> None:
    copy = "YES, ANY ITEM CAN BE RETURNED WITHIN30 DAYS. Used items, though, are excluded."
    found = judged(copy, 2, [])
    assert found.reason == "the pass quotes nothing from an answer that copies the counter-example"


def test_a_fail_from_the_judge_stands() -> None:
    assert (
        judged(KEEPS_AND_ADDS, 1, ["any item can be returned"], "It repeats the promise.").status
        == "fail"
    )
