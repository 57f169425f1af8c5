"""Reading review: the Review answers list, the queue, its counts, the decisions and
who may read a score's evidence (``datasets:view`` on the dataset for all of it).

"The Results → Review answers view shows every result, including answers already
reviewed. Filter by outcome, agent or case tag; review state does not split the list."
The outcome filtered on is the one the score counts as: a person's decision when there
is one, else the scorers'.
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import CaseRevision, Dataset, EvalItem, ReviewDecision, Score, User
from casebook.db.pagination import Page, check_page_size, decode_cursor, encode_cursor, keyset_page
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import holds
from casebook.domain.evals.progress import CONFIRM
from casebook.domain.grading.outcome import OUTCOME_STATUSES
from casebook.domain.review.queue import ReviewState, rank_of
from casebook.domain.storable_text import search_term
from casebook.services.agents.agents import KIND as AGENT_KIND
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, ServiceError

_WAITING = ReviewState.WAITING.value


@dataclass(frozen=True)
class AnswersFilter:
    outcome: str | None = None
    agent_name: str | None = None
    tag: str | None = None
    eval_run_id: int | None = None

    def checked(self) -> "AnswersFilter":
        if self.outcome is not None and self.outcome not in OUTCOME_STATUSES:
            raise BadUserInput.at("filter.outcome", f"must be one of {', '.join(OUTCOME_STATUSES)}")
        return self

    def where(self, query: Any) -> Any:
        if self.outcome is not None:
            query = query.where(func.coalesce(Score.decision, Score.outcome) == self.outcome)
        if self.agent_name is not None:
            # An agent name that cannot be stored names no agent: it matches nothing.
            name = search_term(self.agent_name, 200)
            query = query.where(Score.agent_name == (name or "\u2400never"))
        if self.tag is not None:
            tag = search_term(self.tag, 100) or "\u2400never"
            query = query.join(CaseRevision, CaseRevision.id == Score.case_revision_id).where(
                col(CaseRevision.tags).contains([tag])
            )
        if self.eval_run_id is not None:
            query = query.where(Score.eval_run_id == self.eval_run_id)
        return query


@dataclass(frozen=True)
class QueueCounts:
    dataset_id: int
    not_passed: int = 0
    not_graded: int = 0
    passed: int = 0

    @property
    def waiting(self) -> int:
        return self.not_passed + self.not_graded + self.passed


@dataclass(frozen=True)
class DecisionView:
    decision: ReviewDecision
    decided_by: str | None


async def _readable_dataset(session: AsyncSession, ctx: ServiceContext, dataset_id: int) -> Dataset:
    dataset: Dataset = await sharing.load_authorized(
        session, ctx.require_actor(), DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
    )
    return dataset


async def review_answers(
    ctx: ServiceContext,
    dataset_id: int,
    wanted: AnswersFilter,
    *,
    first: int,
    after: str | None,
) -> Page[Score]:
    """Every graded answer of the dataset, newest first, with how many match. An eval run's
    confirmation rerun is no answer of its own - it confirms a flip of an answer listed
    already, and shows as that result's confirmation (``EvalCaseResult.confirmed``) - so a
    31-case run lists 31 answers, and the count agrees with the pages."""
    wanted = wanted.checked()
    rerun = (
        select(col(EvalItem.id))
        .where(col(EvalItem.id) == col(Score.eval_item_id), col(EvalItem.purpose) == CONFIRM)
        .exists()
    )
    query = wanted.where(select(Score).where(Score.dataset_id == dataset_id, ~rerun))
    async with ctx.reading() as session:
        await _readable_dataset(session, ctx, dataset_id)
        return await keyset_page(
            session, query, Score.id, first=first, after=after, descending=True, with_total=True
        )


async def waiting_scores(
    ctx: ServiceContext, dataset_id: int, wanted: AnswersFilter | None = None
) -> list[int]:
    """The ids of the scores waiting in the dataset (in the filtered view)."""
    query = select(Score).where(Score.dataset_id == dataset_id, Score.review_state == _WAITING)
    if wanted is not None:
        query = wanted.checked().where(query)
    async with ctx.reading() as session:
        await _readable_dataset(session, ctx, dataset_id)
        rows = await session.execute(query.with_only_columns(col(Score.id)))
        return [int(i) for i in rows.scalars()]


async def review_queue(
    ctx: ServiceContext, dataset_id: int, *, first: int, after: str | None
) -> Page[Score]:
    """The waiting scores ranked as the queue ranks them: graded ones first, then the
    newest. The queue holds one score per case and agent, so it is read whole by key and
    only the page's rows are loaded."""
    check_page_size(first)
    start = decode_cursor(after) + 1 if after is not None else 0
    async with ctx.reading() as session:
        await _readable_dataset(session, ctx, dataset_id)
        keys = (
            await session.execute(
                select(col(Score.id), col(Score.outcome), col(Score.created_at)).where(
                    Score.dataset_id == dataset_id, Score.review_state == _WAITING
                )
            )
        ).all()
        ranked = sorted(keys, key=lambda row: (rank_of(row[1]), row[2], row[0]), reverse=True)
        chosen = [row[0] for row in ranked[start : start + first]]
        rows = {
            score.id: score
            for score in (
                await session.execute(select(Score).where(col(Score.id).in_(chosen)))
            ).scalars()
        }
    items = [rows[i] for i in chosen if i in rows]
    cursors = [encode_cursor(start + index) for index in range(len(items))]
    return Page(items, cursors, start + first < len(ranked), len(ranked))


def _count_query(dataset_ids: Sequence[int] | None) -> Any:
    query = (
        select(col(Score.dataset_id), col(Score.outcome), func.count())
        .where(Score.review_state == _WAITING)
        .group_by(col(Score.dataset_id), col(Score.outcome))
    )
    if dataset_ids is not None:
        query = query.where(col(Score.dataset_id).in_(dataset_ids))
    return query


def _fold(rows: Any) -> dict[int, QueueCounts]:
    found: dict[int, dict[str, int]] = defaultdict(dict)
    for dataset_id, outcome, count in rows:
        found[int(dataset_id)][str(outcome)] = int(count)
    return {
        dataset_id: QueueCounts(
            dataset_id,
            not_passed=counts.get("fail", 0),
            not_graded=counts.get("not_graded", 0),
            passed=counts.get("pass", 0),
        )
        for dataset_id, counts in found.items()
    }


async def queue_counts(ctx: ServiceContext, dataset_id: int) -> QueueCounts:
    async with ctx.reading() as session:
        await _readable_dataset(session, ctx, dataset_id)
        rows = (await session.execute(_count_query([dataset_id]))).all()
    return _fold(rows).get(dataset_id, QueueCounts(dataset_id))


async def queue_summary(ctx: ServiceContext) -> list[tuple[Dataset, QueueCounts]]:
    """Every dataset the actor may see with scores waiting, the most waiting first."""
    actor = ctx.require_actor()
    visible = select(col(Dataset.id)).where(sharing.visible_clause(actor, DATASET_KIND))
    async with ctx.reading() as session:
        rows = (
            await session.execute(_count_query(None).where(col(Score.dataset_id).in_(visible)))
        ).all()
        counts = _fold(rows)
        datasets = {
            dataset.id: dataset
            for dataset in (
                await session.execute(select(Dataset).where(col(Dataset.id).in_(list(counts))))
            ).scalars()
        }
    ordered = sorted(counts.values(), key=lambda c: (-c.waiting, c.dataset_id))
    return [(datasets[c.dataset_id], c) for c in ordered if c.dataset_id in datasets]


async def agent_names(ctx: ServiceContext, dataset_id: int) -> list[str]:
    async with ctx.reading() as session:
        await _readable_dataset(session, ctx, dataset_id)
        rows = await session.execute(
            select(col(Score.agent_name))
            .where(Score.dataset_id == dataset_id, col(Score.agent_name).is_not(None))
            .distinct()
            .order_by(col(Score.agent_name))
        )
        return [str(name) for name in rows.scalars()]


async def current_decisions(
    ctx: ServiceContext, score_ids: Sequence[int]
) -> list[DecisionView | None]:
    """For a loader of scores the request read under access: each one's current decision."""
    async with ctx.reading() as session:
        rows = await session.execute(
            select(ReviewDecision, col(User.name))
            .outerjoin(User, col(User.id) == ReviewDecision.decided_by_user_id)
            .where(
                col(ReviewDecision.score_id).in_(score_ids),
                col(ReviewDecision.ended_at).is_(None),
            )
        )
        found = {decision.score_id: DecisionView(decision, name) for decision, name in rows}
    return [found.get(score_id) for score_id in score_ids]


async def agents_readable(ctx: ServiceContext, agent_ids: Sequence[int]) -> list[bool]:
    """Whether the actor may read each answering agent (``agents:view`` on it); a deleted
    agent is one nobody may read."""
    actor = ctx.actor
    if actor is None or not holds(actor, Permission.AGENTS_VIEW):
        return [False for _ in agent_ids]
    async with ctx.reading() as session:
        found = await sharing.authorize_many(
            session, actor, AGENT_KIND, agent_ids, Permission.AGENTS_VIEW
        )
    return [not isinstance(found[i], ServiceError) for i in agent_ids]
