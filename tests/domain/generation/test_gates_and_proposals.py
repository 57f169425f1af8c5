import json
from datetime import UTC, datetime

import pytest

from casebook.domain.access.catalog import Permission
from casebook.domain.errors import PermissionsMissing
from casebook.domain.generation.drafts import Draft, read_generator_reply
from casebook.domain.generation.gates import Gate, generation_gates, refused_gates
from casebook.domain.generation.material import (
    ChatQuestion,
    GenerationMaterial,
    agent_material,
    chat_material,
)
from casebook.domain.generation.prompt import build_generator_prompt
from casebook.domain.generation.proposals import (
    accepted_cases,
    drafts_of_conversation,
    drafts_of_person,
    proposals_seen_by,
)


def test_every_generation_needs_three_gates_and_chats_its_own() -> None:
    assert [(g.permission, g.on) for g in generation_gates(["agent"])] == [
        (Permission.DATASETS_EDIT, "dataset"),
        (Permission.AGENTS_VIEW, "agent"),
        (Permission.AGENTS_RUN, "generator"),
    ]
    chats = generation_gates(["agent", "chats"])
    assert chats[-1].permission == Permission.RUNS_VIEW


def test_every_missing_gate_is_refused_by_name_at_once() -> None:
    def passes(gate: Gate) -> bool:
        return gate.permission not in {Permission.AGENTS_RUN, Permission.RUNS_VIEW}

    with pytest.raises(PermissionsMissing) as refused:
        refused_gates(["knowledge", "chats"], passes)
    messages = [(e.path, e.message) for e in refused.value.errors]
    assert len(messages) == 2
    assert "`agents:run` on the case generator" in messages[0][1]
    assert messages[1][0] == "sources"
    assert "the source `chats` needs `runs:view`" in messages[1][1]
    refused_gates(["knowledge", "chats"], lambda gate: True)


def _drafts() -> tuple[Draft, ...]:
    chats = chat_material(
        [
            ChatQuestion(9, "refund?", True, datetime(2026, 1, 1, tzinfo=UTC), None, 70, 500),
            ChatQuestion(10, "invoice?", False, datetime(2026, 1, 2, tzinfo=UTC), None, 71, 501),
        ]
    )
    reply = json.dumps(
        {
            "cases": [
                {"source": "agent", "input": "a", "reference_answer": "r"},
                {"source": "chats", "input": "b", "question_id": 9, "reference_answer": "r"},
                {"source": "chats", "input": "c", "question_id": 10, "reference_answer": "r"},
            ]
        }
    )
    reading = read_generator_reply(
        reply,
        plan={"agent": 1, "chats": 2},
        material=GenerationMaterial(agent=agent_material("", [], ()), chats=chats),
        agent_tools=(),
    )
    assert len(reading.kept) == 3
    return reading.kept


def test_the_generator_never_sees_whose_question_it_varies_but_the_draft_keeps_it() -> None:
    chats = chat_material(
        [ChatQuestion(9, "refund?", True, datetime(2026, 1, 1, tzinfo=UTC), None, 70, 500)]
    )
    prompt = build_generator_prompt({"chats": 1}, GenerationMaterial(chats=chats))
    shown = prompt.user.split("<data", 1)[1]
    assert "500" not in shown and "70" not in shown
    assert "asked_by" not in shown and "conversation" not in shown
    draft = _drafts()[1]
    assert (draft.question_id, draft.conversation_id, draft.asked_by) == (9, 70, 500)


def test_chat_drafts_are_read_only_by_members_who_may_view_runs_others_see_how_many_wait() -> None:
    drafts = _drafts()
    everyone = proposals_seen_by(drafts, may_edit_dataset=True, may_view_runs=True)
    assert (len(everyone.drafts), everyone.chat_drafts_not_shown) == (3, 0)
    editor = proposals_seen_by(drafts, may_edit_dataset=True, may_view_runs=False)
    assert [d.source for d in editor.drafts] == ["agent"]
    assert editor.chat_drafts_not_shown == 2
    reader = proposals_seen_by(drafts, may_edit_dataset=False, may_view_runs=True)
    assert (reader.drafts, reader.chat_drafts_not_shown) == ((), 0)


def test_accepted_cases_have_the_source_synthetic() -> None:
    accepted = accepted_cases(_drafts())
    assert [source for _, source in accepted] == ["synthetic"] * 3
    assert [content.input for content, _ in accepted] == ["a", "b", "c"]


def test_drafts_go_with_their_conversation_or_the_person_who_asked() -> None:
    drafts = _drafts()
    assert [d.content.input for d in drafts_of_conversation(drafts, 70)] == ["b"]
    assert [d.content.input for d in drafts_of_person(drafts, 501)] == ["c"]
    assert drafts_of_person(drafts, 999) == ()
