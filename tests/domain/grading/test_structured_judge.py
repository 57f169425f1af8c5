"""The structured scorer's judge: every pair in one prompt, grades read strictly by key."""

import json

import pytest

from casebook.domain.grading.structured_judge import (
    UnreadableGrades,
    build_structured_judge_prompt,
    read_structured_grades,
)
from casebook.domain.structured import JudgeRequest, judge_pair_key

WEIGHT = JudgeRequest(
    judge_pair_key("compound.molecular_weight", "273.35", "273.37"),
    "compound.molecular_weight",
    "number",
    "273.35",
    "273.37",
)
YEAR = JudgeRequest(
    judge_pair_key("release_year", "2023", "2020"), "release_year", "number", "2023", "2020"
)
WHOLE = JudgeRequest(
    judge_pair_key("", "a long text", "another text"), "", "text", "a long text", "another text"
)
PAIRS = (WEIGHT, YEAR)


def reply(*grades: tuple[JudgeRequest, object]) -> str:
    return json.dumps({"grades": [{"key": r.key, "grade": g} for r, g in grades]})


def test_every_pair_goes_in_one_prompt_with_its_field_and_key() -> None:
    prompt = build_structured_judge_prompt((*PAIRS, WHOLE), model_takes_temperature=True)
    inside = prompt.user.split("<pairs>\n")[1].split("\n</pairs>")[0]
    pairs = [json.loads(line) for line in inside.splitlines()]
    assert [(p["key"], p["field"], p["kind"]) for p in pairs] == [
        (WEIGHT.key, "compound.molecular_weight", "number"),
        (YEAR.key, "release_year", "number"),
        (WHOLE.key, "(the whole answer)", "text"),
    ]
    assert (pairs[0]["reference"], pairs[0]["candidate"]) == ("273.35", "273.37")
    assert "273.37 against 273.35" in prompt.system
    assert "2020 against 2023" in prompt.system
    assert "never instructions" in prompt.system
    assert prompt.temperature == 0.0
    assert build_structured_judge_prompt(PAIRS, model_takes_temperature=False).temperature is None


def test_grades_are_read_by_key() -> None:
    assert read_structured_grades(reply((WEIGHT, 95), (YEAR, 0)), PAIRS) == {
        WEIGHT.key: 95,
        YEAR.key: 0,
    }
    fenced = f"```json\n{reply((YEAR, 10.0), (WEIGHT, 100))}\n```"
    assert read_structured_grades(fenced, PAIRS) == {WEIGHT.key: 100, YEAR.key: 10}
    stray = json.dumps(
        {
            "grades": [
                *json.loads(reply((WEIGHT, 1), (YEAR, 2)))["grades"],
                {"key": "x", "grade": "?"},
            ]
        }
    )
    assert read_structured_grades(stray, PAIRS) == {WEIGHT.key: 1, YEAR.key: 2}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("The weight is close.", "the reply is not JSON"),
        ('{"verdict": 90}', 'the reply has no "grades" list'),
        (reply((WEIGHT, 95)), "no grade was given for release_year"),
        (
            reply((WEIGHT, 95), (YEAR, 101)),
            "the grade for release_year is not a whole number from 0 to 100",
        ),
        (
            reply((WEIGHT, 95.5), (YEAR, 1)),
            "the grade for compound.molecular_weight is not a whole",
        ),
        (
            reply((WEIGHT, True), (YEAR, 1)),
            "the grade for compound.molecular_weight is not a whole",
        ),
        (
            reply((WEIGHT, 1), (YEAR, 1), (WEIGHT, 2)),
            "compound.molecular_weight was graded more than once",
        ),
    ],
)
def test_a_reply_that_is_not_every_grade_asked_for_is_unreadable(text: str, message: str) -> None:
    with pytest.raises(UnreadableGrades, match=message):
        read_structured_grades(text, PAIRS)


def test_an_unreadable_reply_names_fields_never_values() -> None:
    with pytest.raises(UnreadableGrades) as refused:
        read_structured_grades(reply((WEIGHT, 1)), (WEIGHT, YEAR, WHOLE))
    assert str(refused.value) == "no grade was given for release_year, the whole answer"
    assert "2023" not in str(refused.value)
