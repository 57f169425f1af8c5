"""An eval run's results as the API shows them: the summary (per agent, per scorer, per
tag), the per-case table with its repetitions folded, and the comparison with an earlier
run. The rules are ``domain.evals.results`` and ``domain.evals.comparison``; the reading
is ``services.evals.results``, once per run and request (``loaders.eval_results``)."""

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

import strawberry
from strawberry import relay

from casebook.domain.evals.comparison import FlipKind
from casebook.domain.evals.results import (
    RunSummary,
    Tally,
    answer_preview,
    failing_scorer,
)
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id, encode_id
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.grading.evidence import EVIDENCE, evidence, evidence_readable
from casebook.graphql.types.grading.score import ScoreOutcome, ScoreType
from casebook.services.evals import results
from casebook.services.kernel.errors import BadUserInput, NotFound
from casebook.services.kernel.records import EvalRun, EvalRunAgent

if TYPE_CHECKING:
    from casebook.graphql.types.evals.eval_run import EvalRunType
    from casebook.graphql.types.review.decision import ReviewDecisionType

EvalRunRef = Annotated["EvalRunType", strawberry.lazy("casebook.graphql.types.evals.eval_run")]


def agent_global_id(agent: EvalRunAgent) -> relay.GlobalID:
    """The agent's id; once the agent is deleted, the id of the run's record of it."""
    if agent.agent_id is not None:
        return encode_id("Agent", agent.agent_id)
    assert agent.id is not None
    return encode_id("EvalRunAgent", agent.id)


def outcome_enum(value: str | None) -> ScoreOutcome | None:
    return ScoreOutcome(value) if value is not None else None


def _tallied(tally: Tally) -> dict[str, Any]:
    """The counts every summary row shows, as its fields."""
    return {
        "passed": tally.passed,
        "failed": tally.failed,
        "not_graded": tally.not_graded,
        "pass_rate": tally.pass_rate,
        "decided": tally.decided,
        "overruled": tally.overruled,
    }


DECIDED = (
    "Of these results, how many a person decided in review; a decided result counts as "
    "the decision (finalOutcome), whatever the scorers said."
)
OVERRULED = (
    "Of the decided results, how many count otherwise than the scorers' outcome (for a "
    "scorer's row: than what that scorer said)."
)


@strawberry.enum(
    name="EvalFlipKind",
    description="REGRESSION: passed in the baseline, fails now. IMPROVEMENT: failed, passes now.",
)
class EvalFlipKind(Enum):
    REGRESSION = "regression"
    IMPROVEMENT = "improvement"


@strawberry.type(
    name="EvalAgentSummary",
    description="One agent of the run: its (case, agent) results counted with repetitions "
    "folded, cost, latency and structured quality over every repetition scored.",
)
class EvalAgentSummaryType:
    agent_id: relay.GlobalID
    agent_name: str
    agent_version: int
    passed: int
    failed: int
    not_graded: int
    pass_rate: float | None = strawberry.field(
        description="passed / (passed + failed); null when nothing was graded."
    )
    decided: int = strawberry.field(description=DECIDED)
    overruled: int = strawberry.field(description=OVERRULED)
    cost_usd: float = strawberry.field(description="The agent's answers and their grading.")
    latency_p50_ms: float | None = strawberry.field(
        description="Nearest rank: the smallest latency with half the answers at or below it."
    )
    latency_p95_ms: float | None = strawberry.field(
        description="Nearest rank: the smallest latency with 95 % of the answers at or below it."
    )
    quality_mean: float | None = strawberry.field(description="Structured quality, when scored.")
    quality_min: float | None
    quality_max: float | None


@strawberry.type(
    name="EvalScorerSummary",
    description="One scorer's verdicts for one agent: every scorer by name, and each kind of "
    "check as checks:<kind>; a scorer without a verdict counts as not graded.",
)
class EvalScorerSummaryType:
    agent_id: relay.GlobalID
    scorer: str
    passed: int
    failed: int
    not_graded: int
    pass_rate: float | None
    decided: int = strawberry.field(description=DECIDED)
    overruled: int = strawberry.field(description=OVERRULED)


@strawberry.type(name="EvalTagSummary", description="The results of one tag's cases, per agent.")
class EvalTagSummaryType:
    agent_id: relay.GlobalID
    tag: str
    passed: int
    failed: int
    not_graded: int
    pass_rate: float | None
    decided: int = strawberry.field(description=DECIDED)
    overruled: int = strawberry.field(description=OVERRULED)


@strawberry.type(
    name="EvalSummary",
    description="Pass rates per agent, per scorer and per tag, with cost, latency p50/p95 and "
    "structured quality. A (case, agent) counts once its every repetition is scored, and "
    "counts as a person decided it when one did (finalOutcome).",
)
class EvalSummaryType:
    agents: list[EvalAgentSummaryType]
    scorers: list[EvalScorerSummaryType]
    tags: list[EvalTagSummaryType]
    decided_since_end: int | None = strawberry.field(
        default=None,
        description="Once the run has ended: how many of its results hold another decision "
        "now than when it ended (decided since, or a decision withdrawn or undone since) - "
        "where this summary and atEnd may differ; null while it runs.",
    )
    at_end: "EvalSummaryType | None" = strawberry.field(
        default=None,
        description="Once the run has ended: its own record of its results as they stood "
        "when it ended - the decisions made by then counted, none made since; null while "
        "it runs, and on this record itself.",
    )

    @classmethod
    def from_results(cls, found: results.RunResults) -> "EvalSummaryType":
        at_end = found.summary_at_end
        return cls.from_summary(
            found,
            found.summary,
            decided_since_end=len(found.decided_since_end) if at_end is not None else None,
            at_end=cls.from_summary(found, at_end) if at_end is not None else None,
        )

    @classmethod
    def from_summary(
        cls,
        found: results.RunResults,
        summary: RunSummary,
        *,
        decided_since_end: int | None = None,
        at_end: "EvalSummaryType | None" = None,
    ) -> "EvalSummaryType":
        agents = {agent.id: agent for agent in found.agents}
        return cls(
            agents=[
                EvalAgentSummaryType(
                    agent_id=agent_global_id(agents[entry.agent_id]),
                    agent_name=agents[entry.agent_id].agent_name,
                    agent_version=agents[entry.agent_id].agent_version,
                    **_tallied(entry.tally),
                    cost_usd=entry.cost_usd,
                    latency_p50_ms=entry.latency_p50_ms,
                    latency_p95_ms=entry.latency_p95_ms,
                    quality_mean=entry.quality_mean,
                    quality_min=entry.quality_min,
                    quality_max=entry.quality_max,
                )
                for entry in summary.agents
            ],
            scorers=[
                EvalScorerSummaryType(
                    agent_id=agent_global_id(agents[entry.agent_id]),
                    scorer=entry.scorer,
                    **_tallied(entry.tally),
                )
                for entry in summary.scorers
            ],
            tags=[
                EvalTagSummaryType(
                    agent_id=agent_global_id(agents[entry.agent_id]),
                    tag=entry.tag,
                    **_tallied(entry.tally),
                )
                for entry in summary.tags
            ],
            decided_since_end=decided_since_end,
            at_end=at_end,
        )


@strawberry.type(
    name="EvalCaseResult",
    description="One (case, agent) of the run, its repetitions folded: the most frequent "
    "outcome, a tie going to the worse (FAIL, then NOT_GRADED, then PASS). Each answer "
    "counts as a person decided it in review when one did (finalOutcome).",
)
class EvalCaseResultType:
    """Every field but the case and the decision is a value set once from the row: a
    page of fifty results resolves a thousand fields, and a value is the cheapest field
    to resolve (``lean_fields``). Evidence goes through its access rule all the same."""

    row: strawberry.Private[results.ResultRow]
    agent_id: relay.GlobalID
    agent_name: str
    outcome: ScoreOutcome | None = strawberry.field(
        description="What the result counts as: its answers' outcomes folded, each answer "
        "a person decided counting as the decision. Null while not every repetition is "
        "scored."
    )
    scorers_outcome: ScoreOutcome | None = strawberry.field(
        description="What the scorers said, folded the same way, whatever a person decided."
    )
    decided: bool = strawberry.field(
        description="A person decided at least one of its answers in review."
    )
    preview: strawberry.Private[str | None]
    failing_scorer: str | None = strawberry.field(
        description="The scorer the answer shown failed on - the first that failed, else the "
        "first without a verdict; null when every scorer passed."
    )
    reason: strawberry.Private[str | None]
    scores: list[ScoreType] = strawberry.field(
        description="One per repetition scored, in repetition order."
    )
    median_score: ScoreType | None = strawberry.field(
        description="The answer shown: the repetition with the median quality (the lower "
        "median on an even count), or the first when none has a quality."
    )
    quality_mean: float | None = strawberry.field(
        description="Mean structured quality over the repetitions."
    )
    quality_min: float | None = strawberry.field(
        description="The consistency spread: the lowest quality…"
    )
    quality_max: float | None = strawberry.field(description="…and the highest.")
    baseline_outcome: ScoreOutcome | None = strawberry.field(
        description="Its outcome in the run's baseline, when that holds the case."
    )
    flip: EvalFlipKind | None = strawberry.field(
        description="Against the run's baseline; null when it did not flip."
    )
    confirmed: bool | None = strawberry.field(
        description="For a flip: true when the rerun agreed (a regression failed again, an "
        "improvement passed again) or a person decided it, false when it did not, null "
        "when it was not rerun."
    )

    @classmethod
    def from_row(cls, row: results.ResultRow) -> "EvalCaseResultType":
        result, shown, quality = row.result, row.shown, row.result.quality
        failing = failing_scorer(shown.results or {}) if shown is not None else None
        return cls(
            row=row,
            agent_id=agent_global_id(row.agent),
            agent_name=row.agent.agent_name,
            outcome=outcome_enum(result.outcome),
            scorers_outcome=outcome_enum(result.scorers_outcome),
            decided=result.decided,
            preview=answer_preview(shown.answer_text) if shown is not None else None,
            failing_scorer=failing.name if failing is not None else None,
            reason=failing.reason if failing is not None else None,
            scores=[ScoreType.from_row(score) for score in row.scores],
            median_score=ScoreType.from_row(shown) if shown is not None else None,
            quality_mean=quality.mean if quality is not None else None,
            quality_min=quality.lowest if quality is not None else None,
            quality_max=quality.highest if quality is not None else None,
            baseline_outcome=outcome_enum(row.baseline_outcome),
            flip=EvalFlipKind(row.flip.kind) if row.flip is not None else None,
            confirmed=row.flip.confirmed if row.flip is not None else None,
        )

    @property
    def answering_agent_id(self) -> int | None:
        """For the evidence fields: the agent whose answer this is."""
        shown = self.row.shown
        return shown.agent_id if shown is not None else self.row.agent.agent_id

    @strawberry.field(
        extensions=evidence(),
        description="The first lines of the answer shown (medianScore): at most 3 lines and "
        "300 characters, ending in … when cut. " + EVIDENCE,
    )
    async def answer_preview(self) -> str | None:
        return self.preview

    @strawberry.field(
        extensions=evidence(), description="Why failingScorer found what it did. " + EVIDENCE
    )
    async def failing_reason(self) -> str | None:
        return self.reason

    @strawberry.field(description="The case at the revision the run answered.")
    async def case(self, info: Info) -> CaseType:
        view = await info.context.loaders.case.load(
            (self.row.result.case_id, self.row.dataset_version)
        )
        return CaseType.from_view(view)

    @strawberry.field(
        description="The decision that stands on its answers - the latest made when "
        "several were decided - with who decided and when; null when none was."
    )
    async def decision(
        self, info: Info
    ) -> (
        Annotated["ReviewDecisionType", strawberry.lazy("casebook.graphql.types.review.decision")]
        | None
    ):
        from casebook.graphql.types.review.decision import ReviewDecisionType

        decided = [score for score in self.row.scores if score.decision is not None]
        if not decided:
            return None
        views = await info.context.loaders.review_decision.load_many(
            [score.id for score in decided if score.id is not None]
        )
        found = [(view, score) for view, score in zip(views, decided, strict=True) if view]
        if not found:
            return None
        view, score = max(found, key=lambda pair: (pair[0].decision.decided_at, pair[1].id))
        return ReviewDecisionType(
            view=view, scorers_outcome=score.outcome, answering_agent_id=score.agent_id
        )


@strawberry.type(
    name="EvalComparison",
    description="This run against an earlier one. Over the same dataset version every case "
    "is the same question; over different versions only the cases both hold at the same "
    "revision are compared, and the note says so.",
)
class EvalComparisonType:
    compared: strawberry.Private[results.RunComparison]
    current: strawberry.Private[results.RunResults]

    @strawberry.field
    async def baseline(self, info: Info) -> EvalRunRef:
        from casebook.graphql.types.evals.eval_run import EvalRunType

        return EvalRunType.from_row(self.compared.baseline)

    @strawberry.field
    def same_version(self) -> bool:
        return self.compared.comparison.same_version

    @strawberry.field
    def note(self) -> str | None:
        return self.compared.comparison.note

    @strawberry.field(description="Cases both runs hold, at the same revision.")
    def compared_cases(self) -> int:
        return self.compared.comparison.compared_cases

    @strawberry.field(description="Pass → fail, in case then agent order.")
    async def regressions(self, info: Info) -> list[EvalCaseResultType]:
        return await self._flips(info, "regression")

    @strawberry.field(description="Fail → pass, in case then agent order.")
    async def improvements(self, info: Info) -> list[EvalCaseResultType]:
        return await self._flips(info, "improvement")

    async def _flips(self, info: Info, kind: FlipKind) -> list[EvalCaseResultType]:
        chosen = results.flipped(self.current, self.compared, kind)
        rows = await results.result_rows(info.context.services, self.current, self.compared, chosen)
        return [EvalCaseResultType.from_row(row) for row in rows]

    @strawberry.field(description="Regressions whose rerun failed again.")
    def confirmed_regressions(self) -> int:
        return self.compared.confirmed_regressions

    @strawberry.field(description="Over the compared results graded in both runs.")
    def pass_rate_before(self) -> float | None:
        return self.compared.comparison.pass_rate_before

    @strawberry.field
    def pass_rate_after(self) -> float | None:
        return self.compared.comparison.pass_rate_after


# -- what EvalRun's fields and the review query call -------------------------------------


async def _visible_run(info: Info, run_id: int) -> EvalRun | None:
    try:
        return await info.context.loaders.eval_run.load(run_id)
    except NotFound:
        return None


async def comparison_with(
    info: Info, run: EvalRun, other_id: int | None
) -> tuple[results.RunResults, results.RunComparison | None]:
    """The run's results and their comparison with ``other_id`` (the baseline when None);
    no comparison when there is none or it is not visible."""
    assert run.id is not None
    current = await info.context.loaders.eval_results.load(run.id)
    wanted = other_id if other_id is not None else run.baseline_run_id
    if wanted is None:
        return current, None
    other = await _visible_run(info, wanted)
    if other is None:
        if other_id is not None:
            raise NotFound("eval run not found")
        return current, None
    if other.dataset_id != run.dataset_id:
        raise BadUserInput.at("with", "names a run of another dataset: nothing to compare")
    assert other.id is not None
    earlier = await info.context.loaders.eval_results.load(other.id)
    return current, results.compare_runs(current, earlier)


async def summary_of(info: Info, run: EvalRun) -> EvalSummaryType:
    assert run.id is not None
    return EvalSummaryType.from_results(await info.context.loaders.eval_results.load(run.id))


def _run_agent_filter(current: results.RunResults, agent_id: relay.GlobalID) -> int:
    """The run's record of the agent ``agentId`` names; -1 (nothing) when it is not one of
    the run's agents."""
    kind = agent_id.type_name if agent_id.type_name == "EvalRunAgent" else "Agent"
    decode_id(agent_id, kind, "agentId")  # a well-formed id of an agent, or refused by name
    for agent in current.agents:
        if agent.id is not None and agent_global_id(agent) == agent_id:
            return agent.id
    return -1


async def _answer_agents(info: Info, current: results.RunResults) -> frozenset[int]:
    """The run's agents whose answers this reader may see, so a search reads only those."""
    agents = [agent for agent in current.agents if agent.id is not None]
    readable = [
        await evidence_readable(info, agent.agent_id) if agent.agent_id is not None else False
        for agent in agents
    ]
    return frozenset(agent.id for agent, ok in zip(agents, readable, strict=True) if agent.id)


async def _filter(
    info: Info,
    current: results.RunResults,
    *,
    agent_id: relay.GlobalID | None,
    outcome: ScoreOutcome | None,
    tag: str | None,
    flipped: bool | None,
    decided: bool | None,
    search: str | None,
) -> results.ResultFilter:
    words = results.check_search(search)
    matched = None
    if words is not None:
        matched = await results.search_matches(
            info.context.services, current, words, await _answer_agents(info, current)
        )
    return results.ResultFilter(
        run_agent_id=_run_agent_filter(current, agent_id) if agent_id is not None else None,
        outcome=outcome.value if outcome is not None else None,
        tag=tag,
        flipped=flipped,
        decided=decided,
        search=words,
        matched=matched,
    )


async def results_of(
    info: Info,
    run: EvalRun,
    *,
    agent_id: relay.GlobalID | None,
    outcome: ScoreOutcome | None,
    tag: str | None,
    flipped: bool | None,
    decided: bool | None = None,
    search: str | None = None,
    first: int,
    after: str | None,
) -> Connection[EvalCaseResultType]:
    current, compared = await comparison_with(info, run, None)
    wanted = await _filter(
        info,
        current,
        agent_id=agent_id,
        outcome=outcome,
        tag=tag,
        flipped=flipped,
        decided=decided,
        search=search,
    )
    page = await results.results_page(
        info.context.services, current, compared, wanted, first=first, after=after
    )
    return Connection.from_page(page, lambda row: EvalCaseResultType.from_row(row))


@strawberry.type(
    name="EvalCaseRow",
    description="One case of the run with every agent's result side by side (one column "
    "per agent, in the run's agent order).",
)
class EvalCaseRowType:
    row: strawberry.Private[results.CaseRowOfAgents]
    case_results: list[EvalCaseResultType] = strawberry.field(
        name="results", description="One per agent of the run, in its agent order."
    )

    @strawberry.field(description="The case at the revision the run answered.")
    async def case(self, info: Info) -> CaseType:
        first = self.row.results[0]
        view = await info.context.loaders.case.load((self.row.case_id, first.dataset_version))
        return CaseType.from_view(view)

    @classmethod
    def from_row(cls, row: results.CaseRowOfAgents) -> "EvalCaseRowType":
        return cls(row=row, case_results=[EvalCaseResultType.from_row(r) for r in row.results])


async def case_rows_of(
    info: Info,
    run: EvalRun,
    *,
    agent_id: relay.GlobalID | None,
    outcome: ScoreOutcome | None,
    tag: str | None,
    flipped: bool | None,
    decided: bool | None,
    search: str | None,
    first: int,
    after: str | None,
) -> Connection[EvalCaseRowType]:
    current, compared = await comparison_with(info, run, None)
    wanted = await _filter(
        info,
        current,
        agent_id=agent_id,
        outcome=outcome,
        tag=tag,
        flipped=flipped,
        decided=decided,
        search=search,
    )
    page = await results.case_rows_page(
        info.context.services, current, compared, wanted, first=first, after=after
    )
    return Connection.from_page(page, EvalCaseRowType.from_row)


@strawberry.type(name="EvalOutcomeCount")
class EvalOutcomeCountType:
    outcome: ScoreOutcome | None = strawberry.field(
        description="Null: not every repetition scored."
    )
    count: int


@strawberry.type(name="EvalAgentCount")
class EvalAgentCountType:
    agent_id: relay.GlobalID
    agent_name: str
    count: int


@strawberry.type(name="EvalTagCount")
class EvalTagCountType:
    tag: str
    count: int


@strawberry.type(
    name="EvalResultCounts",
    description="How many rows of the per-case table each filter's value holds, every other "
    "filter given applied: what a filter would show before it is chosen. total is the "
    "rows all the filters given hold (the results connection's totalCount).",
)
class EvalResultCountsType:
    total: int
    outcomes: list[EvalOutcomeCountType]
    agents: list[EvalAgentCountType]
    tags: list[EvalTagCountType]
    flipped: int
    not_flipped: int
    decided: int
    not_decided: int


async def result_counts_of(
    info: Info,
    run: EvalRun,
    *,
    agent_id: relay.GlobalID | None,
    outcome: ScoreOutcome | None,
    tag: str | None,
    flipped: bool | None,
    decided: bool | None,
    search: str | None,
) -> EvalResultCountsType:
    current, compared = await comparison_with(info, run, None)
    wanted = await _filter(
        info,
        current,
        agent_id=agent_id,
        outcome=outcome,
        tag=tag,
        flipped=flipped,
        decided=decided,
        search=search,
    )
    counts = results.result_counts(current, compared, wanted)
    return EvalResultCountsType(
        total=counts.total,
        outcomes=[
            EvalOutcomeCountType(outcome=outcome_enum(value), count=counts.outcomes.get(value, 0))
            for value in ("pass", "fail", "not_graded", None)
        ],
        agents=[
            EvalAgentCountType(
                agent_id=agent_global_id(agent),
                agent_name=agent.agent_name,
                count=counts.agents.get(agent.id, 0),
            )
            for agent in current.agents
            if agent.id is not None
        ],
        tags=[EvalTagCountType(tag=t, count=n) for t, n in sorted(counts.tags.items())],
        flipped=counts.flipped,
        not_flipped=counts.not_flipped,
        decided=counts.decided,
        not_decided=counts.not_decided,
    )


async def comparison_of(
    info: Info, run: EvalRun, other_id: int | None
) -> EvalComparisonType | None:
    current, compared = await comparison_with(info, run, other_id)
    if compared is None:
        return None
    return EvalComparisonType(compared=compared, current=current)


async def review_candidates_of(info: Info, run: EvalRun) -> list[ScoreType]:
    current, compared = await comparison_with(info, run, None)
    found = await results.review_candidates(info.context.services, current, compared)
    return [ScoreType.from_row(score) for score in found]
