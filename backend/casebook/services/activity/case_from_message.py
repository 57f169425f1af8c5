"""Add to dataset: a reply of an agent becomes a case (spec: "From a conversation or a run").

The reply must belong to the actor's organization and be readable by them -
``runs:view``, or a conversation they may open; anything else is "run not
found", as an id that never existed is. The case is written as a normal new
version of the dataset (``VersionWriter``), redacted and audited, and keeps
its link to the run, the conversation and the message: the masking of copied
text reads those. An answer already a case of the dataset's newest version is
refused (``AlreadyACase``), never added twice. The rule of what the case holds
is ``domain.activity.case_from_reply``.
"""

from dataclasses import dataclass

from sqlalchemy import and_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import (
    CaseAuthorship,
    Conversation,
    Dataset,
    DatasetCase,
    Message,
    Rating,
    Run,
    RunStep,
    User,
    VersionChange,
)
from casebook.domain.access.catalog import Visibility
from casebook.domain.access.policy import Actor
from casebook.domain.activity.case_from_reply import (
    CaseFromReply,
    EarlierTurn,
    KeepAs,
    RatingFact,
    case_fields,
    case_from_reply,
)
from casebook.domain.activity.model import Step
from casebook.domain.cases.intake import intake_case
from casebook.services.activity.access import CONVERSATION_SOURCE
from casebook.services.activity.ratings import readable_run
from casebook.services.datasets.case_views import CaseView
from casebook.services.datasets.cases import case_at, write_added_case
from casebook.services.datasets.datasets import start_dataset
from casebook.services.datasets.versioning import SourceLink, open_version
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Conflict

NEW_DATASET_NAME = "Cases from Activity"


class AlreadyACase(Conflict):
    """The answer is already a case of the dataset's newest version."""

    def __init__(self, case_id: int) -> None:
        super().__init__(
            "this answer is already a case of the dataset's newest version; it was not added twice"
        )
        self.case_id = case_id


@dataclass(frozen=True)
class ReplySource:
    run: Run
    conversation: Conversation
    question: Message
    earlier: list[Message]
    ratings: list[Rating]
    draft: CaseFromReply
    # The other person whose private conversation this is, named so the dialog can warn.
    private_owner_name: str | None


@dataclass(frozen=True)
class AddedCase:
    case: CaseView
    dataset: Dataset
    version: int


def _step(row: RunStep) -> Step:
    return Step(
        row.kind,
        text=row.text,
        tool_name=row.tool_name,
        arguments=row.arguments,
        status=row.status,
        result=row.result,
        read_only=row.read_only,
    )


async def _private_owner_name(
    session: AsyncSession, actor: Actor, conversation: Conversation
) -> str | None:
    if conversation.visibility != Visibility.PRIVATE.value:
        return None
    if conversation.owner_user_id is None:
        return conversation.end_user
    if conversation.owner_user_id == actor.user_id:
        return None
    owner = await session.get(User, conversation.owner_user_id)
    return owner.name if owner is not None else None


async def reply_source(session: AsyncSession, actor: Actor, run_id: int) -> ReplySource:
    """The reply a run wrote with everything a case takes from it; "run not found" when the
    actor may not read it, and refused when it answered no question."""
    run = await readable_run(session, actor, run_id)
    conversation = await session.get(Conversation, run.conversation_id)
    question = (
        await session.get(Message, run.question_message_id)
        if run.question_message_id is not None
        else None
    )
    if conversation is None or question is None:
        raise BadUserInput.at("runId", "this reply answers no question, so it makes no case")
    earlier = list(
        (
            await session.execute(
                select(Message)
                .where(
                    Message.conversation_id == conversation.id,
                    col(Message.position) < question.position,
                    # An agent's turn with no text - a later part of a reply, whose text
                    # its first part holds, or a reply of tool calls alone - is no turn.
                    or_(Message.role != "agent", Message.content != ""),
                )
                .order_by(col(Message.position))
            )
        ).scalars()
    )
    steps = (
        await session.execute(
            select(RunStep).where(RunStep.run_id == run.id).order_by(col(RunStep.position))
        )
    ).scalars()
    ratings = list(
        (
            await session.execute(
                select(Rating)
                .where(Rating.run_id == run.id)
                .order_by(col(Rating.updated_at).desc(), col(Rating.id).desc())
            )
        ).scalars()
    )
    draft = case_from_reply(
        question.content,
        [EarlierTurn(m.role, m.content) for m in earlier],
        [_step(s) for s in steps],
        [RatingFact(r.value, r.comment, r.updated_at) for r in ratings],
    )
    return ReplySource(
        run,
        conversation,
        question,
        earlier,
        ratings,
        draft,
        await _private_owner_name(session, actor, conversation),
    )


async def case_draft(ctx: ServiceContext, run_id: int) -> ReplySource:
    """What Add to dataset would keep from a run, for the dialog to show before adding."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        return await reply_source(session, actor, run_id)


async def _case_of_answer(
    session: AsyncSession, dataset: Dataset, source: ReplySource
) -> int | None:
    """A case of the newest version already holding this answer (linked to its message)."""
    if dataset.latest_version == 0:
        return None
    newest = (
        select(col(VersionChange.revision_id))
        .where(
            VersionChange.dataset_id == DatasetCase.dataset_id,
            VersionChange.case_id == DatasetCase.id,
        )
        .order_by(col(VersionChange.version).desc())
        .limit(1)
        .scalar_subquery()
    )
    found = (
        await session.execute(
            select(col(DatasetCase.id))
            .where(
                and_(
                    DatasetCase.dataset_id == dataset.id,
                    DatasetCase.source_message_id == source.run.message_id,
                    newest.is_not(None),
                )
            )
            .limit(1)
        )
    ).scalar_one_or_none()
    return int(found) if found is not None else None


def case_authorship(
    source: ReplySource, case_id: int, organization_id: int, with_history: bool
) -> CaseAuthorship:
    """Whose words the case holds, for erasure: the question's author, each earlier turn's
    (none for the agent's), and the thumbs-down comment's."""
    note = next(
        (r for r in source.ratings if r.value == "down" and r.comment == source.draft.note), None
    )
    turns = source.earlier if with_history else []
    return CaseAuthorship(
        case_id=case_id,
        organization_id=organization_id,
        question_user_id=source.question.author_user_id,
        question_end_user=source.question.author_end_user,
        turn_user_ids=[m.author_user_id if m.role == "user" else None for m in turns],
        turn_end_users=[m.author_end_user if m.role == "user" else None for m in turns],
        note_user_id=note.rater_user_id if note and source.draft.note else None,
        note_end_user=note.rater_end_user if note and source.draft.note else None,
    )


async def add_case_from_message(
    ctx: ServiceContext,
    run_id: int,
    *,
    dataset_id: int | None,
    new_dataset_name: str | None = None,
    keep_as: KeepAs | None = None,
    with_history: bool = False,
) -> AddedCase:
    """Keep a reply as a case of a dataset - or, with no dataset given, of a new one visible
    to the organization. ``keep_as`` defaults to what the ratings suggest."""
    actor = ctx.require_actor()
    if dataset_id is not None and new_dataset_name is not None:
        raise BadUserInput.at(
            "input.newDatasetName", "names a new dataset; leave it out when datasetId is given"
        )
    async with ctx.transaction() as session:
        source = await reply_source(session, actor, run_id)
        chosen: KeepAs = keep_as or source.draft.suggested_keep_as
        fields = case_fields(source.draft, chosen, with_history=with_history)
        if not isinstance(fields, dict):
            raise BadUserInput.at(f"input.{fields.path}", fields.message)
        content, redacted = intake_case(fields)
        if dataset_id is None:
            created = await start_dataset(
                ctx,
                session,
                name=new_dataset_name if new_dataset_name is not None else NEW_DATASET_NAME,
                name_path="input.newDatasetName",
            )
            assert created.id is not None
            dataset_id = created.id
        writer = await open_version(
            session, actor, dataset_id, ctx.settings.dataset_max_version_rows_per_org
        )
        existing = await _case_of_answer(session, writer.dataset, source)
        if existing is not None:
            raise AlreadyACase(existing)
        link = SourceLink(source.run.id, source.conversation.id, source.run.message_id)
        assert source.run.id is not None
        case_id, version = await write_added_case(
            ctx,
            session,
            writer,
            content,
            source=CONVERSATION_SOURCE,
            link=link,
            redacted=redacted,
            audit_details={
                "run_id": source.run.id,
                "kept_as": chosen,
                "with_history": with_history,
            },
        )
        session.add(case_authorship(source, case_id, actor.organization_id, with_history))
        view = await case_at(session, actor, dataset_id, version.version, case_id)
        assert view is not None  # just written, and its writer may edit the dataset
        return AddedCase(view, writer.dataset, version.version)
