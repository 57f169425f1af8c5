"""An eval run's results read from PostgreSQL: folded, summarized and compared by the rules
of ``domain.evals.results`` and ``domain.evals.comparison``.

``results_of_runs`` reads any number of runs in three statements whatever their size -
their agents, the case revisions they answered (with tags), and their scored answers
(answers and confirmation reruns) - so a page of results, a summary and a comparison
cost a constant number of statements, not one per row. The runs handed in were read
under access already (``runs.load_runs``); nothing here decides access.
"""

from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import (
    CaseRevision,
    EvalItem,
    EvalRun,
    EvalRunAgent,
    EvalRunCase,
    ReviewDecision,
    Score,
)
from casebook.db.pagination import Page, check_page_size, decode_cursor, encode_cursor
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.evals.comparison import (
    CaseOutcome,
    Comparison,
    FlipKind,
    compare,
    confirmation,
)
from casebook.domain.evals.comparison import review_candidates as candidates_of
from casebook.domain.evals.progress import CONFIRM, SCORED, TERMINAL
from casebook.domain.evals.results import (
    CaseResult,
    Repetition,
    RunSummary,
    as_decided,
    fold_case,
    judge_failed_with_error,
    scorer_statuses,
    summarize,
)
from casebook.domain.grading.outcome import OutcomeStatus
from casebook.services.kernel.context import ServiceContext


@dataclass(frozen=True, slots=True)
class RunCase:
    case_id: int
    revision_id: int
    tags: tuple[str, ...]


@dataclass
class RunResults:
    """One run's results. ``agent_key`` of a run agent is the agent's id, or - once the
    agent is deleted - the negated id of the run's agent row, so it never meets a live one."""

    run: EvalRun
    agents: list[EvalRunAgent]
    cases: list[RunCase]
    results: list[CaseResult]
    # (case, run agent) → the outcomes of its confirmation rerun, by repetition.
    reruns: dict[tuple[int, int], list[OutcomeStatus]] = field(default_factory=dict)
    # Once the run has ended: score id → the decision that stood when it ended (None for
    # none), for every score of it a decision ever touched; and the (case, run agent)
    # results with an answer whose decision is another now than then.
    decisions_at_end: dict[int, OutcomeStatus | None] | None = None
    decided_since_end: set[tuple[int, int]] = field(default_factory=set)

    def agent_key(self, run_agent_id: int) -> int:
        agent = next(a for a in self.agents if a.id == run_agent_id)
        return agent.agent_id if agent.agent_id is not None else -run_agent_id

    def agent_named(self, run_agent_id: int) -> EvalRunAgent:
        return next(a for a in self.agents if a.id == run_agent_id)

    @property
    def summary(self) -> RunSummary:
        return summarize([a.id for a in self.agents if a.id is not None], self.results)

    @property
    def summary_at_end(self) -> RunSummary | None:
        """The run's own record of its results when it ended: folded with the decisions
        that stood then; None while it has not ended."""
        if self.decisions_at_end is None:
            return None
        return summarize(
            [a.id for a in self.agents if a.id is not None],
            as_decided(self.results, self.decisions_at_end),
        )


async def _agents(session: AsyncSession, run_ids: Sequence[int]) -> dict[int, list[EvalRunAgent]]:
    rows = (
        await session.execute(
            select(EvalRunAgent)
            .where(col(EvalRunAgent.run_id).in_(run_ids))
            .order_by(col(EvalRunAgent.run_id), col(EvalRunAgent.position))
        )
    ).scalars()
    grouped: dict[int, list[EvalRunAgent]] = defaultdict(list)
    for row in rows:
        grouped[row.run_id].append(row)
    return grouped


async def _cases(session: AsyncSession, run_ids: Sequence[int]) -> dict[int, list[RunCase]]:
    rows = await session.execute(
        select(
            col(EvalRunCase.run_id),
            col(EvalRunCase.case_id),
            col(EvalRunCase.revision_id),
            col(CaseRevision.tags),
        )
        .join(CaseRevision, col(CaseRevision.id) == col(EvalRunCase.revision_id))
        .where(col(EvalRunCase.run_id).in_(run_ids))
        .order_by(col(EvalRunCase.run_id), col(EvalRunCase.case_id))
    )
    grouped: dict[int, list[RunCase]] = defaultdict(list)
    for run_id, case_id, revision_id, tags in rows:
        grouped[run_id].append(RunCase(case_id, revision_id, tuple(tags or ())))
    return grouped


@dataclass(frozen=True, slots=True)
class _Scored:
    run_id: int
    run_agent_id: int
    case_id: int
    purpose: str
    repetition: Repetition


async def _scored(session: AsyncSession, run_ids: Sequence[int]) -> list[_Scored]:
    rows = await session.execute(
        select(
            col(EvalItem.run_id),
            col(EvalItem.run_agent_id),
            col(EvalItem.case_id),
            col(EvalItem.purpose),
            col(EvalItem.repetition),
            col(Score.id),
            col(Score.outcome),
            col(Score.structured_quality),
            col(Score.latency_ms),
            col(Score.cost_usd),
            col(Score.grading_cost_usd),
            col(Score.results),
            col(Score.decision),
        )
        .join(Score, col(Score.id) == col(EvalItem.score_id))
        .where(col(EvalItem.run_id).in_(run_ids), col(EvalItem.status) == SCORED)
    )
    found = []
    for (
        run_id,
        agent_id,
        case_id,
        purpose,
        number,
        score_id,
        outcome,
        quality,
        ms,
        cost,
        grading,
        results,
        decision,
    ) in rows:
        results = results or {}
        found.append(
            _Scored(
                run_id,
                agent_id,
                case_id,
                purpose,
                Repetition(
                    score_id=score_id,
                    repetition=number,
                    outcome=outcome,
                    quality=quality,
                    latency_ms=ms,
                    cost_usd=(cost or 0.0) + (grading or 0.0),
                    scorers=scorer_statuses(results),
                    judge_error=judge_failed_with_error(results),
                    decision=decision if decision in ("pass", "fail") else None,
                ),
            )
        )
    return found


@dataclass(frozen=True, slots=True)
class _DecisionEvent:
    case_id: int
    run_agent_id: int
    score_id: int
    outcome: OutcomeStatus
    decided_at: datetime
    ended_at: datetime | None


async def _decision_history(
    session: AsyncSession, runs: Sequence[EvalRun]
) -> dict[int, list[_DecisionEvent]]:
    """Every review decision ever made on the answers of the runs that have ended, the
    current ones and those withdrawn, undone or replaced; nothing when none has ended."""
    ended = [run.id for run in runs if run.id is not None and run.finished_at is not None]
    if not ended:
        return {}
    rows = await session.execute(
        select(
            col(EvalItem.run_id),
            col(EvalItem.case_id),
            col(EvalItem.run_agent_id),
            col(ReviewDecision.score_id),
            col(ReviewDecision.outcome),
            col(ReviewDecision.decided_at),
            col(ReviewDecision.ended_at),
        )
        .join(ReviewDecision, col(ReviewDecision.score_id) == col(EvalItem.score_id))
        .where(col(EvalItem.run_id).in_(ended), col(EvalItem.status) == SCORED)
    )
    grouped: dict[int, list[_DecisionEvent]] = defaultdict(list)
    for run_id, case_id, agent_id, score_id, outcome, decided_at, ended_at in rows:
        grouped[run_id].append(
            _DecisionEvent(case_id, agent_id, score_id, outcome, decided_at, ended_at)
        )
    return grouped


def _at_end(
    finished_at: datetime, events: Sequence[_DecisionEvent]
) -> tuple[dict[int, OutcomeStatus | None], set[tuple[int, int]]]:
    """The decision each score held when the run ended, and the results one of whose
    answers holds another decision now (decided since, or withdrawn or undone since)."""
    held: dict[int, OutcomeStatus | None] = {}
    now: dict[int, OutcomeStatus | None] = {}
    results: dict[int, tuple[int, int]] = {}
    for event in events:
        results[event.score_id] = (event.case_id, event.run_agent_id)
        held.setdefault(event.score_id, None)
        now.setdefault(event.score_id, None)
        if event.decided_at <= finished_at and (
            event.ended_at is None or event.ended_at > finished_at
        ):
            held[event.score_id] = event.outcome
        if event.ended_at is None:
            now[event.score_id] = event.outcome
    since = {results[score] for score in held if held[score] != now[score]}
    return held, since


async def read_results(session: AsyncSession, runs: Sequence[EvalRun]) -> list[RunResults]:
    """Each run's results, in the order given: four statements for all of them (the
    fourth, the decisions made on them, only when one of them has ended)."""
    run_ids = [run.id for run in runs if run.id is not None]
    agents = await _agents(session, run_ids)
    cases = await _cases(session, run_ids)
    history = await _decision_history(session, runs)
    answers: dict[tuple[int, int, int], list[Repetition]] = defaultdict(list)
    reruns: dict[int, dict[tuple[int, int], list[Repetition]]] = defaultdict(dict)
    for scored in await _scored(session, run_ids):
        key = (scored.run_id, scored.case_id, scored.run_agent_id)
        if scored.purpose == CONFIRM:
            reruns[scored.run_id].setdefault(key[1:], []).append(scored.repetition)
        else:
            answers[key].append(scored.repetition)
    found = []
    for run in runs:
        assert run.id is not None
        run_agents = agents.get(run.id, [])
        run_cases = cases.get(run.id, [])
        results = [
            fold_case(
                case.case_id,
                agent.id,
                case.tags,
                answers.get((run.id, case.case_id, agent.id), ()),
                run.repetitions,
            )
            for case in run_cases
            for agent in run_agents
            if agent.id is not None
        ]
        at_end: dict[int, OutcomeStatus | None] | None = None
        since: set[tuple[int, int]] = set()
        if run.finished_at is not None:
            at_end, since = _at_end(run.finished_at, history.get(run.id, ()))
        found.append(
            RunResults(
                run,
                run_agents,
                run_cases,
                results,
                {
                    key: [rep.counted for rep in sorted(reps, key=lambda r: r.repetition)]
                    for key, reps in reruns.get(run.id, {}).items()
                },
                at_end,
                since,
            )
        )
    return found


async def results_of_runs(ctx: ServiceContext, runs: Sequence[EvalRun]) -> list[RunResults]:
    """For a dataloader: runs the parent read under access."""
    async with ctx.reading() as session:
        return await read_results(session, runs)


# -- comparison -----------------------------------------------------------------------------


def _outcomes(results: RunResults) -> list[CaseOutcome]:
    revisions = {case.case_id: case.revision_id for case in results.cases}
    return [
        CaseOutcome(
            result.case_id,
            revisions[result.case_id],
            results.agent_key(result.agent_id),
            result.outcome,
        )
        for result in results.results
    ]


@dataclass(frozen=True, slots=True)
class Flip:
    kind: FlipKind
    confirmed: bool | None
    baseline_outcome: OutcomeStatus | None


@dataclass
class RunComparison:
    baseline: EvalRun
    comparison: Comparison
    # (case, run agent of this run) → its flip; every compared result in ``before``.
    flips: dict[tuple[int, int], Flip]
    before: dict[tuple[int, int], OutcomeStatus | None]

    @property
    def confirmed_regressions(self) -> int:
        return sum(
            flip.kind == "regression" and flip.confirmed is True for flip in self.flips.values()
        )


def compare_runs(current: RunResults, baseline: RunResults) -> RunComparison:
    """Flips against ``baseline``; a flip is confirmed by this run's rerun of it, when it
    was rerun (``confirmation``)."""
    by_key = {current.agent_key(a.id): a.id for a in current.agents if a.id is not None}
    comparison = compare(
        version=current.run.dataset_version,
        baseline_version=baseline.run.dataset_version,
        current=_outcomes(current),
        baseline=_outcomes(baseline),
        agents=list(by_key),
        baseline_agents=[baseline.agent_key(a.id) for a in baseline.agents if a.id is not None],
        agent_names={
            current.agent_key(a.id): a.agent_name for a in current.agents if a.id is not None
        },
    )
    flips: dict[tuple[int, int], Flip] = {}
    before: dict[tuple[int, int], OutcomeStatus | None] = {}
    decided = {(r.case_id, r.agent_id) for r in current.results if r.decided}
    for case in comparison.compared:
        key = (case.case_id, by_key[case.agent_id])
        before[key] = case.before
        if case.flip is not None:
            rerun = current.reruns.get(key, [])
            confirmed = confirmation(case.flip, rerun)
            if key in decided:
                # A person decided the result: the decision is the confirmation.
                confirmed = True
            flips[key] = Flip(case.flip, confirmed, case.before)
    return RunComparison(baseline.run, comparison, flips, before)


def confirmed_regressions(comparison: RunComparison | None) -> set[tuple[int, int]]:
    if comparison is None:
        return set()
    return {
        key
        for key, flip in comparison.flips.items()
        if flip.kind == "regression" and flip.confirmed is True
    }


# -- the per-case table -----------------------------------------------------------------------


SEARCH_MAX_CHARS = 200


@dataclass(frozen=True)
class ResultFilter:
    """Filters of the per-case table; they combine (every one given must hold).

    ``search`` matches the question of the case at the revision the run answered, and -
    for the agents in ``answer_agents`` only, those whose answers the reader may see -
    the answer shown, case-insensitively; ``matched`` is what it matched, read once
    per request (``search_matches``)."""

    run_agent_id: int | None = None
    outcome: OutcomeStatus | None = None
    tag: str | None = None
    flipped: bool | None = None
    decided: bool | None = None
    search: str | None = None
    matched: frozenset[tuple[int, int]] | None = None


def _keeps(
    wanted: ResultFilter,
    result: CaseResult,
    comparison: RunComparison | None,
    *,
    skip: str | None = None,
) -> bool:
    """Whether the result holds every filter but ``skip`` (a facet counts over the others)."""
    if skip != "agent" and wanted.run_agent_id not in (None, result.agent_id):
        return False
    if skip != "outcome" and wanted.outcome is not None and result.outcome != wanted.outcome:
        return False
    if skip != "tag" and wanted.tag is not None and wanted.tag not in result.tags:
        return False
    if skip != "flipped" and wanted.flipped is not None:
        flipped = comparison is not None and (result.case_id, result.agent_id) in comparison.flips
        if flipped != wanted.flipped:
            return False
    if skip != "decided" and wanted.decided is not None and result.decided != wanted.decided:
        return False
    return wanted.matched is None or (result.case_id, result.agent_id) in wanted.matched


def check_search(search: str | None) -> str | None:
    """The search words as given (stripped); None for no search. Refused by name when long."""
    if search is None or not search.strip():
        return None
    if len(search) > SEARCH_MAX_CHARS:
        raise ValidationFailed(
            [FieldError("search", f"is longer than {SEARCH_MAX_CHARS} characters")]
        )
    return search.strip()


async def search_matches(
    ctx: ServiceContext, current: RunResults, search: str, answer_agents: Collection[int]
) -> frozenset[tuple[int, int]]:
    """(case, run agent) results whose question - or, for ``answer_agents``, whose answer -
    holds ``search``: one statement whatever the run's size."""
    assert current.run.id is not None
    term = search.lower()
    question = func.lower(CaseRevision.content["input"].astext).contains(term, autoescape=True)
    answer = func.lower(col(Score.answer_text)).contains(term, autoescape=True)
    in_answer = answer & col(EvalItem.run_agent_id).in_(list(answer_agents) or [-1])
    async with ctx.reading() as session:
        rows = await session.execute(
            select(col(EvalItem.case_id), col(EvalItem.run_agent_id))
            .distinct()
            .join(CaseRevision, col(CaseRevision.id) == col(EvalItem.revision_id))
            .outerjoin(Score, col(Score.id) == col(EvalItem.score_id))
            .where(
                col(EvalItem.run_id) == current.run.id,
                col(EvalItem.purpose) != CONFIRM,
                or_(question, in_answer),
            )
        )
        return frozenset((case_id, agent_id) for case_id, agent_id in rows)


@dataclass(frozen=True, slots=True)
class ResultCounts:
    """How many rows of the table each filter's value holds, the other filters applied."""

    total: int
    outcomes: dict[OutcomeStatus | None, int]
    agents: dict[int, int]
    tags: dict[str, int]
    flipped: int
    not_flipped: int
    decided: int
    not_decided: int


def result_counts(
    current: RunResults, comparison: RunComparison | None, wanted: ResultFilter
) -> ResultCounts:
    outcomes: dict[OutcomeStatus | None, int] = defaultdict(int)
    agents: dict[int, int] = defaultdict(int)
    tags: dict[str, int] = defaultdict(int)
    total = flipped = not_flipped = decided = not_decided = 0
    for result in current.results:
        key = (result.case_id, result.agent_id)
        if _keeps(wanted, result, comparison):
            total += 1
        if _keeps(wanted, result, comparison, skip="outcome"):
            outcomes[result.outcome] += 1
        if _keeps(wanted, result, comparison, skip="agent"):
            agents[result.agent_id] += 1
        if _keeps(wanted, result, comparison, skip="tag"):
            for tag in dict.fromkeys(result.tags):
                tags[tag] += 1
        if _keeps(wanted, result, comparison, skip="flipped"):
            if comparison is not None and key in comparison.flips:
                flipped += 1
            else:
                not_flipped += 1
        if _keeps(wanted, result, comparison, skip="decided"):
            if result.decided:
                decided += 1
            else:
                not_decided += 1
    return ResultCounts(
        total, dict(outcomes), dict(agents), dict(tags), flipped, not_flipped, decided, not_decided
    )


@dataclass
class ResultRow:
    result: CaseResult
    agent: EvalRunAgent
    dataset_version: int
    scores: list[Score]
    shown: Score | None
    baseline_outcome: OutcomeStatus | None
    flip: Flip | None


async def result_rows(
    ctx: ServiceContext,
    current: RunResults,
    comparison: RunComparison | None,
    chosen: Sequence[CaseResult],
) -> list[ResultRow]:
    """These results of the run as table rows; all their scores in one statement."""
    score_ids = [rep.score_id for result in chosen for rep in result.repetitions]
    scores: dict[int, Score] = {}
    if score_ids:
        async with ctx.reading() as session:
            rows = await session.execute(select(Score).where(col(Score.id).in_(score_ids)))
            scores = {score.id: score for score in rows.scalars() if score.id is not None}
    found = []
    for result in chosen:
        key = (result.case_id, result.agent_id)
        found.append(
            ResultRow(
                result=result,
                agent=current.agent_named(result.agent_id),
                dataset_version=current.run.dataset_version,
                scores=[scores[r.score_id] for r in result.repetitions if r.score_id in scores],
                shown=scores.get(result.shown.score_id) if result.shown is not None else None,
                baseline_outcome=comparison.before.get(key) if comparison is not None else None,
                flip=comparison.flips.get(key) if comparison is not None else None,
            )
        )
    return found


async def results_page(
    ctx: ServiceContext,
    current: RunResults,
    comparison: RunComparison | None,
    wanted: ResultFilter,
    *,
    first: int,
    after: str | None,
) -> Page[ResultRow]:
    """A page of (case, agent) results in case then agent order. The cursor is the row's
    place in the run's whole table, so a filter changes which rows come after it, never
    where it is."""
    check_page_size(first)
    start = decode_cursor(after) + 1 if after is not None else 0
    matching = [
        (index, result)
        for index, result in enumerate(current.results)
        if _keeps(wanted, result, comparison)
    ]
    later = [(index, result) for index, result in matching if index >= start]
    chosen = later[:first]
    rows = await result_rows(ctx, current, comparison, [result for _, result in chosen])
    return Page(
        rows, [encode_cursor(index) for index, _ in chosen], len(later) > first, len(matching)
    )


@dataclass
class CaseRowOfAgents:
    """One case of the run with every agent's result side by side, in the run's agent order."""

    case_id: int
    results: list[ResultRow]


async def case_rows_page(
    ctx: ServiceContext,
    current: RunResults,
    comparison: RunComparison | None,
    wanted: ResultFilter,
    *,
    first: int,
    after: str | None,
) -> Page[CaseRowOfAgents]:
    """A page of cases, each with all its agents' results: a case is listed when one of
    its results holds the filters (so a filter never hides an agent's column). The cursor
    is the case's place in the run."""
    check_page_size(first)
    start = decode_cursor(after) + 1 if after is not None else 0
    by_case: dict[int, list[CaseResult]] = {}
    for result in current.results:
        by_case.setdefault(result.case_id, []).append(result)
    matching = [
        (index, found)
        for index, found in enumerate(by_case.values())
        if any(_keeps(wanted, result, comparison) for result in found)
    ]
    later = [entry for entry in matching if entry[0] >= start]
    chosen = later[:first]
    rows = await result_rows(
        ctx, current, comparison, [result for _, found in chosen for result in found]
    )
    grouped: dict[int, list[ResultRow]] = {}
    for row in rows:
        grouped.setdefault(row.result.case_id, []).append(row)
    return Page(
        [CaseRowOfAgents(found[0].case_id, grouped[found[0].case_id]) for _, found in chosen],
        [encode_cursor(index) for index, _ in chosen],
        len(later) > first,
        len(matching),
    )


def flipped(current: RunResults, comparison: RunComparison, kind: FlipKind) -> list[CaseResult]:
    """The results of one kind of flip, in case then agent order."""
    return [
        result
        for result in current.results
        if (flip := comparison.flips.get((result.case_id, result.agent_id))) is not None
        and flip.kind == kind
    ]


async def review_candidates(
    ctx: ServiceContext, current: RunResults, comparison: RunComparison | None
) -> list[Score]:
    """Once the run has ended - after its confirmation reruns - the confirmed regressions
    and the answers the judge failed on with an error, one score per case and agent
    (``domain.evals.comparison.review_candidates``); nothing while it runs."""
    if current.run.status not in TERMINAL:
        return []
    score_ids = candidates_of(current.results, confirmed_regressions(comparison))
    if not score_ids:
        return []
    async with ctx.reading() as session:
        rows = await session.execute(select(Score).where(col(Score.id).in_(score_ids)))
        found = {score.id: score for score in rows.scalars()}
    return [found[score_id] for score_id in score_ids if score_id in found]
