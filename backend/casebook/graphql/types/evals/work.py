"""A local agent's eval run work as its clients see it: items claimed, answers submitted."""

from datetime import datetime
from enum import Enum

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.domain.evals.client_answers import SubmittedAnswer, SubmittedCall
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id, encode_id
from casebook.graphql.types.activity.enums import ToolCallStatus
from casebook.graphql.types.agents.tool import ToolType
from casebook.graphql.types.evals.enums import EvalRunStatus
from casebook.graphql.types.evals.progress import EvalProgressType
from casebook.graphql.types.grading.score import ScoreType
from casebook.services.evals import client_work
from casebook.services.evals.channels import progress_payload
from casebook.services.evals.client_work import ClaimedWork, Refusal, Submitted, WorkItem

WORK_ITEM = "EvalWorkItem"


@strawberry.enum(name="EvalWorkPurpose", description="Why an item is asked.")
class EvalWorkPurpose(Enum):
    ANSWER = strawberry.enum_value("answer", description="An answer of the run (a repetition).")
    CONFIRM = strawberry.enum_value(
        "confirm", description="A rerun of a case that flipped against the baseline."
    )


@strawberry.type(name="EvalWorkTurn", description="An earlier turn of the case's conversation.")
class EvalWorkTurnType:
    role: str = strawberry.field(description='"user" or "assistant".')
    content: str


@strawberry.type(
    name="EvalWorkItem",
    description="One question to answer, as the run pinned it: the case revision's question "
    "and earlier turns, the agent version's tools. The reference, checks and note are not "
    "given: the answer is graded on the server.",
)
class EvalWorkItemType:
    id: relay.GlobalID = strawberry.field(description="Submit its answer with this id.")
    lease_token: str = strawberry.field(
        description="Its claim's: submit, renew and release with it."
    )
    lease_expires_at: datetime = strawberry.field(
        description="Renew before then (renewEvalWork), or another claim takes it over."
    )
    purpose: EvalWorkPurpose
    repetition: int = strawberry.field(description="1 to the run's repetitions.")
    case_id: relay.GlobalID
    case_revision: int
    input: str = strawberry.field(description="The question.")
    history: list[EvalWorkTurnType] = strawberry.field(
        description="The conversation before the question, oldest first."
    )
    tags: list[str]
    agent_id: relay.GlobalID
    agent_name: str
    agent_version: int
    version_label: str | None
    tools: list[ToolType] = strawberry.field(
        description="The tools the agent version declares. Every eval run is isolated: a "
        "call of a tool not declared read-only must not be executed and is reported BLOCKED."
    )

    @classmethod
    def from_item(cls, work: WorkItem) -> "EvalWorkItemType":
        item, agent = work.item, work.agent
        assert item.id is not None and item.lease_expires_at is not None
        return cls(
            id=encode_id(WORK_ITEM, item.id),
            lease_token=item.lease_owner or "",
            lease_expires_at=item.lease_expires_at,
            purpose=EvalWorkPurpose(item.purpose),
            repetition=item.repetition,
            case_id=encode_id("Case", item.case_id),
            case_revision=work.revision,
            input=work.content.input,
            history=[
                EvalWorkTurnType(role=t.role, content=t.content) for t in work.content.history
            ],
            tags=list(work.content.tags),
            agent_id=encode_id("Agent", agent.agent_id or 0),
            agent_name=agent.agent_name,
            agent_version=agent.agent_version,
            version_label=agent.version_label,
            tools=[ToolType.from_spec(tool) for tool in work.tools],
        )


@strawberry.type(
    name="EvalWorkClaim",
    description="What a claim handed out: up to the number asked, leased to this claim.",
)
class EvalWorkClaimType:
    status: EvalRunStatus = strawberry.field(
        description="The run's status as the claim ended. Nothing more is handed out once it "
        "is FINISHED, FAILED or CANCELLED."
    )
    lease_token: str = strawberry.field(description="This claim's, on each of its items too.")
    items: list[EvalWorkItemType] = strawberry.field(
        description="Empty when nothing was free: the run's other items are held by other "
        "claims, answered, or being graded. Ask again (with waitSeconds) until the run ends: "
        "confirmation reruns come once every answer is graded."
    )

    @classmethod
    def from_claim(cls, claimed: ClaimedWork) -> "EvalWorkClaimType":
        return cls(
            status=EvalRunStatus(claimed.status),
            lease_token=claimed.lease_token,
            items=[EvalWorkItemType.from_item(item) for item in claimed.items],
        )


@strawberry.input(name="EvalToolCallInput", description="A tool call the agent made.")
class EvalToolCallInput:
    name: str
    arguments: JSON | None = strawberry.field(default=None, description="A JSON object.")
    status: ToolCallStatus = strawberry.field(
        default=ToolCallStatus.OK,
        description="OK: executed. BLOCKED: not executed because the run is isolated - what a "
        "call of a tool not declared read-only must be. FAILED: it failed.",
    )
    result: str | None = None

    def call(self) -> SubmittedCall:
        return SubmittedCall(self.name, self.arguments, self.status.value, self.result)


@strawberry.input(
    name="EvalAnswerInput",
    description="The answer to one claimed item: its text and the tool calls made before "
    "it, what it cost and took - or the error the answering code failed with, which becomes "
    "that item's answer (not graded, the reason kept).",
)
class EvalAnswerInput:
    item_id: relay.GlobalID
    lease_token: str
    answer: str | None = None
    tool_calls: list[EvalToolCallInput] = strawberry.field(
        default_factory=list, description="In the order the agent made them, up to 200."
    )
    cost_usd: float | None = None
    latency_ms: float | None = None
    model: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    error: str | None = strawberry.field(
        default=None, description="The answering code failed on this item: why (2,000 chars)."
    )

    def submitted(self, path: str) -> SubmittedAnswer:
        return SubmittedAnswer(
            item_id=decode_id(self.item_id, WORK_ITEM, f"{path}.itemId"),
            lease_token=self.lease_token,
            answer=self.answer,
            tool_calls=tuple(call.call() for call in self.tool_calls),
            cost_usd=self.cost_usd,
            latency_ms=self.latency_ms,
            model=self.model,
            input_tokens=self.input_tokens,
            output_tokens=self.output_tokens,
            error=self.error,
        )


@strawberry.type(name="EvalAnswerRefusal", description="An answer that was not stored, and why.")
class EvalAnswerRefusalType:
    item_id: relay.GlobalID
    reason: str

    @classmethod
    def from_refusal(cls, refusal: Refusal) -> "EvalAnswerRefusalType":
        return cls(item_id=encode_id(WORK_ITEM, refusal.item_id), reason=refusal.reason)


@strawberry.type(name="EvalWorkScore", description="What one answered item scored.")
class EvalWorkScoreType:
    item_id: relay.GlobalID
    score_id: strawberry.Private[int]

    @strawberry.field
    async def score(self, info: Info) -> ScoreType:
        return ScoreType.from_row(await info.context.loaders.score.load(self.score_id))


async def work_scores_of(info: Info, run_id: int, item_ids: list[int]) -> list[EvalWorkScoreType]:
    found = await client_work.work_scores(info.context.services, run_id, item_ids)
    return [
        EvalWorkScoreType(item_id=encode_id(WORK_ITEM, item_id), score_id=score_id)
        for item_id, score_id in found
    ]


@strawberry.type(name="SubmitEvalAnswersPayload")
class SubmitEvalAnswersPayload:
    accepted: list[relay.GlobalID] = strawberry.field(
        description="Items whose answer is stored (also one stored already by the same claim)."
    )
    refused: list[EvalAnswerRefusalType] = strawberry.field(
        description="Answers not stored, each with the reason; nothing of them changed."
    )
    progress: EvalProgressType
    claimed: EvalWorkClaimType | None = strawberry.field(
        description="The next items, when claimNext asked for some and the run goes on."
    )
    run_id: strawberry.Private[int]
    accepted_ids: strawberry.Private[list[int]]

    @strawberry.field(
        description="The accepted answers graded already (those no model grades are graded as "
        "they are stored); the others are graded by the run's worker - read them later with "
        "EvalRun.workScores."
    )
    async def scores(self, info: Info) -> list[EvalWorkScoreType]:
        return await work_scores_of(info, self.run_id, self.accepted_ids)

    @classmethod
    def from_submitted(cls, submitted: Submitted) -> "SubmitEvalAnswersPayload":
        assert submitted.run.id is not None
        return cls(
            accepted=[encode_id(WORK_ITEM, i) for i in submitted.accepted],
            refused=[EvalAnswerRefusalType.from_refusal(r) for r in submitted.refused],
            progress=EvalProgressType.from_payload(progress_payload(submitted.run)),
            claimed=EvalWorkClaimType.from_claim(submitted.claimed)
            if submitted.claimed is not None
            else None,
            run_id=submitted.run.id,
            accepted_ids=submitted.accepted,
        )


@strawberry.type(name="RenewEvalWorkPayload")
class RenewEvalWorkPayload:
    lease_expires_at: datetime | None = strawberry.field(
        description="When the renewed leases now run out; null when these claims hold nothing "
        "unanswered any more."
    )


@strawberry.type(name="ReleaseEvalWorkPayload")
class ReleaseEvalWorkPayload:
    released: int = strawberry.field(
        description="Items given back unanswered, for another claim to take at once."
    )
