"""The rated answers an agent's test set is made from (spec: "An agent's test set": "adds
newly rated answers ... Only conversations the caller may open are read").

Production answers only - eval and isolated runs answered a test, not a person - read
newest first, at most ``MAX_RATED_READ`` per call. Each becomes a case as a reply kept
from Activity does (``domain.activity.case_from_reply``), kept as the newest rating says
(``domain.generation.agent_test_set.rated_answer_keep_as``); one the caller may not open,
that answers no question, or that holds nothing to keep is left out. An answer already a
case of the set's newest version is not added again.
"""

from dataclasses import dataclass

from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import DatasetCase, Rating, Run
from casebook.db.queries.cases_at_version import CaseFilter, latest_changes
from casebook.domain.access.policy import Actor
from casebook.domain.activity.case_from_reply import case_fields
from casebook.domain.cases.intake import intake_case
from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import ValidationFailed
from casebook.domain.generation.agent_test_set import newly_rated, rated_answer_keep_as
from casebook.services.activity.case_from_message import ReplySource, reply_source
from casebook.services.kernel.errors import BadUserInput, NotFound

MAX_RATED_READ = 50


@dataclass(frozen=True)
class RatedAnswer:
    source: ReplySource
    content: CaseContent
    redacted: int


async def _answers_in_set(session: AsyncSession, dataset_id: int, version: int) -> list[int]:
    if version == 0:
        return []
    latest = latest_changes(dataset_id, version, CaseFilter())
    query = (
        select(col(DatasetCase.source_message_id))
        .select_from(latest)
        .join(DatasetCase, col(DatasetCase.id) == latest.c.case_id)
        .where(latest.c.revision_id.is_not(None), col(DatasetCase.source_message_id).is_not(None))
    )
    return [int(found) for found in (await session.execute(query)).scalars()]


async def _rated_runs(session: AsyncSession, agent_id: int) -> dict[int, int]:
    """Message id -> run id of the agent's rated production answers, newest first."""
    rated = (
        select(col(Run.message_id), col(Run.id))
        .where(
            Run.agent_id == agent_id,
            col(Run.eval).is_(False),
            col(Run.isolated).is_(False),
            exists().where(Rating.run_id == Run.id),
        )
        .order_by(col(Run.id).desc())
        .limit(MAX_RATED_READ)
    )
    return {int(message): int(run) for message, run in await session.execute(rated)}


def _case_of(source: ReplySource) -> tuple[CaseContent, int] | None:
    if not source.ratings:
        return None
    keep_as = rated_answer_keep_as("up" if source.ratings[0].value == "up" else "down")
    fields = case_fields(source.draft, keep_as, with_history=False)
    if not isinstance(fields, dict):
        return None
    try:
        return intake_case(fields)
    except ValidationFailed:
        return None


async def new_rated_answers(
    session: AsyncSession, actor: Actor, agent_id: int, dataset_id: int | None, version: int
) -> list[RatedAnswer]:
    """The agent's rated answers the caller may open that the set does not hold yet."""
    runs = await _rated_runs(session, agent_id)
    held = await _answers_in_set(session, dataset_id, version) if dataset_id else []
    found: list[RatedAnswer] = []
    for message_id in newly_rated(runs, already_in_set=held):
        try:
            source = await reply_source(session, actor, runs[message_id])
        except (NotFound, BadUserInput):
            continue
        kept = _case_of(source)
        if kept is not None:
            found.append(RatedAnswer(source, kept[0], kept[1]))
    return found
