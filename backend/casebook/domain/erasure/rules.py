"""What an erasure replaces (spec: Personal data).

- a case the erased person asked: "the question, the earlier turns, both answers
  and the note are replaced"; it "keeps its id, its expected calls, its checks and
  its tags" (``anonymised_content``);
- a case asked by somebody else: "an erased person's turns in its earlier history
  are replaced, with the agent's answers to them, and their comment kept as its
  note is cleared" (``without_persons_turns``);
- what eval runs recorded for an anonymised case, and the answer copy a score keeps
  of the person's runs: the text goes, and so does what a judge or a check may have
  quoted of it (``without_quotes``); the outcome, figures and tool names stay.
"""

from collections.abc import Sequence
from dataclasses import replace

from casebook.domain.cases.model import CaseContent, Turn
from casebook.domain.jsonvalue import JSONValue

ERASED_TEXT = "[erased]"
ANONYMISED_MARK = "Anonymised after erasure"

# Keys of grading findings that may quote the answer they graded.
_QUOTING_KEYS = frozenset({"reason", "text", "quote", "value", "expected", "actual", "answer"})
_QUOTE_LISTS = frozenset({"quotes"})


def _replaced(text: str | None) -> str | None:
    return None if text is None else ERASED_TEXT


def anonymised_content(content: CaseContent) -> CaseContent:
    """The case with every text a person wrote or was answered replaced."""
    return replace(
        content,
        input=ERASED_TEXT,
        history=tuple(Turn(turn.role, ERASED_TEXT) for turn in content.history),
        reference_answer=_replaced(content.reference_answer),
        counter_example=_replaced(content.counter_example),
        note=_replaced(content.note),
    )


def still_anonymised(content: CaseContent) -> bool:
    """Whether an anonymised case still asks the placeholder: until its curator rewrites
    the question, eval runs leave it out."""
    return content.input == ERASED_TEXT


def erased_turn_positions(
    history: Sequence[Turn], written_by_person: Sequence[bool]
) -> frozenset[int]:
    """The person's turns (by authorship, oldest first) and the agent's answers to them:
    every assistant turn after one of theirs, up to the next user turn. A turn the
    curator has since changed into an assistant's is not the person's any more."""
    erased: set[int] = set()
    answering = False
    for index, turn in enumerate(history):
        if turn.role == "user":
            answering = index < len(written_by_person) and written_by_person[index]
            if answering:
                erased.add(index)
        elif answering:
            erased.add(index)
    return frozenset(erased)


def without_persons_turns(
    content: CaseContent, written_by_person: Sequence[bool], note_by_person: bool
) -> CaseContent:
    """A case asked by somebody else, with the person's turns, the agent's answers to
    them and their comment kept as note taken out."""
    erased = erased_turn_positions(content.history, written_by_person)
    return replace(
        content,
        history=tuple(
            Turn(turn.role, ERASED_TEXT) if index in erased else turn
            for index, turn in enumerate(content.history)
        ),
        note=None if note_by_person else content.note,
    )


def erased_turn_texts(content: CaseContent, positions: frozenset[int]) -> frozenset[str]:
    """The texts of the turns erased: eval runs sent them to agents, and the messages
    they recorded hold them word for word."""
    return frozenset(
        turn.content for index, turn in enumerate(content.history) if index in positions
    )


def without_quotes(document: JSONValue) -> JSONValue:
    """A grading finding without what it may quote of the answer: reasons and quoted
    passages replaced, everything else (statuses, scores, sources) kept."""
    if isinstance(document, list):
        return [without_quotes(item) for item in document]
    if not isinstance(document, dict):
        return document
    kept: dict[str, JSONValue] = {}
    for key, value in document.items():
        if key in _QUOTE_LISTS:
            kept[key] = []
        elif key in _QUOTING_KEYS and isinstance(value, str | list | dict):
            kept[key] = ERASED_TEXT
        else:
            kept[key] = without_quotes(value)
    return kept


def without_call_arguments(calls: JSONValue) -> JSONValue:
    """Tool calls an answer made, by name only: their arguments held what was asked."""
    if not isinstance(calls, list):
        return []
    return [
        {key: ({} if key in ("args", "arguments") else value) for key, value in call.items()}
        if isinstance(call, dict)
        else call
        for call in calls
    ]
