"""Validating a batch an integrator records: refused whole, every problem on its path."""

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.activity.ingestion import (
    CONVERSATIONS_MAX,
    ConversationDraft,
    RunDraft,
    StepDraft,
    TurnDraft,
    validate_batch,
)
from casebook.domain.errors import ValidationFailed


def _conversation(*turns: TurnDraft, **fields: object) -> ConversationDraft:
    return ConversationDraft(
        external_id=str(fields.get("external_id", "c1")),
        agent_id=1,
        end_user="ana",
        turns=turns,
    )


def test_a_reply_is_its_text_steps_and_content_becomes_a_step_when_there_is_none() -> None:
    (record,) = validate_batch(
        [
            _conversation(
                TurnDraft("q", "user", "Where?"),
                TurnDraft(
                    "a",
                    "agent",
                    "Shipped.",
                    RunDraft(steps=[StepDraft("tool_call", tool_name="t", status="ok")]),
                    at=datetime(2026, 1, 1, tzinfo=UTC),
                ),
            )
        ]
    )
    reply = record.turns[1]
    assert reply.content == "Shipped." and reply.run is not None
    assert [s.kind for s in reply.run.steps] == ["tool_call", "text"]


def test_every_problem_is_named_and_nothing_passes() -> None:
    bad = [
        ConversationDraft("", 1, member_user_id=3, end_user="x", turns=[TurnDraft("q", "bot")]),
        _conversation(
            TurnDraft("q", "user", "   "),
            TurnDraft("q", "agent", run=RunDraft(latency_ms=float("inf"), input_tokens=-1)),
            TurnDraft("r", "user", "hi", run=RunDraft()),
        ),
    ]
    with pytest.raises(ValidationFailed) as refused:
        validate_batch(bad)
    assert {e.path for e in refused.value.errors} == {
        "conversations.0.externalId",
        "conversations.0.memberId",
        "conversations.0.turns.0.role",
        "conversations.1.turns.0.content",
        "conversations.1.turns.1.externalId",
        "conversations.1.turns.1.run.latencyMs",
        "conversations.1.turns.1.run.inputTokens",
        "conversations.1.turns.1.run.steps",
        "conversations.1.turns.2.run",
    }


def test_the_batch_bounds() -> None:
    with pytest.raises(ValidationFailed, match="1,000 conversations"):
        validate_batch([_conversation(external_id=str(i)) for i in range(CONVERSATIONS_MAX + 1)])


@given(st.text(max_size=50))
def test_any_text_is_stored_as_given_or_refused_by_name(text: str) -> None:
    try:
        (record,) = validate_batch([_conversation(TurnDraft("q", "user", text))])
    except ValidationFailed as refused:
        assert refused.errors[0].path == "conversations.0.turns.0.content"
    else:
        assert record.turns[0].content == text
        text.encode("utf-8")
