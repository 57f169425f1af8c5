"""Two runs side by side (``services.evals.run_diff``; the marking is
``domain.evals.run_diff``). The answers' word diff is computed here, on the server, so
every reader - the console, a script, a CI job - marks the same words; its spans are
grading evidence, null when either answer is hidden from the reader."""

from enum import Enum

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.domain.evals.run_diff import pair_tool_calls, scorer_verdicts, word_diff
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_id
from casebook.graphql.types.evals.results import (
    EvalCaseResultType,
    EvalFlipKind,
    comparison_with,
    outcome_enum,
)
from casebook.graphql.types.grading.evidence import EVIDENCE, evidence, evidence_readable
from casebook.graphql.types.grading.score import MadeToolCallType, ScoreOutcome
from casebook.services.evals import run_diff
from casebook.services.kernel.records import EvalRun, Score


@strawberry.enum(name="TextSpanKind")
class TextSpanKind(Enum):
    SAME = "same"
    REMOVED = "removed"
    ADDED = "added"


@strawberry.type(
    name="TextSpan",
    description="A stretch of text kept, removed (only before) or added (only now); the "
    "spans SAME and REMOVED give the text before exactly, SAME and ADDED the text now.",
)
class TextSpanType:
    kind: TextSpanKind
    text: str


def _call(call: dict[str, object] | None) -> MadeToolCallType | None:
    if call is None:
        return None
    return MadeToolCallType(
        name=str(call.get("name", "")),
        args=JSON(call.get("args") or {}),
        blocked=bool(call.get("blocked")),
    )


@strawberry.type(
    name="EvalToolCallPair",
    description="The n-th tool call before beside the n-th now; null where that side made no "
    "n-th call. same: the tool and its arguments are equal.",
)
class EvalToolCallPairType:
    position: int
    before: MadeToolCallType | None
    now: MadeToolCallType | None
    same: bool


@strawberry.type(name="EvalScorerVerdicts", description="One scorer's verdict before and now.")
class EvalScorerVerdictsType:
    scorer: str
    before: ScoreOutcome | None = strawberry.field(description="Null: no verdict from it there.")
    now: ScoreOutcome | None
    changed: bool


@strawberry.type(
    name="EvalCaseDiff",
    description="One (case, agent) both runs answered at the same revision: its result before "
    "(the other run) and now (this run), each by what it counts as (a person's decision "
    "when one was made). The answers compared are each side's answer shown (medianScore).",
)
class EvalCaseDiffType:
    row: strawberry.Private[run_diff.RunDiffRow]

    @property
    def answering_agent_id(self) -> int | None:
        shown = self.row.now.shown
        return shown.agent_id if shown is not None else self.row.now.agent.agent_id

    @strawberry.field
    def case_id(self) -> relay.GlobalID:
        return encode_id("Case", self.row.case_id)

    @strawberry.field(description="This run's result.")
    def now(self) -> EvalCaseResultType:
        return EvalCaseResultType.from_row(self.row.now)

    @strawberry.field(description="The other run's result.")
    def before(self) -> EvalCaseResultType:
        return EvalCaseResultType.from_row(self.row.before)

    @strawberry.field(description="Null when it did not flip.")
    def flip(self) -> EvalFlipKind | None:
        kind = self.row.compared.flip
        return EvalFlipKind(kind) if kind is not None else None

    @strawberry.field
    def outcome_before(self) -> ScoreOutcome | None:
        return outcome_enum(self.row.compared.before)

    @strawberry.field
    def outcome_now(self) -> ScoreOutcome | None:
        return outcome_enum(self.row.compared.after)

    @strawberry.field(description="Each scorer's verdict before and now, by scorer name.")
    def scorers(self) -> list[EvalScorerVerdictsType]:
        return [
            EvalScorerVerdictsType(
                scorer=v.scorer,
                before=outcome_enum(v.before),
                now=outcome_enum(v.now),
                changed=v.changed,
            )
            for v in scorer_verdicts(self.row.before.result, self.row.now.result)
        ]

    async def _both_readable(self, info: Info) -> tuple[Score, Score] | None:
        before, now = self.row.before.shown, self.row.now.shown
        if before is None or now is None:
            return None
        if not await evidence_readable(info, before.agent_id):
            return None
        return before, now

    @strawberry.field(
        extensions=evidence(),
        description="The answer before and the answer now, word by word. "
        + EVIDENCE
        + " Null as well when either side's answer is hidden from you, or missing.",
    )
    async def answer_diff(self, info: Info) -> list[TextSpanType] | None:
        both = await self._both_readable(info)
        if both is None:
            return None
        before, now = both
        return [
            TextSpanType(kind=TextSpanKind(span.kind), text=span.text)
            for span in word_diff(before.answer_text or "", now.answer_text or "")
        ]

    @strawberry.field(
        extensions=evidence(),
        description="The tool calls compared call by call, by position. "
        + EVIDENCE
        + " Null as well when either side's is hidden from you, or missing.",
    )
    async def tool_calls(self, info: Info) -> list[EvalToolCallPairType] | None:
        both = await self._both_readable(info)
        if both is None:
            return None
        before, now = both
        return [
            EvalToolCallPairType(
                position=pair.position,
                before=_call(dict(pair.before) if pair.before is not None else None),
                now=_call(dict(pair.now) if pair.now is not None else None),
                same=pair.same,
            )
            for pair in pair_tool_calls(before.tool_calls, now.tool_calls)
        ]


async def run_diff_of(
    info: Info,
    run: EvalRun,
    other_id: int | None,
    *,
    flipped: bool | None,
    first: int,
    after: str | None,
) -> Connection[EvalCaseDiffType] | None:
    current, compared = await comparison_with(info, run, other_id)
    if compared is None:
        return None
    assert compared.baseline.id is not None
    other = await info.context.loaders.eval_results.load(compared.baseline.id)
    page = await run_diff.run_diff_page(
        info.context.services, current, other, compared, flipped=flipped, first=first, after=after
    )
    return Connection.from_page(page, lambda row: EvalCaseDiffType(row=row))
