"""Erasure in the cases: every revision of a case rewritten in place, a chunk at a time.

A version points at revisions, so rewriting a revision's row replaces the text "in every
version that holds the case" while every version keeps the same cases, tags, checks and
expected calls: that is the one exception to immutability (docs/personal-data.md). The
rewrite of one chunk - revisions, the mark, authorship and what eval runs recorded for
those cases - is one transaction; the authorship it consumes is how a rerun after a crash
knows where it stopped.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import (
    BigInteger,
    Text,
    cast,
    column,
    delete,
    func,
    literal,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.case_content import content_from_json, content_to_json, search_text
from casebook.db.models import (
    CaseAuthorship,
    CaseRevision,
    Conversation,
    DatasetCase,
    EvalItem,
    Message,
    Run,
    Score,
)
from casebook.domain.cases.model import CaseContent
from casebook.domain.cases.twins import question_key
from casebook.domain.erasure.rules import (
    ERASED_TEXT,
    anonymised_content,
    erased_turn_positions,
    erased_turn_texts,
    without_persons_turns,
)
from casebook.services.erasure.messages import erase_runs
from casebook.services.erasure.person import Person, asked_by, words_in_history_of
from casebook.services.erasure.scores import erase_score_answers

CHUNK = 1_000


async def next_asked(
    session: AsyncSession, person: Person, organization_id: int, limit: int | None = None
) -> list[int]:
    rows = await session.execute(
        select(col(CaseAuthorship.case_id))
        .where(asked_by(person, organization_id))
        .order_by(col(CaseAuthorship.case_id))
        .limit(limit or CHUNK)
    )
    return list(rows.scalars())


async def count_cases(
    session: AsyncSession, person: Person, organization_id: int
) -> tuple[int, int]:
    """How many cases the person asked, and how many of somebody else's hold their words."""
    asked = select(func.count()).where(asked_by(person, organization_id))
    others = select(func.count()).where(words_in_history_of(person, organization_id))
    return (
        int((await session.execute(asked)).scalar_one()),
        int((await session.execute(others)).scalar_one()),
    )


async def _rewrite(session: AsyncSession, rewritten: Sequence[tuple[int, CaseContent]]) -> None:
    """Replace these revisions' content and what is derived from it, in one statement."""
    if not rewritten:
        return
    given = (
        func.unnest(
            literal([revision_id for revision_id, _ in rewritten], ARRAY(BigInteger)),
            literal(
                [orjson.dumps(content_to_json(content)).decode() for _, content in rewritten],
                ARRAY(Text),
            ),
            literal([question_key(content.input) for _, content in rewritten], ARRAY(Text)),
            literal([search_text(content) for _, content in rewritten], ARRAY(Text)),
        )
        .table_valued(
            column("id", BigInteger),
            column("content", Text),
            column("question_key", Text),
            column("search_text", Text),
        )
        .render_derived(name="given")
    )
    await session.execute(
        update(CaseRevision)
        .where(col(CaseRevision.id) == given.c.id)
        .values(
            content=cast(given.c.content, JSONB),
            question_key=given.c.question_key,
            search_text=given.c.search_text,
        )
        .execution_options(synchronize_session=False)
    )


async def _revisions(session: AsyncSession, case_ids: Iterable[int]) -> list[tuple[int, int, Any]]:
    rows = await session.execute(
        select(col(CaseRevision.id), col(CaseRevision.case_id), col(CaseRevision.content))
        .where(col(CaseRevision.case_id).in_(list(case_ids)))
        .order_by(col(CaseRevision.id))
    )
    return [(int(r[0]), int(r[1]), r[2]) for r in rows]


async def _eval_conversations(session: AsyncSession, case_ids: Iterable[int]) -> Any:
    """The conversations eval runs recorded their questions to these cases in."""
    answered = select(col(EvalItem.activity_run_id)).where(
        col(EvalItem.case_id).in_(list(case_ids)), col(EvalItem.activity_run_id).is_not(None)
    )
    return select(col(Run.conversation_id)).where(col(Run.id).in_(answered.scalar_subquery()))


async def _erase_eval_records(session: AsyncSession, case_ids: Sequence[int]) -> None:
    """What eval runs recorded for anonymised cases: the question and turns they sent, the
    answers, the calls' arguments and results - replaced; tool names and figures kept."""
    conversations = (await _eval_conversations(session, case_ids)).scalar_subquery()
    await session.execute(
        update(Message)
        .where(col(Message.conversation_id).in_(conversations))
        .values(content=ERASED_TEXT)
        .execution_options(synchronize_session=False)
    )
    await session.execute(
        update(Conversation)
        .where(col(Conversation.id).in_(conversations))
        .values(title=ERASED_TEXT)
        .execution_options(synchronize_session=False)
    )
    await erase_runs(
        session, select(col(Run.id)).where(col(Run.conversation_id).in_(conversations))
    )


@dataclass(frozen=True)
class ErasedCases:
    """What erasing cases' text rewrote, counted as an erasure reports it."""

    cases: int
    revisions: int
    scores: int

    def summary(self) -> dict[str, int]:
        return {
            "cases_anonymised": self.cases,
            "revisions_rewritten": self.revisions,
            "scores_cleared": self.scores,
        }


async def anonymise_cases(session: AsyncSession, case_ids: Sequence[int]) -> int:
    """Cases the erased person asked: every revision's text replaced, marked "Anonymised
    after erasure", what eval runs recorded and the scores' answer copies replaced."""
    return (await erase_case_text(session, case_ids)).cases


async def erase_case_text(session: AsyncSession, case_ids: Sequence[int]) -> ErasedCases:
    """Every revision's text of these cases replaced - so in every version that holds
    them - the cases marked, their links to a conversation cleared, and what eval runs
    recorded for them and the scores' answer copies replaced; their authorship goes. An
    erased person's cases take this path, and so does a case deleted ("Deleting the case
    removes it")."""
    rewritten = [
        (revision_id, anonymised_content(content_from_json(content)))
        for revision_id, _, content in await _revisions(session, case_ids)
    ]
    await _rewrite(session, rewritten)
    await session.execute(
        update(DatasetCase)
        .where(col(DatasetCase.id).in_(list(case_ids)))
        .values(
            anonymised_at=func.coalesce(DatasetCase.anonymised_at, func.now()),
            source_run_id=None,
            source_conversation_id=None,
            source_message_id=None,
            source_question_message_id=None,
        )
        .execution_options(synchronize_session=False)
    )
    await _erase_eval_records(session, case_ids)
    scores = await erase_score_answers(session, col(Score.case_id).in_(list(case_ids)), ERASED_TEXT)
    # Nobody's words are left in them: the authorship has nothing more to find.
    await session.execute(
        delete(CaseAuthorship).where(col(CaseAuthorship.case_id).in_(list(case_ids)))
    )
    return ErasedCases(len(case_ids), len(rewritten), scores)


async def next_with_turns(
    session: AsyncSession, person: Person, organization_id: int, limit: int | None = None
) -> list[CaseAuthorship]:
    rows = await session.execute(
        select(CaseAuthorship)
        .where(words_in_history_of(person, organization_id))
        .order_by(col(CaseAuthorship.case_id))
        .limit(limit or CHUNK)
    )
    return list(rows.scalars())


def _turns_of(person: Person, authorship: CaseAuthorship) -> list[bool]:
    if person.user_id is not None:
        return [user_id == person.user_id for user_id in authorship.turn_user_ids]
    return [name == person.end_user for name in authorship.turn_end_users]


def _note_of(person: Person, authorship: CaseAuthorship) -> bool:
    if person.user_id is not None:
        return authorship.note_user_id == person.user_id
    return authorship.note_end_user == person.end_user


async def erase_turns(
    session: AsyncSession, person: Person, authorships: Sequence[CaseAuthorship]
) -> int:
    """Cases asked by somebody else: the person's turns and the agent's answers to them
    replaced, their comment kept as note cleared - in every revision, and in the messages
    eval runs recorded from those turns; the person's entries of the authorship cleared."""
    by_case = {a.case_id: a for a in authorships}
    rewritten: list[tuple[int, CaseContent]] = []
    erased_texts: set[str] = set()
    for revision_id, case_id, stored in await _revisions(session, by_case):
        authorship = by_case[case_id]
        content = content_from_json(stored)
        written = _turns_of(person, authorship)
        erased_texts |= erased_turn_texts(content, erased_turn_positions(content.history, written))
        rewritten.append(
            (revision_id, without_persons_turns(content, written, _note_of(person, authorship)))
        )
    await _rewrite(session, rewritten)
    erased_texts.discard(ERASED_TEXT)
    if erased_texts:
        conversations = (await _eval_conversations(session, by_case)).scalar_subquery()
        await session.execute(
            update(Message)
            .where(
                col(Message.conversation_id).in_(conversations),
                col(Message.content).in_(sorted(erased_texts)),
            )
            .values(content=ERASED_TEXT)
            .execution_options(synchronize_session=False)
        )
    for authorship in authorships:
        turns = _turns_of(person, authorship)
        authorship.turn_user_ids = [
            None if mine else user_id
            for mine, user_id in zip(turns, authorship.turn_user_ids, strict=False)
        ]
        authorship.turn_end_users = [
            None if mine else name
            for mine, name in zip(turns, authorship.turn_end_users, strict=False)
        ]
        if _note_of(person, authorship):
            authorship.note_user_id, authorship.note_end_user = None, None
    await session.flush()
    return len(authorships)
