"""Who an erasure or a data export is about: a member (by user id), or an end user an
integrator names in conversations (by that name). The SQL that finds their words."""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, exists, func, or_, select
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import col

from casebook.db.models import CaseAuthorship, Conversation, Run, Score


@dataclass(frozen=True)
class Person:
    user_id: int | None = None
    end_user: str | None = None

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.end_user is None):
            raise ValueError("a person is a member or an end user, exactly one")

    def matches(self, user_column: Any, end_user_column: Any) -> ColumnElement[bool]:
        """Whether a row's (user id, end-user name) pair names this person."""
        if self.user_id is not None:
            return user_column == self.user_id  # type: ignore[no-any-return]
        return end_user_column == self.end_user  # type: ignore[no-any-return]

    def in_arrays(self, user_ids: Any, end_users: Any) -> ColumnElement[bool]:
        """Whether this person is one of an array's entries (the turns of a case)."""
        if self.user_id is not None:
            return user_ids.any_() == self.user_id  # type: ignore[no-any-return]
        return end_users.any_() == self.end_user  # type: ignore[no-any-return]

    def summary(self) -> dict[str, Any]:
        """How the audit log names them: a member's id; an end user not at all, since their
        name is what is being erased."""
        if self.user_id is not None:
            return {"user_id": self.user_id}
        return {"end_user": True}


def asked_by(person: Person, organization_id: int) -> ColumnElement[bool]:
    return and_(
        CaseAuthorship.organization_id == organization_id,
        person.matches(CaseAuthorship.question_user_id, CaseAuthorship.question_end_user),
    )


def words_in_history_of(person: Person, organization_id: int) -> ColumnElement[bool]:
    """Cases asked by somebody else holding the person's turns or their comment as note."""
    return and_(
        CaseAuthorship.organization_id == organization_id,
        or_(
            CaseAuthorship.question_user_id.is_(None),  # type: ignore[union-attr]
            CaseAuthorship.question_user_id != person.user_id,
        )
        if person.user_id is not None
        else func.coalesce(CaseAuthorship.question_end_user, "") != person.end_user,
        or_(
            person.in_arrays(CaseAuthorship.turn_user_ids, CaseAuthorship.turn_end_users),
            person.matches(CaseAuthorship.note_user_id, CaseAuthorship.note_end_user),
        ),
    )


def conversations_of(person: Person, organization_id: int) -> ColumnElement[bool]:
    """The conversations held with the person - not those an eval run they started recorded,
    which ask a dataset's questions, not theirs."""
    eval_run = exists(
        select(col(Run.id)).where(Run.conversation_id == Conversation.id, Run.eval.is_(True))  # type: ignore[attr-defined]
    )
    return and_(
        Conversation.organization_id == organization_id,
        person.matches(Conversation.owner_user_id, Conversation.end_user),
        ~eval_run,
    )


def answers_to(person: Person, organization_id: int) -> ColumnElement[bool]:
    """Scores whose answer copy answered the person's question: found by who asked it, kept
    on the score, so also once the run and its conversation are gone."""
    return and_(
        Score.organization_id == organization_id,
        person.matches(Score.asked_by_user_id, Score.asked_by_end_user),
    )
