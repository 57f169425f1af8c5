"""A score: one answer graded against one case revision.

The outcome, which scorers reached no verdict, the figures and who answered
stay visible to every reader of the dataset. The answer and its tool calls,
and every reason, rule and quote, are grading evidence: null without
``runs:view`` or without access to the answering agent (spec: Access, "Review answers,
reviewer notes and grading evidence"; ``evidence``). So is the structured scorer's
per-field breakdown; its sub-scores, notices and whether it is stale are visible.
Where it stands in review, and a person's decision, which decides ``finalOutcome``,
are in ``review``.
"""

from collections.abc import Awaitable, Iterable
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import holds
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.domain.review.decision import final_outcome
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_optional_id
from casebook.graphql.node_resolution import resolve_batched
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.grading.evidence import EVIDENCE, evidence, evidence_readable
from casebook.graphql.types.grading.judge_grade import CriterionGradeType, JudgePinsType
from casebook.graphql.types.grading.scorer_result import ScorerResultType
from casebook.graphql.types.grading.scoring_settings import ScoringSettingsType
from casebook.graphql.types.grading.structured_result import StructuredResultType
from casebook.services.datasets.case_views import CaseView
from casebook.services.grading.score_records import in_scorer_order
from casebook.services.kernel.errors import NotFound, ServiceError
from casebook.services.kernel.records import Score

if TYPE_CHECKING:
    from casebook.graphql.types.datasets.dataset import DatasetType
    from casebook.graphql.types.evals.eval_run import EvalRunType
    from casebook.graphql.types.review.decision import ScoreReviewType
    from casebook.graphql.types.review.enums import ScoreSourceEnum


@strawberry.enum(name="ScoreOutcome")
class ScoreOutcome(Enum):
    PASS = "pass"
    FAIL = "fail"
    NOT_GRADED = "not_graded"


@strawberry.type(name="MadeToolCall", description="A tool call the agent made.")
class MadeToolCallType:
    name: str
    args: JSON
    blocked: bool = strawberry.field(
        description="An isolated run blocked it; it still counts as a call made."
    )


@strawberry.type(name="Score")
class ScoreType(relay.Node):
    """The values every reader of the dataset sees are set once from the row: a page of
    fifty scores reads them as plain values, not through a resolver each."""

    id: relay.NodeID[int]
    row: strawberry.Private[Score]
    outcome: ScoreOutcome = strawberry.field(
        description="PASS when every Must pass scorer passed, FAIL when one failed, "
        "NOT_GRADED when one reached no verdict."
    )
    not_graded_by: list[str] = strawberry.field(description="The scorers that reached no verdict.")
    quality: float | None = strawberry.field(
        description="The structured scorer's quality, 0 to 1 (the sortable Quality column); "
        "null when it took no part or reached no verdict."
    )
    dataset_version: int = strawberry.field(
        description="The dataset version the case was graded in."
    )
    case_revision: int = strawberry.field(
        description="The case revision the answer was graded against."
    )

    @classmethod
    def from_row(cls, row: Score) -> "ScoreType":
        assert row.id is not None
        return cls(
            id=row.id,
            row=row,
            outcome=ScoreOutcome(row.outcome),
            not_graded_by=list(row.without_verdict),
            quality=row.structured_quality,
            dataset_version=row.dataset_version,
            case_revision=row.case_revision,
        )

    @property
    def answering_agent_id(self) -> int | None:
        return self.row.agent_id

    @strawberry.field(extensions=evidence(), description="Why, scorer by scorer. " + EVIDENCE)
    async def outcome_reason(self) -> str | None:
        return self.row.outcome_reason

    @strawberry.field(
        graphql_type=bool,
        description="Score again grades it anew: some scorer reached no verdict, or its "
        "structured result is stale.",
    )
    def may_score_again(self, info: Info) -> bool | Awaitable[bool]:
        if self.row.without_verdict:
            return True
        return self._stale(info)

    def _stale(self, info: Info) -> bool | Awaitable[bool]:
        """Known without a read when the score has no structured result to go stale: a
        page of fifty such scores then answers it as a value, not as fifty awaited reads."""
        if self.row.structured_config_hash is None:
            return False
        return self._stale_now(info)

    async def _stale_now(self, info: Info) -> bool:
        return bool(await self._stale_reasons(info))

    async def _stale_reasons(self, info: Info) -> list[str]:
        if self.row.structured_config_hash is None:
            return []
        key = (self.row.dataset_id, self.row.case_id)
        now = await info.context.loaders.structured_now.load(key)
        return now.stale_reasons(self.row)

    @strawberry.field(
        graphql_type=bool,
        description="The structured result was computed from a reference or a structured "
        "configuration that has changed since: kept, not deleted, until Score again grades "
        "it anew against the reference and configuration of now. Read, never stored.",
    )
    def stale(self, info: Info) -> bool | Awaitable[bool]:
        return self._stale(info)

    @strawberry.field(
        description="Why it is stale: the reference edited, the configuration changed."
    )
    async def stale_reasons(self, info: Info) -> list[str]:
        return await self._stale_reasons(info)

    @strawberry.field(
        description="The structured scorer's sub-scores and breakdown; null when it took no "
        "part or reached no verdict."
    )
    async def structured(self, info: Info) -> StructuredResultType | None:
        if self.row.structured_quality is None:
            return None
        assert self.row.id is not None
        key = (self.row.dataset_id, self.row.id)
        found = await info.context.loaders.structured_result.load(key)
        if found is None:
            return None
        return StructuredResultType(row=found, answering_agent_id=self.row.agent_id)

    @strawberry.field(
        description="The run key the answer was scored under (scoreAnswer's runKey); null when "
        "it was graded on its own."
    )
    def run_key(self) -> str | None:
        return self.row.run_key

    @strawberry.field(
        description="Which repetition of its case and agent in the run it is: 1, 2, 3..."
    )
    def repetition(self) -> int | None:
        return self.row.repetition

    @strawberry.field
    def results(self) -> list[ScorerResultType]:
        config = self.row.config
        return [
            ScorerResultType.from_json(
                name,
                document,
                bool((config.get(name) or {}).get("must_pass", True)),
                self.row.agent_id,
            )
            for name, document in in_scorer_order(self.row.results)
        ]

    @strawberry.field(description="The judge's grade of each criterion; empty without the judge.")
    def judge_grades(self) -> list[CriterionGradeType]:
        verdict = self.row.verdict or {}
        return [
            CriterionGradeType.from_json(grade, self.row.agent_id)
            for grade in verdict.get("grades") or []
        ]

    @strawberry.field(
        description="Null when the judge took no part; false when its verdict could not be "
        "read or it gave none."
    )
    def judge_verdict_readable(self) -> bool | None:
        return None if self.row.verdict is None else bool(self.row.verdict.get("readable"))

    @strawberry.field
    def pins(self) -> JudgePinsType | None:
        return JudgePinsType.from_json(self.row.pins) if self.row.pins else None

    @strawberry.field(description="The settings this score was computed with.")
    def config(self) -> ScoringSettingsType:
        return ScoringSettingsType(config=read_scoring_config(self.row.config))

    @strawberry.field(
        extensions=evidence(),
        description="The answer as graded: at most 8,000 characters, credentials redacted. "
        + EVIDENCE,
    )
    async def answer(self) -> str | None:
        return self.row.answer_text

    @strawberry.field(description="The answer's length in characters, before it was cut.")
    def answer_chars(self) -> int:
        return self.row.answer_chars

    @strawberry.field(description="The copy kept is the answer's first 8,000 characters.")
    def answer_cut(self) -> bool:
        return self.row.answer_cut

    @strawberry.field(extensions=evidence(), description="Credentials redacted. " + EVIDENCE)
    async def tool_calls(self) -> list[MadeToolCallType] | None:
        return [
            MadeToolCallType(
                name=str(call.get("name", "")),
                args=JSON(call.get("args") or {}),
                blocked=bool(call.get("blocked")),
            )
            for call in self.row.tool_calls
        ]

    @strawberry.field
    def cost_usd(self) -> float | None:
        return self.row.cost_usd

    @strawberry.field
    def latency_ms(self) -> float | None:
        return self.row.latency_ms

    @strawberry.field
    def agent_name(self) -> str | None:
        return self.row.agent_name

    @strawberry.field
    def agent_version(self) -> str | None:
        return self.row.agent_version

    @strawberry.field(
        description="The run of Activity whose answer was graded (Score against a case); null "
        "for an answer sent to scoreAnswer, or once the run was removed."
    )
    def source_run_id(self) -> relay.GlobalID | None:
        run_id = self.row.source_run_id
        return encode_optional_id("Run", run_id)

    @strawberry.field
    def answering_model(self) -> str | None:
        return self.row.answering_model

    @strawberry.field(description="What the judge's run cost, when it was called.")
    def grading_cost_usd(self) -> float | None:
        return self.row.grading_cost_usd

    @strawberry.field
    def warnings(self) -> list[str]:
        if not self.row.judged_on_answering_model:
            return []
        return [
            f"the judge graded on the model that answered ({self.row.answering_model}); "
            "a judge may favour answers like its own"
        ]

    async def _graded_case(self, info: Info) -> CaseView | None:
        try:
            return await info.context.loaders.case.load(
                (self.row.case_id, self.row.dataset_version)
            )
        except NotFound:
            return None

    @strawberry.field(description="The case as it was when graded; null when it is gone.")
    async def case(self, info: Info) -> CaseType | None:
        view = await self._graded_case(info)
        return CaseType.from_view(view) if view is not None else None

    @strawberry.field
    async def dataset(
        self, info: Info
    ) -> Annotated["DatasetType", strawberry.lazy("casebook.graphql.types.datasets.dataset")]:
        from casebook.graphql.types.datasets.dataset import DatasetType

        return DatasetType.from_row(await info.context.loaders.dataset.load(self.row.dataset_id))

    @strawberry.field
    def created_at(self) -> datetime | None:
        return self.row.created_at

    @strawberry.field(description="When Score again last graded it.")
    def rescored_at(self) -> datetime | None:
        return self.row.rescored_at

    @strawberry.field
    def rescore_count(self) -> int:
        return self.row.rescore_count

    # -- review (spec: "Review") ---------------------------------------------------------

    @strawberry.field(description="Where it stands in review, and a person's decision.")
    def review(
        self,
    ) -> Annotated["ScoreReviewType", strawberry.lazy("casebook.graphql.types.review.decision")]:
        from casebook.graphql.types.review.decision import ScoreReviewType

        return ScoreReviewType(row=self.row)

    @strawberry.field(
        description="What the score counts as: the person's decision when one was made, else "
        "outcome (the scorers'). The judge's grades and reasons stay as they were."
    )
    def final_outcome(self) -> ScoreOutcome:
        return ScoreOutcome(final_outcome(self.row.outcome, self.row.decision))

    @strawberry.field(description="Where the graded answer came from.")
    def source(
        self,
    ) -> Annotated["ScoreSourceEnum", strawberry.lazy("casebook.graphql.types.review.enums")]:
        from casebook.graphql.types.review.enums import ScoreSourceEnum

        if self.row.eval_run_id is not None or self.row.eval_item_id is not None:
            return ScoreSourceEnum.EVAL_RUN
        if self.row.source_run_id is not None:
            return ScoreSourceEnum.ACTIVITY_RUN
        return ScoreSourceEnum.API

    @strawberry.field(
        description="The eval run that produced it; null when none, or when you may not read "
        "it (runs:view and the dataset)."
    )
    async def eval_run(
        self, info: Info
    ) -> Annotated["EvalRunType", strawberry.lazy("casebook.graphql.types.evals.eval_run")] | None:
        from casebook.graphql.types.evals.eval_run import EvalRunType

        actor = info.context.actor
        if self.row.eval_run_id is None or actor is None or not holds(actor, Permission.RUNS_VIEW):
            return None
        try:
            run = await info.context.loaders.eval_run.load(self.row.eval_run_id)
        except ServiceError:
            return None
        return EvalRunType.from_row(run)

    @strawberry.field(
        name="answeringAgentId",
        description="The answering agent (an Agent id) when the score records one; null for "
        "an answer given to scoreAnswer with a bare agent name.",
    )
    def answering_agent_global_id(self) -> relay.GlobalID | None:
        agent_id = self.row.agent_id
        return encode_optional_id("Agent", agent_id)

    @strawberry.field(
        description="True when its grading evidence - the answer, tool calls, reasons, rules, "
        "quotes and the reviewer's note - is null for you: you lack runs:view, or access to "
        "the answering agent. The outcome, status and decision stay."
    )
    async def evidence_masked(self, info: Info) -> bool:
        return not await evidence_readable(info, self.row.agent_id)

    @strawberry.field(description="The tags of the case as it was graded.")
    async def case_tags(self, info: Info) -> list[str]:
        view = await self._graded_case(info)
        return list(view.content.tags) if view is not None else []

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_batched(node_ids, required, info.context.loaders.score, cls.from_row)
