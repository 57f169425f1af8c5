"""A run: one reply of an agent, with its steps, figures, flags and ratings."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.graphql.context import Info
from casebook.graphql.ids import encode_id
from casebook.graphql.node_resolution import resolve_each
from casebook.graphql.types.activity.case_draft import CaseDraftType
from casebook.graphql.types.activity.conversation import ConversationType
from casebook.graphql.types.activity.enums import RunStatus
from casebook.graphql.types.activity.message import MessageType
from casebook.graphql.types.activity.rating import RatingType
from casebook.graphql.types.activity.run_step import RunStepType
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.agents.agent_version import AgentVersionType
from casebook.services.activity import case_from_message, runs
from casebook.services.activity.runs import RunView
from casebook.services.kernel.errors import BadUserInput, NotFound


@strawberry.type(name="RatingSummary")
class RatingSummaryType:
    up: int
    down: int


@strawberry.type(
    name="Run",
    description="One reply of an agent to a question: its steps (tool calls with arguments "
    "and status, then the answer), cost, latency, model, the agent version that answered, "
    "and whether it ran isolated or as an eval.",
)
class RunType(relay.Node):
    id: relay.NodeID[int]
    view: strawberry.Private[RunView]

    @classmethod
    def from_view(cls, view: RunView) -> "RunType":
        assert view.run.id is not None
        return cls(id=view.run.id, view=view)

    @strawberry.field(description="The question it answered; null when none came before it.")
    def question(self) -> str | None:
        return self.view.question

    @strawberry.field(description="The whole reply: the text of every text step, in order.")
    def answer(self) -> str:
        return self.view.answer

    @strawberry.field
    def status(self) -> RunStatus:
        return RunStatus(self.view.run.status)

    @strawberry.field(description="Why it failed, when it did.")
    def error(self) -> str | None:
        return self.view.run.error

    @strawberry.field(description="The model that answered, as reported.")
    def model(self) -> str | None:
        return self.view.run.model

    @strawberry.field
    def cost_usd(self) -> float | None:
        return self.view.run.cost_usd

    @strawberry.field
    def latency_ms(self) -> float | None:
        return self.view.run.latency_ms

    @strawberry.field
    def input_tokens(self) -> int | None:
        value = self.view.run.input_tokens
        return value if value is None or value < 2**31 else None

    @strawberry.field
    def output_tokens(self) -> int | None:
        value = self.view.run.output_tokens
        return value if value is None or value < 2**31 else None

    @strawberry.field(description="Writes were blocked: tools not declared read-only never ran.")
    def isolated(self) -> bool:
        return self.view.run.isolated

    @strawberry.field(description="It answered a test (an eval run), not a person.")
    def eval(self) -> bool:
        return self.view.run.eval

    @strawberry.field(description="False when no step was kept: there is no answer to grade.")
    def has_transcript(self) -> bool:
        return self.view.run.has_transcript

    @strawberry.field
    def started_at(self) -> datetime | None:
        return self.view.run.started_at

    @strawberry.field(
        description="The OpenTelemetry trace it was read from (32 hex digits); null when it "
        "was not read from spans."
    )
    def trace_id(self) -> str | None:
        return self.view.run.trace_id

    @strawberry.field(description="The span of the turn it was read from (16 hex digits).")
    def span_id(self) -> str | None:
        return self.view.run.span_id

    @strawberry.field(
        description="What its spans said that no other field holds: the resource's "
        "attributes and each span's unmapped attributes and events (docs/otlp.md)."
    )
    def attributes(self) -> JSON | None:
        held = self.view.run.attributes
        return JSON(held) if held is not None else None

    @strawberry.field(description="The agent's name, even when you may not view the agent.")
    def agent_name(self) -> str:
        return self.view.agent_name

    @strawberry.field(description="The number of the agent version that answered.")
    def agent_version_number(self) -> int | None:
        return self.view.run.agent_version

    @strawberry.field(description="The agent that answered; null when you may not view it.")
    async def agent(self, info: Info) -> AgentType | None:
        try:
            row = await info.context.loaders.agent.load(self.view.run.agent_id)
        except NotFound:
            return None
        return AgentType.from_row(row)

    @strawberry.field(description="The version that answered; null when you may not view it.")
    async def agent_version(self, info: Info) -> AgentVersionType | None:
        number = self.view.run.agent_version
        if number is None or await self.agent(info) is None:
            return None
        found = await info.context.loaders.agent_version.load((self.view.run.agent_id, number))
        return AgentVersionType.from_row(found) if found is not None else None

    @strawberry.field(description="Its steps in order: tool calls, then the answer.")
    async def steps(self, info: Info) -> list[RunStepType]:
        return [RunStepType.from_row(s) for s in await info.context.loaders.run_steps.load(self.id)]

    @strawberry.field(description="Ratings, newest first.")
    async def ratings(self, info: Info) -> list[RatingType]:
        return [
            RatingType.from_row(r) for r in await info.context.loaders.run_ratings.load(self.id)
        ]

    @strawberry.field(description="How many thumbs up and down.")
    async def rating_summary(self, info: Info) -> RatingSummaryType:
        rows = await info.context.loaders.run_ratings.load(self.id)
        return RatingSummaryType(
            up=sum(1 for r in rows if r.value == "up"),
            down=sum(1 for r in rows if r.value == "down"),
        )

    @strawberry.field(description="Your own rating of it, if any.")
    async def viewer_rating(self, info: Info) -> RatingType | None:
        actor = info.context.actor
        for row in await info.context.loaders.run_ratings.load(self.id):
            if actor is not None and row.rater_user_id == actor.user_id:
                return RatingType.from_row(row)
        return None

    @strawberry.field(description="The reply, as a message of its conversation.")
    async def message(self, info: Info) -> MessageType:
        found = await info.context.loaders.message.load(self.view.run.message_id)
        assert found is not None
        return MessageType.from_row(found)

    @strawberry.field(description="The question it answered, as a message.")
    async def question_message(self, info: Info) -> MessageType | None:
        question_id = self.view.run.question_message_id
        found = (
            await info.context.loaders.message.load(question_id)
            if question_id is not None
            else None
        )
        return MessageType.from_row(found) if found is not None else None

    @strawberry.field(description="The global id of the reply message (Add to dataset takes it).")
    def message_id(self) -> relay.GlobalID:
        return encode_id(MessageType, self.view.run.message_id)

    @strawberry.field(
        description="The case Add to dataset would make of this reply, for its dialog; null "
        "when the reply answers no question."
    )
    async def case_draft(self, info: Info) -> CaseDraftType | None:
        try:
            source = await case_from_message.case_draft(info.context.services, self.id)
        except BadUserInput:
            return None
        return CaseDraftType(source=source)

    @strawberry.field
    async def conversation(self, info: Info) -> ConversationType:
        found = await info.context.loaders.conversation.load(self.view.run.conversation_id)
        assert found is not None
        return ConversationType.from_row(found)

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_each(node_ids, required, lambda i: _run(info, i))


async def _run(info: Info, run_id: int) -> RunType:
    return RunType.from_view(await runs.get_run(info.context.services, run_id))
