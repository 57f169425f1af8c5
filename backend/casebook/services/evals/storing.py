"""Storing what an eval run's workers produced, a batch at a time, in one transaction each.

- ``store_answers``: replies just received - each recorded in Activity (a run flagged
  eval and isolated, in the conversation its question was stored in) and its item marked
  answered; an answer graded without a model call (checks, tool calls) is stored with its
  score in the same transaction, the answer first.
- ``store_scores``: gradings that needed a model (the judge), of items already answered.

Only items the worker still holds are written: one whose lease another worker took over
is left to that worker.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import BigInteger, Float, Text, case, column, func, literal, select, update
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import EvalItem, EvalRun, EvalRunAgent, Score
from casebook.db.rows import insert_values
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import Reply
from casebook.domain.agents.webhook_contract import Turn
from casebook.domain.evals.progress import (
    ANSWER,
    ANSWERED,
    ANSWERING,
    RUNNING,
    SCORED,
    budget_reason,
    budget_spent,
)
from casebook.observability import metrics
from casebook.services.activity.batch_recording import Answered, Asked, Question, record_replies
from casebook.services.evals.counters import advance
from casebook.services.evals.grading import Graded
from casebook.services.evals.leases import Holder, still_held
from casebook.services.grading.structured.records import record_structured
from casebook.services.grading.structured.staleness import CaseReference

_items = EvalItem.__table__  # type: ignore[attr-defined]


@dataclass
class Tally:
    scored: int = 0
    outcomes: dict[str, int] = field(
        default_factory=lambda: {"pass": 0, "fail": 0, "not_graded": 0}
    )
    cost_usd: float = 0.0

    def add(self, graded: Graded, item: EvalItem) -> None:
        """A score of ``item``: counted when it answers the run (a confirmation rerun's
        is not, so the counters agree with the summary); its cost, whatever it answers."""
        if item.purpose == ANSWER:
            self.scored += 1
            outcome = graded.score.outcome
            self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        self.cost_usd += graded.judge_cost_usd + (graded.score.cost_usd or 0.0)


@dataclass
class NewAnswer:
    item: EvalItem
    asked: Asked
    agent: EvalRunAgent
    agent_version_id: int | None
    reply: Reply
    graded: Graded | None  # set when graded without a model call


def case_turns(case: CaseReference) -> list[Turn]:
    """The case's earlier turns, as an agent is given them."""
    return [
        Turn("user" if turn.role == "user" else "agent", turn.content)
        for turn in case.content.history
    ]


def question_of(agent: EvalRunAgent, case: CaseReference) -> Question:
    """The question an item asks, as Activity records it."""
    return Question(agent.agent_id or 0, case_turns(case), case.content.input)


async def _mark_items(
    session: AsyncSession,
    ids: list[int],
    statuses: list[str],
    run_ids: list[int | None],
    score_ids: list[int | None],
    costs: list[float | None],
) -> None:
    given = (
        func.unnest(
            literal(ids, ARRAY(BigInteger)),
            literal(statuses, ARRAY(Text)),
            literal(run_ids, ARRAY(BigInteger)),
            literal(score_ids, ARRAY(BigInteger)),
            literal(costs, ARRAY(Float)),
        )
        .table_valued(
            column("id", BigInteger),
            column("status", Text),
            column("run_id", BigInteger),
            column("score_id", BigInteger),
            column("cost", Float),
        )
        .render_derived(name="given")
    )
    await session.execute(
        update(_items)
        .where(_items.c.id == given.c.id)
        .values(
            status=given.c.status,
            activity_run_id=func.coalesce(given.c.run_id, _items.c.activity_run_id),
            score_id=given.c.score_id,
            cost_usd=func.coalesce(given.c.cost, _items.c.cost_usd),
            answered_at=func.coalesce(_items.c.answered_at, func.now()),
            scored_at=case((given.c.score_id.is_(None), None), else_=func.now()),
        )
    )


async def store_answers(
    session: AsyncSession,
    actor: Actor,
    holder: Holder,
    answers: Sequence[NewAnswer],
    *,
    held: set[int] | None = None,
) -> tuple[list[NewAnswer], Tally]:
    """Record the replies the holder still holds; those graded already, with their scores.
    ``held``: the items the caller found the holder holds, locked in this transaction."""
    if not answers:
        return [], Tally()
    if held is None:
        held = await still_held(
            session, holder, [a.item.id for a in answers if a.item.id], ANSWERING
        )
    kept = [a for a in answers if a.item.id in held]
    run_ids = await record_replies(
        session,
        actor,
        [
            Answered(
                a.asked, a.agent.agent_id or 0, a.agent_version_id, a.agent.agent_version, a.reply
            )
            for a in kept
        ],
        isolated=True,
        eval_run=True,
    )
    tally = Tally()
    scores: list[dict[str, Any]] = []
    for answer, run_id in zip(kept, run_ids, strict=True):
        answer.item.activity_run_id = run_id
        if answer.graded is not None:
            answer.graded.score.source_run_id = run_id
            scores.append(answer.graded.score.values())
            tally.add(answer.graded, answer.item)
    score_ids = iter(await insert_values(session, Score, scores))
    await _mark_items(
        session,
        [a.item.id or 0 for a in kept],
        [SCORED if a.graded is not None else ANSWERED for a in kept],
        list(run_ids),
        [next(score_ids) if a.graded is not None else None for a in kept],
        [a.reply.cost_usd for a in kept],
    )
    return kept, tally


async def store_scores(
    session: AsyncSession, holder: Holder, graded: Sequence[tuple[EvalItem, Graded]]
) -> tuple[list[int], Tally]:
    """Scores of answered items the holder still holds; the ids of the items stored."""
    if not graded:
        return [], Tally()
    held = await still_held(session, holder, [i.id for i, _ in graded if i.id], ANSWERED)
    kept = [(item, found) for item, found in graded if item.id in held]
    rows = [found.score.row() for _, found in kept]
    session.add_all(rows)
    await session.flush()
    tally = Tally()
    for (item, found), row in zip(kept, rows, strict=True):
        await record_structured(session, row, found.structured)
        tally.add(found, item)
    await _mark_items(
        session,
        [item.id or 0 for item, _ in kept],
        [SCORED] * len(kept),
        [None] * len(kept),
        [row.id for row in rows],
        [None] * len(kept),
    )
    return [item.id or 0 for item, _ in kept], tally


async def count_answered(session: AsyncSession, run_id: int) -> int:
    """The run's answers stored (its confirmation reruns aside)."""
    return int(
        (
            await session.execute(
                select(func.count())
                .select_from(EvalItem)
                .where(
                    EvalItem.run_id == run_id,
                    EvalItem.purpose == ANSWER,
                    col(EvalItem.status).in_((ANSWERED, SCORED)),
                )
            )
        ).scalar_one()
    )


async def advance_after(session: AsyncSession, run_id: int, *tallies: Tally) -> EvalRun | None:
    """The run's counters after a batch: answers counted anew (an answer stored and not yet
    scored shows), scores and cost added."""
    outcomes = {
        name: sum(t.outcomes.get(name, 0) for t in tallies)
        for name in ("pass", "fail", "not_graded")
    }
    return await advance(
        session,
        run_id,
        scored=sum(t.scored for t in tallies),
        passed=outcomes["pass"],
        failed=outcomes["fail"],
        not_graded=outcomes["not_graded"],
        cost_usd=sum(t.cost_usd for t in tallies),
        answered_now=await count_answered(session, run_id),
    )


def count_stored(kept: Sequence[NewAnswer]) -> None:
    """The answers stored, in the metrics: those that failed apart."""
    failed = sum(1 for a in kept if a.reply.error)
    if failed:
        metrics.eval_answers(failed, outcome="failed")
    if len(kept) > failed:
        metrics.eval_answers(len(kept) - failed)


def over_budget(row: EvalRun) -> str | None:
    """Why a running run must stop now (its budget spent), or None."""
    if row.status == RUNNING and budget_spent(row.budget_usd, row.cost_usd):
        assert row.budget_usd is not None
        return budget_reason(row.budget_usd, row.cost_usd)
    return None
