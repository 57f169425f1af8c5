"""What a reply makes as a case: the rule of "From a conversation or a run", in milliseconds."""

from datetime import UTC, datetime, timedelta

from casebook.domain.activity.case_from_reply import (
    EarlierTurn,
    RatingFact,
    case_fields,
    case_from_reply,
)
from casebook.domain.activity.model import Step
from casebook.domain.errors import FieldError

T0 = datetime(2026, 1, 1, tzinfo=UTC)
STEPS = [
    Step.call("lookup", {}, "ok", read_only=True),
    Step.call("refund", {}, "failed", read_only=False),
    Step.call("refund", {"id": 1}, "ok", read_only=False),
    Step.call("cancel", {}, "blocked", read_only=False),
    Step.call("notify", {}, "ok"),  # not declared: not known to be read-only
    Step.said("Refunded."),
    Step.said("Anything else?"),
]


def test_the_whole_reply_is_the_answer_and_a_thumbs_down_makes_it_a_counter_example() -> None:
    ratings = [
        RatingFact("down", "Too slow", T0),
        RatingFact("down", "Wrong order refunded", T0 + timedelta(minutes=1)),
        RatingFact("down", None, T0 + timedelta(minutes=2)),
        RatingFact("up", "great", T0 + timedelta(minutes=3)),
    ]
    draft = case_from_reply("Refund 1", [EarlierTurn("user", "hi")], STEPS, ratings)
    assert draft.answer == "Refunded.\n\nAnything else?"
    assert draft.suggested_keep_as == "counter_example"
    assert draft.note == "Wrong order refunded"
    fields = case_fields(draft, "counter_example", with_history=False)
    assert fields == {
        "input": "Refund 1",
        "counter_example": "Refunded.\n\nAnything else?",
        "note": "Wrong order refunded",
    }


def test_kept_as_reference_only_successful_calls_that_change_something_are_expected() -> None:
    draft = case_from_reply("Refund 1", [EarlierTurn("agent", "Hello")], STEPS, [])
    assert draft.suggested_keep_as == "reference" and draft.note is None
    assert draft.expected_tool_names == ("refund", "notify")
    fields = case_fields(draft, "reference", with_history=True)
    assert isinstance(fields, dict)
    assert fields["history"] == [{"role": "assistant", "content": "Hello"}]
    assert fields["expected_tool_calls"] == [
        {"tool": "refund", "args": {}},
        {"tool": "notify", "args": {}},
    ]


def test_a_reply_with_no_text_is_kept_as_its_calls_alone_never_as_a_counter_example() -> None:
    draft = case_from_reply("Refund 1", [], [Step.call("refund", {}, "ok")], [])
    fields = case_fields(draft, "reference", with_history=False)
    assert isinstance(fields, dict) and "reference_answer" not in fields
    assert isinstance(case_fields(draft, "counter_example", with_history=False), FieldError)
    silent = case_from_reply("Refund 1", [], [Step.call("lookup", {}, "ok", read_only=True)], [])
    assert isinstance(case_fields(silent, "reference", with_history=False), FieldError)
