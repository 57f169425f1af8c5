"""Creating, configuring, sharing and deleting agents."""

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.domain.access.catalog import GrantLevel, Permission, Visibility
from casebook.domain.agents.validation import ToolDraft
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.agents.agent_version import AgentVersionType
from casebook.graphql.types.agents.skill import SkillType
from casebook.graphql.types.datasets.grant import GrantType
from casebook.graphql.types.identity.user import UserType
from casebook.graphql.types.models.model_connection import ModelConnectionType
from casebook.services.agents import agents, test_request
from casebook.services.agents.agents import (
    AgentWrite,
    LocalAgentDraft,
    ModelAgentDraft,
    WebhookAgentDraft,
)
from casebook.services.kernel import sharing


@strawberry.input(description="A tool an agent declares.")
class ToolInput:
    name: str = strawberry.field(description="1 to 64 letters, digits, _ or -; unique.")
    description: str = ""
    parameters: JSON | None = strawberry.field(
        default=None, description="A JSON Schema of an object: the tool's arguments."
    )
    read_only: bool = strawberry.field(
        default=False,
        description="It only reads. An isolated run never executes a tool that is not.",
    )
    endpoint: str | None = strawberry.field(
        default=None,
        description="A model agent's tool: the https:// address a call is POSTed to (signed "
        "with the agent's secret). Without one a call answers 'not available here'.",
    )


@strawberry.input(description="What a model agent answers with.")
class ModelAgentConfigInput:
    connection_id: relay.GlobalID = strawberry.field(description="A saved ModelConnection.")
    model: str = strawberry.field(description="One of the connection's models.")
    instructions: str = strawberry.field(default="", description="Markdown.")
    tools: list[ToolInput] = strawberry.field(default_factory=list)
    skill_ids: list[relay.GlobalID] = strawberry.field(
        default_factory=list, description="Skills it uses, all of them, when it runs."
    )


@strawberry.input(description="What a webhook agent answers with: its endpoint and tools.")
class WebhookAgentConfigInput:
    url: str = strawberry.field(description="https:// (http only on loopback, for development).")
    tools: list[ToolInput] = strawberry.field(
        default_factory=list, description="Declared tools, sent with every request."
    )
    timeout_seconds: float | None = strawberry.field(
        default=None, description="1 to 120 seconds; 30 by default."
    )


@strawberry.input(
    description="What a local agent declares: the tools its code may call. Its code runs "
    "where its clients are; Casebook never calls it."
)
class LocalAgentConfigInput:
    tools: list[ToolInput] = strawberry.field(
        default_factory=list,
        description="Declared tools, given with each work item. A call of one not declared "
        "read-only must be reported as blocked in an isolated run (every eval run is).",
    )


@strawberry.input
class CreateModelAgentInput:
    name: str
    description: str = ""
    private: bool = strawberry.field(
        default=False, description="Visible to the organization unless started private."
    )
    config: ModelAgentConfigInput


@strawberry.input
class CreateWebhookAgentInput:
    name: str
    description: str = ""
    private: bool = False
    config: WebhookAgentConfigInput


@strawberry.input
class CreateLocalAgentInput:
    name: str
    description: str = ""
    private: bool = False
    config: LocalAgentConfigInput = strawberry.field(
        default_factory=LocalAgentConfigInput,
        description="Its tools; none when left out.",
    )


@strawberry.input
class ConfigureModelAgentInput:
    id: relay.GlobalID
    config: ModelAgentConfigInput


@strawberry.input
class ConfigureWebhookAgentInput:
    id: relay.GlobalID
    config: WebhookAgentConfigInput


@strawberry.input
class ConfigureLocalAgentInput:
    id: relay.GlobalID
    config: LocalAgentConfigInput


@strawberry.input
class UpdateAgentDetailsInput:
    id: relay.GlobalID
    name: str | None = None
    description: str | None = None


@strawberry.type
class AgentPayload:
    agent: AgentType


@strawberry.type
class CreateAgentPayload:
    agent: AgentType
    version: AgentVersionType
    signing_secret: str = strawberry.field(
        description="Shown once: the HMAC-SHA256 key its webhook requests and tool calls are "
        "signed with. Store it where the endpoint can read it."
    )


@strawberry.type
class CreateLocalAgentPayload:
    agent: AgentType
    version: AgentVersionType


@strawberry.type
class ConfigureAgentPayload:
    agent: AgentType
    version: AgentVersionType = strawberry.field(description="The newest version now.")
    new_version: bool = strawberry.field(
        description="False when the configuration was the newest version's already."
    )


@strawberry.type
class RotateAgentSecretPayload:
    agent: AgentType
    signing_secret: str = strawberry.field(description="Shown once; the old one stops at once.")


@strawberry.type
class DeleteAgentPayload:
    deleted_id: relay.GlobalID


@strawberry.type
class AgentGrantPayload:
    grant: GrantType


def _agent_id(value: relay.GlobalID, path: str = "id") -> int:
    return decode_id(value, AgentType, path)


def _tools(tools: list[ToolInput]) -> list[ToolDraft]:
    return [ToolDraft(t.name, t.description, t.parameters, t.read_only, t.endpoint) for t in tools]


def model_draft(config: ModelAgentConfigInput, path: str) -> ModelAgentDraft:
    return ModelAgentDraft(
        connection_id=decode_id(config.connection_id, ModelConnectionType, f"{path}.connectionId"),
        model=config.model,
        instructions=config.instructions,
        tools=_tools(config.tools),
        skill_ids=[
            decode_id(s, SkillType, f"{path}.skillIds.{i}") for i, s in enumerate(config.skill_ids)
        ],
    )


def webhook_draft(config: WebhookAgentConfigInput) -> WebhookAgentDraft:
    return WebhookAgentDraft(config.url, _tools(config.tools), config.timeout_seconds)


def local_draft(config: LocalAgentConfigInput) -> LocalAgentDraft:
    return LocalAgentDraft(_tools(config.tools))


def _created(written: AgentWrite) -> CreateAgentPayload:
    assert written.secret is not None
    return CreateAgentPayload(
        agent=AgentType.from_row(written.agent),
        version=AgentVersionType.from_row(written.version),
        signing_secret=written.secret,
    )


def _configured(written: AgentWrite) -> ConfigureAgentPayload:
    return ConfigureAgentPayload(
        agent=AgentType.from_row(written.agent),
        version=AgentVersionType.from_row(written.version),
        new_version=written.new_version,
    )


@strawberry.type(description="What one test request to a webhook agent found.")
class AgentTestRequestPayload:
    ok: bool = strawberry.field(description="False: no usable answer; error says why.")
    latency_ms: float | None
    answer: str | None = strawberry.field(
        description="Its answer's text, at most 2,000 characters."
    )
    tool_calls: int = strawberry.field(description="How many tool calls it reported.")
    error: str | None


@strawberry.type
class AgentMutations:
    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_RUN),
        description="Send a webhook agent one signed, isolated test question (a fixed one by "
        "default): its answer and latency, or why it failed. Nothing is recorded but an audit "
        "entry; metered as its calls are. Needs agents:run on the agent.",
    )
    async def send_agent_test_request(
        self, info: Info, agent_id: relay.GlobalID, question: str | None = None
    ) -> AgentTestRequestPayload:
        result = await test_request.send_test_request(
            info.context.services, decode_id(agent_id, AgentType, "agentId"), question
        )
        return AgentTestRequestPayload(
            ok=result.ok,
            latency_ms=result.latency_ms,
            answer=result.answer,
            tool_calls=result.tool_calls,
            error=result.error,
        )

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="A model agent, at version 1; its signing secret is shown once.",
    )
    async def create_model_agent(
        self, info: Info, input: CreateModelAgentInput
    ) -> CreateAgentPayload:
        written = await agents.create_agent(
            info.context.services,
            name=input.name,
            description=input.description,
            private=input.private,
            draft=model_draft(input.config, "config"),
        )
        return _created(written)

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="A webhook agent, at version 1; its signing secret is shown once.",
    )
    async def create_webhook_agent(
        self, info: Info, input: CreateWebhookAgentInput
    ) -> CreateAgentPayload:
        written = await agents.create_agent(
            info.context.services,
            name=input.name,
            description=input.description,
            private=input.private,
            draft=webhook_draft(input.config),
        )
        return _created(written)

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="A local agent, at version 1: your own code answers its eval runs' work, "
        "claimed through the Python client, `casebook eval --task/--exec` or the pytest "
        "plugin. No endpoint, no model, no signing secret.",
    )
    async def create_local_agent(
        self, info: Info, input: CreateLocalAgentInput
    ) -> CreateLocalAgentPayload:
        written = await agents.create_agent(
            info.context.services,
            name=input.name,
            description=input.description,
            private=input.private,
            draft=local_draft(input.config),
        )
        return CreateLocalAgentPayload(
            agent=AgentType.from_row(written.agent),
            version=AgentVersionType.from_row(written.version),
        )

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="The tools a local agent declares: a new version when they differ from "
        "the newest one's.",
    )
    async def configure_local_agent(
        self, info: Info, input: ConfigureLocalAgentInput
    ) -> ConfigureAgentPayload:
        written = await agents.configure_agent(
            info.context.services, _agent_id(input.id), local_draft(input.config)
        )
        return _configured(written)

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="The whole configuration of a model agent: a new version when it differs "
        "from the newest one.",
    )
    async def configure_model_agent(
        self, info: Info, input: ConfigureModelAgentInput
    ) -> ConfigureAgentPayload:
        written = await agents.configure_agent(
            info.context.services, _agent_id(input.id), model_draft(input.config, "config")
        )
        return _configured(written)

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="The whole configuration of a webhook agent: a new version when it "
        "differs from the newest one.",
    )
    async def configure_webhook_agent(
        self, info: Info, input: ConfigureWebhookAgentInput
    ) -> ConfigureAgentPayload:
        written = await agents.configure_agent(
            info.context.services, _agent_id(input.id), webhook_draft(input.config)
        )
        return _configured(written)

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="Rename or describe; creates no version.",
    )
    async def update_agent_details(
        self, info: Info, input: UpdateAgentDetailsInput
    ) -> AgentPayload:
        row = await agents.update_details(
            info.context.services,
            _agent_id(input.id),
            name=input.name,
            description=input.description,
        )
        return AgentPayload(agent=AgentType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="A new signing secret, shown once; the old one stops working at once.",
    )
    async def rotate_agent_secret(self, info: Info, id: relay.GlobalID) -> RotateAgentSecretPayload:
        agent, secret = await agents.rotate_secret(info.context.services, _agent_id(id))
        return RotateAgentSecretPayload(agent=AgentType.from_row(agent), signing_secret=secret)

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="Delete an agent with its versions, conversations and runs; cases taken "
        "from them stay, their links cleared.",
    )
    async def delete_agent(self, info: Info, id: relay.GlobalID) -> DeleteAgentPayload:
        await agents.delete_agent(info.context.services, _agent_id(id))
        return DeleteAgentPayload(deleted_id=id)

    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def set_agent_visibility(
        self, info: Info, id: relay.GlobalID, visibility: Visibility
    ) -> AgentPayload:
        row = await sharing.set_visibility(
            info.context.services, agents.KIND, _agent_id(id), visibility.value
        )
        return AgentPayload(agent=AgentType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="Share with a member: read gives agents:view on it, edit also agents:edit.",
    )
    async def share_agent(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID, level: GrantLevel
    ) -> AgentGrantPayload:
        view = await sharing.grant(
            info.context.services,
            agents.KIND,
            _agent_id(id),
            user_id=decode_id(user_id, UserType, "userId"),
            level=level.value,
        )
        return AgentGrantPayload(grant=GrantType.from_view(view))

    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def revoke_agent_grant(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID
    ) -> AgentPayload:
        agent_id = _agent_id(id)
        await sharing.revoke_grant(
            info.context.services,
            agents.KIND,
            agent_id,
            user_id=decode_id(user_id, UserType, "userId"),
        )
        return AgentPayload(
            agent=AgentType.from_row(await agents.get_agent(info.context.services, agent_id))
        )
