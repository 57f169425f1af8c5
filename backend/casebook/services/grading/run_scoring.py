"""Score against a case: a run of Activity graded against a dataset's case (spec: "Scoring a
run").

The targets: datasets the actor may run with a case of the newest version asking the run's
own question (its twin key) - listed first -, the cases closest to the question by shared
words, and, per dataset, the judge that will grade and the model it grades on. Grading
takes the run's answer and tool calls through ``scoring.score_answer``, so every scorer the
dataset configures grades it and the score names the agent version and the run. A run with
no transcript has no answer to grade. Both need ``runs:view``; grading needs
``datasets:run`` on the dataset.
"""

from dataclasses import dataclass

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import (
    Agent,
    CaseRevision,
    Conversation,
    Dataset,
    DatasetCase,
    Message,
    ModelConnection,
    Run,
    RunStep,
    Score,
)
from casebook.db.queries.cases_at_version import CaseFilter, cases_at_version
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import Step, reply_text
from casebook.domain.cases.twins import question_key
from casebook.domain.grading.answer import MadeToolCall
from casebook.domain.grading.closest_cases import closest_first, searched_words
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.services.activity.access import copied_text_readable
from casebook.services.activity.ratings import readable_run
from casebook.services.datasets.case_views import CaseView, case_views
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading import scoring
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, NotFound
from casebook.services.models.connections import parse_connection_ref

DATASETS_MATCHED_MAX = 20
CLOSEST_MAX = 10
CANDIDATES_MAX = 300


@dataclass(frozen=True)
class ScoreTarget:
    dataset: Dataset
    case: CaseView


@dataclass(frozen=True)
class JudgeInfo:
    dataset: Dataset
    enabled: bool
    connection_id: int | None
    connection_name: str | None
    model: str | None


@dataclass(frozen=True)
class ScoreTargets:
    question: str | None
    has_answer: bool
    matching: list[ScoreTarget]
    closest: list[ScoreTarget]
    judges: list[JudgeInfo]


async def _question(session: AsyncSession, run: Run) -> str | None:
    if run.question_message_id is None:
        return None
    message = await session.get(Message, run.question_message_id)
    return message.content if message is not None else None


async def _asker(session: AsyncSession, run: Run) -> tuple[int | None, str | None]:
    """Who the run answered - the question's author, or the conversation's person when
    the question names none - kept on the score as a case keeps its authorship, so the
    answer copy is found for that person's erasure and export after the run is gone.
    Nobody for an eval run: it asked a dataset's question."""
    if run.eval:
        return None, None
    question = (
        await session.get(Message, run.question_message_id)
        if run.question_message_id is not None
        else None
    )
    if question is not None and (question.author_user_id or question.author_end_user):
        return question.author_user_id, question.author_end_user
    conversation = await session.get(Conversation, run.conversation_id)
    if conversation is None:
        return None, None
    return conversation.owner_user_id, conversation.end_user


async def _steps(session: AsyncSession, run_id: int) -> list[RunStep]:
    rows = await session.execute(
        select(RunStep).where(RunStep.run_id == run_id).order_by(col(RunStep.position))
    )
    return list(rows.scalars())


def _readable(actor: Actor) -> ColumnElement[bool]:
    return copied_text_readable(actor, DatasetCase.source, DatasetCase.source_conversation_id)


def _runnable(actor: Actor) -> ColumnElement[bool]:
    return sharing.visible_clause(actor, DATASET_KIND, Permission.DATASETS_RUN)


async def _datasets_with(
    session: AsyncSession, actor: Actor, revisions_where: ColumnElement[bool], limit: int
) -> list[Dataset]:
    """Runnable datasets holding a revision that matches, newest first."""
    ids = (
        select(col(CaseRevision.dataset_id))
        .where(CaseRevision.organization_id == actor.organization_id, revisions_where)
        .distinct()
        .scalar_subquery()
    )
    rows = await session.execute(
        select(Dataset)
        .where(_runnable(actor), col(Dataset.id).in_(ids), Dataset.latest_version > 0)
        .order_by(col(Dataset.id).desc())
        .limit(limit)
    )
    return list(rows.scalars())


async def _matching(
    session: AsyncSession, actor: Actor, question: str, only: Dataset | None
) -> list[ScoreTarget]:
    key = question_key(question)
    if not key:
        return []
    datasets = (
        [only]
        if only is not None
        else await _datasets_with(
            session, actor, CaseRevision.question_key == key, DATASETS_MATCHED_MAX
        )
    )
    found: list[ScoreTarget] = []
    for dataset in datasets:
        assert dataset.id is not None
        if dataset.latest_version == 0:
            continue
        rows = await cases_at_version(
            session,
            dataset.id,
            dataset.latest_version,
            where=CaseFilter(question_key=key),
            limit=DATASETS_MATCHED_MAX,
            readable=_readable(actor),
        )
        views = await case_views(session, actor, dataset.id, rows)
        found.extend(ScoreTarget(dataset, v) for v in views)
    return found


async def _closest(
    session: AsyncSession,
    actor: Actor,
    question: str,
    only: Dataset | None,
    matched: set[int],
) -> list[ScoreTarget]:
    words = searched_words(question)
    if not words:
        return []
    any_word = or_(*(col(CaseRevision.search_text).contains(w) for w in words))
    datasets = (
        [only]
        if only is not None
        else await _datasets_with(session, actor, any_word, DATASETS_MATCHED_MAX)
    )
    candidates: list[ScoreTarget] = []
    for dataset in datasets:
        assert dataset.id is not None
        if dataset.latest_version == 0:
            continue
        case_ids = (
            await session.execute(
                select(col(CaseRevision.case_id))
                .where(CaseRevision.dataset_id == dataset.id, any_word)
                .distinct()
                .limit(CANDIDATES_MAX)
            )
        ).scalars()
        wanted = tuple(sorted({int(i) for i in case_ids} - matched))
        if not wanted:
            continue
        rows = await cases_at_version(
            session, dataset.id, dataset.latest_version, where=CaseFilter(case_ids=wanted)
        )
        views = await case_views(session, actor, dataset.id, rows)
        candidates.extend(ScoreTarget(dataset, v) for v in views if not v.masked)
    return closest_first(question, candidates, lambda t: t.case.content.input, CLOSEST_MAX)


async def _judges(session: AsyncSession, actor: Actor, datasets: list[Dataset]) -> list[JudgeInfo]:
    configs = [(d, read_scoring_config(d.scoring).judge) for d in datasets]
    refs = {parse_connection_ref(j.model_connection_id) for _, j in configs} - {None}
    names: dict[int, str] = {}
    if refs:
        rows = await session.execute(
            select(col(ModelConnection.id), col(ModelConnection.name)).where(
                ModelConnection.organization_id == actor.organization_id,
                col(ModelConnection.id).in_(refs),
            )
        )
        names = {int(i): n for i, n in rows.all()}
    found = []
    for dataset, judge in configs:
        ref = parse_connection_ref(judge.model_connection_id)
        known = ref if ref in names else None
        found.append(
            JudgeInfo(
                dataset,
                judge.enabled,
                known,
                names.get(ref) if ref is not None else None,
                judge.model,
            )
        )
    return found


async def score_targets(
    ctx: ServiceContext, run_id: int, dataset_id: int | None = None
) -> ScoreTargets:
    """What the Score against a case dialog offers for a run; ``dataset_id`` narrows the
    matching and closest cases to one dataset."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.reading() as session:
        run = await readable_run(session, actor, run_id)
        only: Dataset | None = None
        if dataset_id is not None:
            only = await sharing.load_authorized(
                session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_RUN
            )
        question = await _question(session, run)
        steps = await _steps(session, run_id)
        matching = await _matching(session, actor, question, only) if question else []
        matched = {t.case.case_id for t in matching}
        closest = await _closest(session, actor, question, only, matched) if question else []
        seen: dict[int, Dataset] = {}
        for target in [*matching, *closest]:
            assert target.dataset.id is not None
            seen.setdefault(target.dataset.id, target.dataset)
        if only is not None and only.id is not None:
            seen.setdefault(only.id, only)
        judges = await _judges(session, actor, list(seen.values()))
    return ScoreTargets(question, _has_answer(run, steps), matching, closest, judges)


def _has_answer(run: Run, steps: list[RunStep]) -> bool:
    return run.has_transcript and any(
        (s.kind == "text" and s.text) or s.kind == "tool_call" for s in steps
    )


def _made_calls(steps: list[RunStep]) -> tuple[MadeToolCall, ...]:
    return tuple(
        MadeToolCall(s.tool_name, dict(s.arguments or {}), s.status == "blocked")
        for s in steps
        if s.kind == "tool_call" and s.tool_name
    )


async def score_run(
    ctx: ServiceContext, run_id: int, dataset_id: int, case_id: int | None
) -> Score:
    """Grade a run's answer against a case of the dataset - the case asking the run's own
    question when none is named."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.reading() as session:
        run = await readable_run(session, actor, run_id)
        dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_RUN
        )
        steps = await _steps(session, run_id)
        if not _has_answer(run, steps):
            raise BadUserInput.at(
                "input.runId", "this run has no transcript, so it has no answer to grade"
            )
        if case_id is None:
            question = await _question(session, run)
            twins = await _matching(session, actor, question, dataset) if question else []
            if not twins:
                raise BadUserInput.at(
                    "input.caseId",
                    "no case of this dataset asks the run's question: choose a case, "
                    "or add the run's answer as one",
                )
            case_id = twins[0].case.case_id
        else:
            owner = await session.get(DatasetCase, case_id)
            if owner is None or owner.dataset_id != dataset_id:
                raise NotFound("case")
        agent = await session.get(Agent, run.agent_id)
        asked_by = await _asker(session, run)
    given = scoring.GivenAnswer(
        text=reply_text([_as_step(s) for s in steps]),
        tool_calls=_made_calls(steps),
        cost_usd=run.cost_usd,
        latency_ms=run.latency_ms,
        agent_name=agent.name[: scoring.AGENT_NAME_MAX] if agent is not None else None,
        agent_version=str(run.agent_version) if run.agent_version is not None else None,
        answering_model=run.model[: scoring.MODEL_NAME_MAX] if run.model else None,
        source_run_id=run.id,
        agent_id=run.agent_id,
        asked_by_user_id=asked_by[0],
        asked_by_end_user=asked_by[1],
    )
    return await scoring.score_answer(ctx, case_id, given)


def _as_step(row: RunStep) -> Step:
    return Step(row.kind, text=row.text)
