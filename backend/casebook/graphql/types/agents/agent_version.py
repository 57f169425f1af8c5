"""One version of an agent: what it answered with."""

from datetime import datetime

import strawberry

from casebook.domain.agents.model import ModelAgentConfig, WebhookAgentConfig
from casebook.graphql.context import Info
from casebook.graphql.types.agents.enums import AgentKind
from casebook.graphql.types.agents.skill import SkillType
from casebook.graphql.types.agents.tool import ToolType
from casebook.graphql.types.knowledge.knowledge_base import KnowledgeBaseType
from casebook.graphql.types.models.model_connection import ModelConnectionType
from casebook.services.agents import agents, skills
from casebook.services.kernel.errors import NotFound
from casebook.services.kernel.records import AgentVersion
from casebook.services.knowledge import bases


@strawberry.type(
    name="AgentSkills",
    description="The skills a version uses that the reader may view, and how many it may not.",
)
class AgentSkillsType:
    visible: list[SkillType]
    hidden_count: int = strawberry.field(
        description="Skills it uses that you may not view (or that were deleted since)."
    )


@strawberry.type(
    name="AgentKnowledgeBases",
    description="The knowledge bases a version uses that the reader may read, and how many "
    "it may not.",
)
class AgentKnowledgeBasesType:
    visible: list[KnowledgeBaseType]
    hidden_count: int = strawberry.field(
        description="Knowledge bases it uses that you may not read (or that were deleted since)."
    )


@strawberry.type(
    name="AgentVersion",
    description="What an agent answered with. Every change of model, instructions, tools, "
    "skills, knowledge bases or endpoint is a new version, and so is each new label a local "
    "agent's clients give; runs and scores name the version that answered.",
)
class AgentVersionType:
    number: int
    kind: AgentKind
    label: str | None = strawberry.field(
        description="A local agent's: what its client named this version by (a commit, a "
        "branch, a build). Null for other kinds, and for a version made by editing its tools."
    )
    created_at: datetime | None
    row: strawberry.Private[AgentVersion]

    @classmethod
    def from_row(cls, row: AgentVersion) -> "AgentVersionType":
        config = agents.config_of(row)
        return cls(
            number=row.version,
            kind=AgentKind(config.kind),
            label=row.label,
            created_at=row.created_at,
            row=row,
        )

    @strawberry.field(description="The model a model agent calls (null for a webhook agent).")
    def model(self) -> str | None:
        config = agents.config_of(self.row)
        return config.model if isinstance(config, ModelAgentConfig) else None

    @strawberry.field(description="A model agent's saved connection; null when deleted since.")
    async def model_connection(self, info: Info) -> ModelConnectionType | None:
        config = agents.config_of(self.row)
        if not isinstance(config, ModelAgentConfig):
            return None
        try:
            row = await info.context.loaders.model_connection.load(config.connection_id)
        except NotFound:
            return None
        return ModelConnectionType.from_row(row)

    @strawberry.field(description="A model agent's instructions (Markdown); '' for a webhook.")
    def instructions(self) -> str:
        config = agents.config_of(self.row)
        return config.instructions if isinstance(config, ModelAgentConfig) else ""

    @strawberry.field(description="The tools it declares.")
    def tools(self) -> list[ToolType]:
        return [ToolType.from_spec(t) for t in agents.config_of(self.row).tools]

    @strawberry.field(description="A model agent's skills that you may view.")
    async def skills(self, info: Info) -> AgentSkillsType:
        ids = agents.skill_ids_of(agents.config_of(self.row))
        shown, hidden = await skills.visible_skills(info.context.services, ids)
        return AgentSkillsType(visible=[SkillType.from_row(s) for s in shown], hidden_count=hidden)

    @strawberry.field(description="A model agent's knowledge bases that you may read.")
    async def knowledge_bases(self, info: Info) -> AgentKnowledgeBasesType:
        config = agents.config_of(self.row)
        ids = config.knowledge_base_ids if isinstance(config, ModelAgentConfig) else ()
        shown, hidden = await bases.visible_bases(info.context.services, ids)
        return AgentKnowledgeBasesType(
            visible=[KnowledgeBaseType.from_row(b) for b in shown], hidden_count=hidden
        )

    @strawberry.field(description="A webhook agent's endpoint (null for a model agent).")
    def url(self) -> str | None:
        config = agents.config_of(self.row)
        return config.url if isinstance(config, WebhookAgentConfig) else None

    @strawberry.field(description="How long a webhook agent may take to answer, in seconds.")
    def timeout_seconds(self) -> float | None:
        config = agents.config_of(self.row)
        return config.timeout_seconds if isinstance(config, WebhookAgentConfig) else None
