"""A work item as the task sees it: the case's question and earlier turns, its tags, which
repetition it is and why it is asked, the tools the agent version declares, and which
version answers."""

from dataclasses import dataclass
from typing import Any

from casebook_client.api.fragments import WorkItemFields

ANSWER, CONFIRM = "answer", "confirm"


@dataclass(frozen=True, slots=True)
class Turn:
    role: str
    content: str


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    description: str
    parameters: Any
    read_only: bool


@dataclass(frozen=True, slots=True)
class EvalCase:
    """What to answer. Every eval run is isolated: a tool that is not ``read_only`` must not
    be executed; report its call with status ``"blocked"`` (``may_execute`` says which)."""

    input: str
    history: tuple[Turn, ...]
    tags: tuple[str, ...]
    case_id: str
    case_revision: int
    repetition: int
    purpose: str  # "answer", or "confirm": a rerun of a case that flipped against the baseline
    tools: tuple[Tool, ...]
    agent_id: str
    agent_name: str
    agent_version: int
    version_label: str | None
    item_id: str

    def tool(self, name: str) -> Tool | None:
        return next((tool for tool in self.tools if tool.name == name), None)

    def may_execute(self, name: str) -> bool:
        """Whether a call of this tool may run: only a tool declared read-only may."""
        tool = self.tool(name)
        return tool is not None and tool.read_only

    @classmethod
    def from_item(cls, item: WorkItemFields) -> "EvalCase":
        return cls(
            input=item.input,
            history=tuple(Turn(t.role, t.content) for t in item.history),
            tags=tuple(item.tags),
            case_id=item.case_id,
            case_revision=item.case_revision,
            repetition=item.repetition,
            purpose=item.purpose.value.lower(),
            tools=tuple(Tool(t.name, t.description, t.parameters, t.read_only) for t in item.tools),
            agent_id=item.agent_id,
            agent_name=item.agent_name,
            agent_version=item.agent_version,
            version_label=item.version_label,
            item_id=item.id,
        )

    def to_json(self) -> dict[str, Any]:
        """The case as ``casebook eval --exec`` writes it to a child's stdin (one line)."""
        return {
            "itemId": self.item_id,
            "caseId": self.case_id,
            "caseRevision": self.case_revision,
            "input": self.input,
            "history": [{"role": t.role, "content": t.content} for t in self.history],
            "tags": list(self.tags),
            "repetition": self.repetition,
            "purpose": self.purpose,
            "tools": [
                {
                    "name": t.name,
                    "description": t.description,
                    "parameters": t.parameters,
                    "readOnly": t.read_only,
                }
                for t in self.tools
            ],
            "agentId": self.agent_id,
            "agentName": self.agent_name,
            "agentVersion": self.agent_version,
            "versionLabel": self.version_label,
        }
