"""What an erasure replaces: an anonymised case keeps its checks, tags and expected calls;
somebody else's case loses the person's turns with the agent's answers to them, and their
note; grading findings lose what may quote the answer."""

from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.cases.model import CaseContent, ExpectedToolCall, Turn
from casebook.domain.erasure.rules import (
    ERASED_TEXT,
    anonymised_content,
    erased_turn_positions,
    still_anonymised,
    without_call_arguments,
    without_persons_turns,
    without_quotes,
)

turns = st.lists(
    st.builds(Turn, st.sampled_from(["user", "assistant"]), st.text(min_size=1, max_size=20)),
    max_size=12,
)


def _case(history: tuple[Turn, ...] = ()) -> CaseContent:
    return CaseContent(
        input="Where is order 12?",
        history=history,
        reference_answer="Tomorrow.",
        counter_example=None,
        expected_tool_calls=(ExpectedToolCall("refund", {"order": 12}),),
        checks=({"type": "contains", "value": "tomorrow"},),
        tags=("shipping",),
        note="Said by Mia",
    )


@given(turns)
def test_an_anonymised_case_keeps_everything_but_text(history: list[Turn]) -> None:
    case = _case(tuple(history))
    erased = anonymised_content(case)
    assert erased.input == ERASED_TEXT and still_anonymised(erased)
    assert [t.role for t in erased.history] == [t.role for t in history]
    assert all(t.content == ERASED_TEXT for t in erased.history)
    assert (erased.reference_answer, erased.counter_example, erased.note) == (
        ERASED_TEXT,
        None,
        ERASED_TEXT,
    )
    assert erased.expected_tool_calls == case.expected_tool_calls
    assert (erased.checks, erased.tags, erased.order_mode) == (case.checks, case.tags, "any")
    assert anonymised_content(erased) == erased  # a rerun changes nothing more


@given(turns, st.lists(st.booleans(), max_size=12))
def test_the_persons_turns_go_with_the_agents_answers_to_them(
    history: list[Turn], theirs: list[bool]
) -> None:
    positions = erased_turn_positions(history, theirs)
    for index, turn in enumerate(history):
        if turn.role == "user":
            assert (index in positions) == (index < len(theirs) and theirs[index])
        else:
            answering = [i for i in range(index) if history[i].role == "user"]
            assert (index in positions) == bool(answering and answering[-1] in positions)


def test_a_case_asked_by_somebody_else_keeps_its_question_and_answer() -> None:
    history = (
        Turn("user", "Mia here"),
        Turn("assistant", "Hi Mia"),
        Turn("assistant", "How can I help?"),
        Turn("user", "Noah now"),
        Turn("assistant", "Hi Noah"),
    )
    case = without_persons_turns(_case(history), [True, False, False, False, False], True)
    assert [t.content for t in case.history] == [
        ERASED_TEXT,
        ERASED_TEXT,
        ERASED_TEXT,
        "Noah now",
        "Hi Noah",
    ]
    assert case.input == "Where is order 12?" and case.reference_answer == "Tomorrow."
    assert case.note is None
    kept = without_persons_turns(_case(history), [False] * 5, False)
    assert kept == _case(history)


def test_grading_findings_lose_what_may_quote_the_answer() -> None:
    verdict = {
        "readable": True,
        "reason": "It said 'order 12 ships'",
        "grades": [
            {
                "status": "pass",
                "grade": 4,
                "quotes": [{"text": "order 12 ships", "verified": True}],
                "reason": "quoted",
                "score": 0.75,
            }
        ],
    }
    assert without_quotes(verdict) == {
        "readable": True,
        "reason": ERASED_TEXT,
        "grades": [
            {"status": "pass", "grade": 4, "quotes": [], "reason": ERASED_TEXT, "score": 0.75}
        ],
    }
    assert without_quotes(None) is None
    calls = [{"name": "refund", "args": {"order": 12}, "blocked": False}, "odd"]
    assert without_call_arguments(calls) == [
        {"name": "refund", "args": {}, "blocked": False},
        "odd",
    ]
    assert without_call_arguments(None) == []
