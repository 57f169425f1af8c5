"""Recording Activity for integrators: conversations, turns and runs, ratings - in batches,
idempotent by the integrator's own ids."""

from datetime import datetime

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.domain.access.catalog import Permission
from casebook.domain.activity.ingestion import ConversationDraft, RunDraft, StepDraft, TurnDraft
from casebook.graphql.bulk_inputs import bulk_input
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id, encode_id, encode_optional_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.activity.conversation import ConversationType
from casebook.graphql.types.activity.enums import RatingValue, StepKind, ToolCallStatus, TurnRole
from casebook.graphql.types.activity.message import MessageType
from casebook.graphql.types.activity.run import RunType
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.identity.user import UserType
from casebook.services.activity import ingestion, ratings
from casebook.services.activity.ingestion import RecordedConversation
from casebook.services.activity.ratings import RatingDraft


@bulk_input
@strawberry.input(description="One step of a reply: a tool call, or text.")
class StepInput:
    kind: StepKind
    text: str | None = strawberry.field(default=None, description="A TEXT step's text.")
    tool_name: str | None = strawberry.field(default=None, description="A TOOL_CALL's tool.")
    arguments: JSON | None = strawberry.field(default=None, description="An object.")
    status: ToolCallStatus | None = strawberry.field(
        default=None, description="A TOOL_CALL's status; BLOCKED when an isolated run held it."
    )
    result: str | None = strawberry.field(default=None, description="What the tool answered.")


@bulk_input
@strawberry.input(description="The run that wrote an agent's reply.")
class RunInput:
    steps: list[StepInput] = strawberry.field(
        default_factory=list, description="In order: tool calls, then the answer."
    )
    model: str | None = None
    cost_usd: float | None = None
    latency_ms: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    isolated: bool = False
    eval: bool = False
    agent_version: int | None = strawberry.field(
        default=None, description="The agent version that answered; its newest by default."
    )
    error: str | None = strawberry.field(default=None, description="Why it failed, if it did.")
    started_at: datetime | None = None


@bulk_input
@strawberry.input(description="One turn: a person's question, or the agent's reply with its run.")
class ConversationTurnInput:
    external_id: str = strawberry.field(
        description="Your id for it, unique in its conversation: a turn already stored is skipped."
    )
    role: TurnRole
    content: str | None = strawberry.field(
        default=None,
        description="The question; for a reply, its text when the run has no TEXT step.",
    )
    run: RunInput | None = strawberry.field(default=None, description="An AGENT turn's run.")
    at: datetime | None = strawberry.field(default=None, description="When it was said.")


@bulk_input
@strawberry.input(description="A conversation, found or created by your id; turns are appended.")
class ConversationInput:
    external_id: str = strawberry.field(description="Your id for it, unique in the organization.")
    agent_id: relay.GlobalID
    member_id: relay.GlobalID | None = strawberry.field(
        default=None, description="The member it was with - or name an endUser instead."
    )
    end_user: str | None = strawberry.field(
        default=None, description="The end user it was with, as you name them."
    )
    title: str | None = None
    turns: list[ConversationTurnInput] = strawberry.field(default_factory=list)


@bulk_input
@strawberry.input
class RecordConversationsInput:
    conversations: list[ConversationInput] = strawberry.field(
        description="At most 1,000 conversations, 10,000 turns and 50,000 steps a request."
    )


@bulk_input
@strawberry.input
class AppendTurnsInput:
    conversation_id: relay.GlobalID
    turns: list[ConversationTurnInput]


@strawberry.input(description="A rating a person left, recorded by an integrator.")
class RatingInput:
    run_id: relay.GlobalID | None = strawberry.field(
        default=None, description="The run rated - or name the traceId it was read from."
    )
    trace_id: str | None = strawberry.field(
        default=None,
        description="The OpenTelemetry trace the run was read from (32 hex digits): its "
        "newest run, or the run of spanId when given.",
    )
    span_id: str | None = strawberry.field(
        default=None, description="A span of the trace's run (16 hex digits)."
    )
    value: RatingValue
    comment: str | None = None
    member_id: relay.GlobalID | None = strawberry.field(
        default=None, description="The member who rated - or name an endUser instead."
    )
    end_user: str | None = None


@strawberry.input
class RecordRatingsInput:
    ratings: list[RatingInput] = strawberry.field(description="At most 5,000 a request.")


@strawberry.type(name="RecordedTurn")
class RecordedTurnType:
    external_id: str
    message_id: relay.GlobalID
    run_id: relay.GlobalID | None
    stored: bool = strawberry.field(description="False: it was stored before and was skipped.")


@strawberry.type(name="RecordedConversation")
class RecordedConversationType:
    external_id: str | None
    conversation_id: relay.GlobalID
    created: bool
    turns_stored: int
    turns: list[RecordedTurnType]

    @classmethod
    def from_result(cls, result: RecordedConversation) -> "RecordedConversationType":
        return cls(
            external_id=result.external_id,
            conversation_id=encode_id(ConversationType, result.conversation_id),
            created=result.created,
            turns_stored=result.turns_stored,
            turns=[
                RecordedTurnType(
                    external_id=t.external_id,
                    message_id=encode_id(MessageType, t.message_id),
                    run_id=encode_optional_id(RunType, t.run_id),
                    stored=t.stored,
                )
                for t in result.turns
            ],
        )


@strawberry.type
class RecordConversationsPayload:
    conversations: list[RecordedConversationType]


@strawberry.type
class AppendTurnsPayload:
    conversation: RecordedConversationType


@strawberry.type
class RecordRatingsPayload:
    recorded: int


def _run(run: RunInput | None) -> RunDraft | None:
    if run is None:
        return None
    return RunDraft(
        steps=[
            StepDraft(
                s.kind.value,
                s.text,
                s.tool_name,
                s.arguments,
                s.status.value if s.status else None,
                s.result,
            )
            for s in run.steps
        ],
        model=run.model,
        cost_usd=run.cost_usd,
        latency_ms=run.latency_ms,
        input_tokens=run.input_tokens,
        output_tokens=run.output_tokens,
        isolated=run.isolated,
        eval=run.eval,
        agent_version=run.agent_version,
        error=run.error,
        started_at=run.started_at,
    )


def turn_drafts(turns: list[ConversationTurnInput]) -> list[TurnDraft]:
    return [TurnDraft(t.external_id, t.role.value, t.content, _run(t.run), t.at) for t in turns]


def _conversation(given: ConversationInput, path: str) -> ConversationDraft:
    return ConversationDraft(
        external_id=given.external_id,
        agent_id=decode_id(given.agent_id, AgentType, f"{path}.agentId"),
        member_user_id=decode_id(given.member_id, UserType, f"{path}.memberId")
        if given.member_id
        else None,
        end_user=given.end_user,
        title=given.title,
        turns=turn_drafts(given.turns),
    )


@strawberry.type
class ActivityMutations:
    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.AGENTS_RUN]),
        description="Record conversations with their turns and runs: each is found or created "
        "by its externalId, and turns it already holds are skipped, so sending the same "
        "batch twice stores it once. All or nothing; needs agents:run on each agent.",
    )
    async def record_conversations(
        self, info: Info, input: RecordConversationsInput
    ) -> RecordConversationsPayload:
        drafts = [_conversation(c, f"conversations.{i}") for i, c in enumerate(input.conversations)]
        results = await ingestion.record_conversations(info.context.services, drafts)
        return RecordConversationsPayload(
            conversations=[RecordedConversationType.from_result(r) for r in results]
        )

    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.AGENTS_RUN]),
        description="Append turns to a conversation by its id; turns it already holds (by "
        "externalId) are skipped.",
    )
    async def append_turns(self, info: Info, input: AppendTurnsInput) -> AppendTurnsPayload:
        result = await ingestion.append_turns(
            info.context.services,
            decode_id(input.conversation_id, ConversationType, "conversationId"),
            turn_drafts(input.turns),
        )
        return AppendTurnsPayload(conversation=RecordedConversationType.from_result(result))

    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.AGENTS_RUN]),
        description="Record ratings people left; one per person and run, so the same rating "
        "twice is stored once and a changed one replaces it.",
    )
    async def record_ratings(self, info: Info, input: RecordRatingsInput) -> RecordRatingsPayload:
        drafts = [
            RatingDraft(
                run_id=decode_id(r.run_id, RunType, f"ratings.{i}.runId") if r.run_id else None,
                value=r.value.value,
                comment=r.comment,
                member_user_id=decode_id(r.member_id, UserType, f"ratings.{i}.memberId")
                if r.member_id
                else None,
                end_user=r.end_user,
                trace_id=r.trace_id,
                span_id=r.span_id,
            )
            for i, r in enumerate(input.ratings)
        ]
        return RecordRatingsPayload(
            recorded=await ratings.record_ratings(info.context.services, drafts)
        )
