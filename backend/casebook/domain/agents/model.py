"""What an agent version answers with (DESIGN: "Surroundings" - Agents, "Agents that run
elsewhere").

A version's configuration is one of three kinds. A *model agent* names a saved
model connection and model, Markdown instructions, tools, skills and knowledge
bases; Casebook calls the model and runs the tool loop. A *webhook agent* names
an HTTPS endpoint that receives the conversation and returns the reply. A *local
agent* is answered by the team's own code wherever it runs (a laptop, a CI runner):
Casebook never calls it; its clients claim an eval run's work and submit the
answers, and each version carries the label the client named it by (a commit, a
branch). All declare their tools, each with a JSON Schema for its arguments and a
**read-only** flag: in an isolated run a tool that is not read-only is never
executed.
"""

from dataclasses import dataclass
from typing import Literal, get_args

from casebook.domain.jsonvalue import JSONObject

AgentKind = Literal["model", "webhook", "local"]
AGENT_KINDS: tuple[str, ...] = get_args(AgentKind)


@dataclass(frozen=True, slots=True)
class ToolSpec:
    name: str
    description: str = ""
    # A JSON Schema (an object schema) for the tool's arguments.
    parameters: JSONObject | None = None
    read_only: bool = False
    # Where a model agent's call of this tool is executed; None: "not available here".
    endpoint: str | None = None

    def to_json(self) -> JSONObject:
        return {
            "name": self.name,
            "description": self.description,
            "parameters": self.parameters,
            "read_only": self.read_only,
            "endpoint": self.endpoint,
        }


@dataclass(frozen=True, slots=True)
class ModelAgentConfig:
    connection_id: int
    model: str
    instructions: str = ""
    tools: tuple[ToolSpec, ...] = ()
    skill_ids: tuple[int, ...] = ()
    knowledge_base_ids: tuple[int, ...] = ()
    kind: Literal["model"] = "model"


@dataclass(frozen=True, slots=True)
class WebhookAgentConfig:
    url: str
    tools: tuple[ToolSpec, ...] = ()
    timeout_seconds: float = 30.0
    kind: Literal["webhook"] = "webhook"


@dataclass(frozen=True, slots=True)
class LocalAgentConfig:
    tools: tuple[ToolSpec, ...] = ()
    kind: Literal["local"] = "local"


AgentConfig = ModelAgentConfig | WebhookAgentConfig | LocalAgentConfig


CLIENT_ANSWERED_KINDS: tuple[str, ...] = ("local",)


def answered_by_clients(kind: str) -> bool:
    """Whether Casebook leaves the answers of this kind of agent to its clients: it cannot
    call the code itself, so an eval run's work items wait to be claimed."""
    return kind in CLIENT_ANSWERED_KINDS


def tool_named(config: AgentConfig, name: str) -> ToolSpec | None:
    return next((tool for tool in config.tools if tool.name == name), None)


def read_only_tools(config: AgentConfig) -> frozenset[str]:
    return frozenset(tool.name for tool in config.tools if tool.read_only)


def config_to_json(config: AgentConfig) -> JSONObject:
    tools: list[JSONObject] = [tool.to_json() for tool in config.tools]
    if isinstance(config, ModelAgentConfig):
        return {
            "kind": "model",
            "connection_id": config.connection_id,
            "model": config.model,
            "instructions": config.instructions,
            "tools": list(tools),
            "skill_ids": list(config.skill_ids),
            "knowledge_base_ids": list(config.knowledge_base_ids),
        }
    if isinstance(config, LocalAgentConfig):
        return {"kind": "local", "tools": list(tools)}
    return {
        "kind": "webhook",
        "url": config.url,
        "tools": list(tools),
        "timeout_seconds": config.timeout_seconds,
    }


def _tool_from_json(stored: JSONObject) -> ToolSpec:
    parameters = stored.get("parameters")
    endpoint = stored.get("endpoint")
    return ToolSpec(
        name=str(stored["name"]),
        description=str(stored.get("description") or ""),
        parameters=parameters if isinstance(parameters, dict) else None,
        read_only=bool(stored.get("read_only", False)),
        endpoint=endpoint if isinstance(endpoint, str) else None,
    )


def _ints(value: object) -> tuple[int, ...]:
    return tuple(int(v) for v in value if isinstance(v, int)) if isinstance(value, list) else ()


def config_from_json(stored: JSONObject) -> AgentConfig:
    """A stored configuration, validated when it was written, read back as it is."""
    raw_tools = stored.get("tools")
    tools = tuple(
        _tool_from_json(t)
        for t in (raw_tools if isinstance(raw_tools, list) else ())
        if isinstance(t, dict)
    )
    if stored.get("kind") == "local":
        return LocalAgentConfig(tools=tools)
    if stored.get("kind") == "webhook":
        timeout = stored.get("timeout_seconds")
        return WebhookAgentConfig(
            url=str(stored["url"]),
            tools=tools,
            timeout_seconds=float(timeout) if isinstance(timeout, int | float) else 30.0,
        )
    connection = stored.get("connection_id")
    return ModelAgentConfig(
        connection_id=connection if isinstance(connection, int) else 0,
        model=str(stored.get("model") or ""),
        instructions=str(stored.get("instructions") or ""),
        tools=tools,
        skill_ids=_ints(stored.get("skill_ids")),
        knowledge_base_ids=_ints(stored.get("knowledge_base_ids")),
    )
