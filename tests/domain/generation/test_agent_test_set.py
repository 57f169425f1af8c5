import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.agents.model import ToolSpec
from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import ValidationFailed
from casebook.domain.generation import agent_test_set as rules
from casebook.domain.generation.drafts import read_generator_reply
from casebook.domain.generation.material import GenerationMaterial, agent_material

GRADABLE = CaseContent(input="q", reference_answer="a")


def test_a_positive_rating_is_a_reference_and_a_negative_one_a_counter_example() -> None:
    assert rules.rated_answer_keep_as("up") == "reference"
    assert rules.rated_answer_keep_as("down") == "counter_example"


def test_only_newly_rated_answers_are_added_each_once() -> None:
    assert rules.newly_rated([5, 3, 5, 8, 1], already_in_set=[3, 1]) == [5, 8]


def test_a_new_set_uses_the_agents_own_model_for_every_helper() -> None:
    models = rules.new_agent_test_set_models("gpt-4o")
    assert (models.grading, models.generation, models.improvement) == ("gpt-4o",) * 3


def test_the_report_says_so_explicitly_when_the_grader_shares_the_agents_model() -> None:
    report = rules.grader_shares_model_report("gpt-4o", "gpt-4o")
    assert report is not None and "gpt-4o" in report and "independent" in report
    assert rules.grader_shares_model_report("gpt-4o", "claude-sonnet") is None
    assert rules.grader_shares_model_report(None, "gpt-4o") is None


@given(gradable=st.integers(0, 20))
def test_the_generator_asks_for_enough_questions_to_reach_five_gradable_cases(
    gradable: int,
) -> None:
    asked = rules.bootstrap_question_count(gradable)
    assert asked == max(0, 5 - gradable)
    assert gradable + asked >= rules.GRADABLE_TARGET


def test_more_when_given_is_what_is_asked_for_within_the_bound() -> None:
    assert rules.bootstrap_question_count(9, more=12) == 12
    for wrong in (0, 51):
        with pytest.raises(ValidationFailed) as refused:
            rules.bootstrap_question_count(0, more=wrong)
        assert refused.value.errors[0].path == "more"


@given(gradable=st.integers(0, 10))
def test_fewer_than_three_gradable_cases_is_insufficient(gradable: int) -> None:
    expected = "insufficient" if gradable < 3 else "sufficient"
    assert rules.sufficiency_of(gradable) == expected


def test_every_kept_bootstrap_draft_is_accepted_and_counted() -> None:
    reply = json.dumps(
        {
            "cases": [
                {"source": "agent", "input": "q1", "reference_answer": "a"},
                {"source": "agent", "input": "q2"},
                {"source": "agent", "input": "q3", "expected_tool_calls": [{"tool": "refund"}]},
            ]
        }
    )
    tools = (ToolSpec("refund"),)
    reading = read_generator_reply(
        reply,
        plan={"agent": 3},
        material=GenerationMaterial(agent=agent_material("", [], tools)),
        agent_tools=tools,
    )
    accepted = rules.bootstrap_accepted(reading)
    assert [c.input for c in accepted] == ["q1", "q3"]
    anonymised = CaseContent(input="[erased]", reference_answer="[erased]")
    report = rules.agent_test_set_report(
        [(anonymised, True)], accepted, agent_model="gpt-4o", grader_model="gpt-4o"
    )
    assert (report.gradable_cases, report.accepted, report.sufficiency) == (2, 2, "insufficient")
    assert report.grader_shares_model is not None
    enough = rules.agent_test_set_report(
        [(GRADABLE, False)], accepted, agent_model="gpt-4o", grader_model="other"
    )
    assert (enough.sufficiency, enough.grader_shares_model) == ("sufficient", None)
