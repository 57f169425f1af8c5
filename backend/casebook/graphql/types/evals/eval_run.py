"""An eval run: one dataset version answered by its agents and graded, with its progress.

Results, the summary and the comparison with a baseline are further fields of this type
(their own module adds them)."""

from collections.abc import Iterable
from datetime import datetime
from typing import Annotated, Any

import strawberry
from strawberry import relay

from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.node_resolution import resolve_batched
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.agents.enums import AgentKind
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.evals.enums import EvalRunStatus
from casebook.graphql.types.evals.progress import EvalProgressType
from casebook.graphql.types.evals.results import (
    EvalCaseResultType,
    EvalCaseRowType,
    EvalComparisonType,
    EvalResultCountsType,
    EvalSummaryType,
    agent_global_id,
    case_rows_of,
    comparison_of,
    result_counts_of,
    results_of,
    summary_of,
)
from casebook.graphql.types.evals.run_diff import EvalCaseDiffType, run_diff_of
from casebook.graphql.types.evals.work import WORK_ITEM, EvalWorkScoreType, work_scores_of
from casebook.graphql.types.grading.score import ScoreOutcome
from casebook.services.evals.channels import progress_payload
from casebook.services.kernel.errors import NotFound
from casebook.services.kernel.records import EvalRun, EvalRunAgent


@strawberry.type(
    name="EvalRunAgent",
    description="An agent an eval run compares, at the version it started with.",
)
class EvalRunAgentType:
    stored_agent_id: strawberry.Private[int | None]
    agent_id: relay.GlobalID = strawberry.field(
        description="The ID this run's summary and results name the agent by, and "
        "results(agentId:) takes: the Agent's, or once it is deleted, the run's record of it.",
    )
    agent_name: str
    agent_version: int
    kind: AgentKind = strawberry.field(
        description="Who answered: LOCAL when your own code did, through Casebook's clients."
    )
    version_label: str | None = strawberry.field(
        description="A local agent's: the label its client named the version by (a commit, a "
        "branch)."
    )

    @strawberry.field(description="Null once the agent is deleted, or when you may not view it.")
    async def agent(self, info: Info) -> AgentType | None:
        if self.stored_agent_id is None:
            return None
        try:
            return AgentType.from_row(await info.context.loaders.agent.load(self.stored_agent_id))
        except NotFound:
            return None

    @classmethod
    def from_row(cls, row: EvalRunAgent) -> "EvalRunAgentType":
        return cls(
            stored_agent_id=row.agent_id,
            agent_id=agent_global_id(row),
            agent_name=row.agent_name,
            agent_version=row.agent_version,
            kind=AgentKind(row.agent_kind),
            version_label=row.version_label,
        )


@strawberry.type(
    name="EvalClientWork",
    description="A local agent's part of a run: its work waits for your code to claim it "
    "(the Python client, `casebook eval --task/--exec`, the pytest plugin).",
)
class EvalClientWorkType:
    waiting: int = strawberry.field(
        description="Items no client holds: not claimed yet, or whose claim's lease ran out."
    )
    held: int = strawberry.field(description="Items a client's claim holds now.")
    last_seen_at: datetime | None = strawberry.field(
        description="When a client last claimed or answered (to a few seconds); null: never."
    )


@strawberry.type(
    name="EvalRun",
    description="Every case of one dataset version answered by one or more agents (side by "
    "side), graded with the configuration the run started with. Needs runs:view, and "
    "datasets:view on the dataset to read.",
)
class EvalRunType(relay.Node):
    id: relay.NodeID[int]
    dataset_id: strawberry.Private[int]
    dataset_version: int = strawberry.field(description="The version it answers, pinned.")
    status: EvalRunStatus
    status_reason: str | None = strawberry.field(
        description="Why it FAILED or was CANCELLED (a spent budget, cancelled by whom, an "
        "agent deleted…)."
    )
    repetitions: int
    tags: list[str] | None = strawberry.field(
        description="Only cases carrying at least one of these tags; null: every case."
    )
    concurrency: int = strawberry.field(description="Answers in flight at once for this run.")
    budget_usd: float | None = strawberry.field(
        description="It stops (FAILED, with the reason) once agents and judge cost this much."
    )
    confirm_flips: int = strawberry.field(
        description="Flipped cases rerun before a regression is called confirmed."
    )
    cases: int = strawberry.field(description="Cases it answers.")
    anonymised_left_out: int = strawberry.field(
        description="Cases marked anonymised after erasure, left out."
    )
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    baseline_run_id: strawberry.Private[int | None]
    started_by_user_id: strawberry.Private[int | None]
    row: strawberry.Private[EvalRun]

    @classmethod
    def from_row(cls, row: EvalRun) -> "EvalRunType":
        assert row.id is not None and row.created_at is not None
        return cls(
            id=row.id,
            dataset_id=row.dataset_id,
            dataset_version=row.dataset_version,
            status=EvalRunStatus(row.status),
            status_reason=row.status_reason,
            repetitions=row.repetitions,
            tags=list(row.tags) if row.tags is not None else None,
            concurrency=row.concurrency,
            budget_usd=row.budget_usd,
            confirm_flips=row.confirm_flips,
            cases=row.cases,
            anonymised_left_out=row.anonymised_left_out,
            created_at=row.created_at,
            started_at=row.started_at,
            finished_at=row.finished_at,
            baseline_run_id=row.baseline_run_id,
            started_by_user_id=row.started_by_user_id,
            row=row,
        )

    @strawberry.field(description="The dataset it answers.")
    async def dataset(self, info: Info) -> DatasetType:
        return DatasetType.from_row(await info.context.loaders.dataset.load(self.dataset_id))

    @strawberry.field(description="The agents it compares, in the order they were chosen.")
    async def agents(self, info: Info) -> list[EvalRunAgentType]:
        rows = await info.context.loaders.eval_run_agents.load(self.id)
        return [EvalRunAgentType.from_row(r) for r in rows]

    @strawberry.field(
        description="The earlier run it compares with; null when none or not visible."
    )
    async def baseline(self, info: Info) -> "EvalRunType | None":
        if self.baseline_run_id is None:
            return None
        try:
            return EvalRunType.from_row(
                await info.context.loaders.eval_run.load(self.baseline_run_id)
            )
        except NotFound:
            return None

    @strawberry.field(description="The name of the member who started it.")
    async def started_by(self, info: Info) -> str | None:
        if self.started_by_user_id is None:
            return None
        user = await info.context.loaders.member.load(self.started_by_user_id)
        return user.name if user is not None else None

    @strawberry.field(
        description="Its local agents' work waiting for clients; null when none of its agents "
        "is a local agent."
    )
    async def client_work(self, info: Info) -> EvalClientWorkType | None:
        found = await info.context.loaders.eval_client_work.load(self.row)
        if found is None:
            return None
        return EvalClientWorkType(
            waiting=found.waiting, held=found.held, last_seen_at=found.last_seen_at
        )

    @strawberry.field(
        description="What these work items (a client's, by their ids) scored, for those graded "
        "so far; up to 500 ids."
    )
    async def work_scores(
        self, info: Info, item_ids: list[relay.GlobalID]
    ) -> list[EvalWorkScoreType]:
        ids = [decode_id(i, WORK_ITEM, f"itemIds.{n}") for n, i in enumerate(item_ids)]
        return await work_scores_of(info, self.id, ids)

    @strawberry.field(description="Its progress as the database holds it now.")
    def progress(self) -> EvalProgressType:
        return EvalProgressType.from_payload(progress_payload(self.row))

    @strawberry.field(
        description="Pass rates per agent, per scorer and per tag; cost; latency p50/p95; "
        "structured quality."
    )
    async def summary(self, info: Info) -> EvalSummaryType:
        return await summary_of(info, self.row)

    @strawberry.field(
        description="The per-case table: one row per case and agent, repetitions folded, in "
        "case then agent order. The filters combine. outcome: what the result counts as "
        "(a person's decision when one was made). flipped: only (or never) the cases that "
        "flipped against the baseline. decided: only (or never) results a person decided. "
        "search: words in the question, or in the answer of an agent whose answers you may "
        "see, case-insensitive (up to 200 characters). first: the page size, up to 100."
    )
    async def results(
        self,
        info: Info,
        agent_id: relay.GlobalID | None = None,
        outcome: ScoreOutcome | None = None,
        tag: str | None = None,
        flipped: bool | None = None,
        decided: bool | None = None,
        search: str | None = None,
        first: int = 50,
        after: str | None = None,
    ) -> Connection[EvalCaseResultType]:
        return await results_of(
            info,
            self.row,
            agent_id=agent_id,
            outcome=outcome,
            tag=tag,
            flipped=flipped,
            decided=decided,
            search=search,
            first=first,
            after=after,
        )

    @strawberry.field(
        description="The per-case table with a column per agent: one row per case, every "
        "agent's result beside the others, in case order. A case is listed when one of its "
        "results holds the filters (the same as results'); totalCount counts cases."
    )
    async def case_rows(
        self,
        info: Info,
        agent_id: relay.GlobalID | None = None,
        outcome: ScoreOutcome | None = None,
        tag: str | None = None,
        flipped: bool | None = None,
        decided: bool | None = None,
        search: str | None = None,
        first: int = 50,
        after: str | None = None,
    ) -> Connection[EvalCaseRowType]:
        return await case_rows_of(
            info,
            self.row,
            agent_id=agent_id,
            outcome=outcome,
            tag=tag,
            flipped=flipped,
            decided=decided,
            search=search,
            first=first,
            after=after,
        )

    @strawberry.field(
        description="The count per filter of the per-case table (results), with the same "
        "filters: each value counted with every other filter given applied."
    )
    async def result_counts(
        self,
        info: Info,
        agent_id: relay.GlobalID | None = None,
        outcome: ScoreOutcome | None = None,
        tag: str | None = None,
        flipped: bool | None = None,
        decided: bool | None = None,
        search: str | None = None,
    ) -> EvalResultCountsType:
        return await result_counts_of(
            info,
            self.row,
            agent_id=agent_id,
            outcome=outcome,
            tag=tag,
            flipped=flipped,
            decided=decided,
            search=search,
        )

    @strawberry.field(
        description="This run against an earlier run of its dataset: the baseline when `with` "
        "is null. Null when there is no baseline, or it is not yours to see."
    )
    async def comparison(
        self,
        info: Info,
        with_: Annotated[relay.GlobalID | None, strawberry.argument(name="with")] = None,
    ) -> EvalComparisonType | None:
        other = decode_id(with_, EvalRunType, "with") if with_ is not None else None
        return await comparison_of(info, self.row, other)

    @strawberry.field(
        description="This run and another run of its dataset side by side, case by case: the "
        "baseline when `with` is null. For each (case, agent) both answered at the same "
        "revision, the result before and now, the answers word by word, the tool calls call "
        "by call and each scorer's verdict. flipped: only (or never) the flips. Null when "
        "there is no run to compare with, or it is not yours to see."
    )
    async def diff(
        self,
        info: Info,
        with_: Annotated[relay.GlobalID | None, strawberry.argument(name="with")] = None,
        flipped: bool | None = None,
        first: int = 50,
        after: str | None = None,
    ) -> Connection[EvalCaseDiffType] | None:
        other = decode_id(with_, EvalRunType, "with") if with_ is not None else None
        return await run_diff_of(info, self.row, other, flipped=flipped, first=first, after=after)

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_batched(
            node_ids, required, info.context.loaders.eval_run, cls.from_row
        )
