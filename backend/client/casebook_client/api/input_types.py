from datetime import datetime
from typing import Any, Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import LengthUnit, RatingValue, StepKind, ToolCallStatus, TurnRole


class CaseInput(BaseModel):
    """A case in the shape of an import row. Fields left out take their empty value when adding, and keep their value when editing."""

    input: Optional[str] = None
    history: Optional[list["TurnInput"]] = None
    reference_answer: Optional[str] = Field(alias="referenceAnswer", default=None)
    counter_example: Optional[str] = Field(alias="counterExample", default=None)
    expected_tool_calls: Optional[list["ExpectedToolCallInput"]] = Field(
        alias="expectedToolCalls", default=None
    )
    order_mode: Optional[str] = Field(alias="orderMode", default=None)
    checks: Optional[list["CheckInput"]] = None
    tags: Optional[list[str]] = None
    note: Optional[str] = None
    reference_verified: Optional[bool] = Field(alias="referenceVerified", default=None)


class CheckInput(BaseModel):
    """A rule about an answer: exactly one member, named after the check's type."""

    contains: Optional["TextCheckInput"] = None
    not_contains: Optional["TextCheckInput"] = Field(alias="notContains", default=None)
    equals: Optional["TextCheckInput"] = None
    regex: Optional["TextCheckInput"] = None
    json_schema: Optional["JsonSchemaCheckInput"] = Field(
        alias="jsonSchema", default=None
    )
    max_cost_usd: Optional["LimitCheckInput"] = Field(alias="maxCostUsd", default=None)
    max_latency_ms: Optional["LimitCheckInput"] = Field(
        alias="maxLatencyMs", default=None
    )
    length: Optional["LengthCheckInput"] = None
    judge: Optional["JudgeCheckInput"] = None


class ConfigureLocalAgentInput(BaseModel):
    id: str
    config: "LocalAgentConfigInput"


class ConversationInput(BaseModel):
    """A conversation, found or created by your id; turns are appended."""

    external_id: str = Field(alias="externalId")
    "Your id for it, unique in the organization."
    agent_id: str = Field(alias="agentId")
    member_id: Optional[str] = Field(alias="memberId", default=None)
    "The member it was with - or name an endUser instead."
    end_user: Optional[str] = Field(alias="endUser", default=None)
    "The end user it was with, as you name them."
    title: Optional[str] = None
    turns: list["ConversationTurnInput"] = Field(default_factory=lambda: [])


class ConversationTurnInput(BaseModel):
    """One turn: a person's question, or the agent's reply with its run."""

    external_id: str = Field(alias="externalId")
    "Your id for it, unique in its conversation: a turn already stored is skipped."
    role: TurnRole
    content: Optional[str] = None
    "The question; for a reply, its text when the run has no TEXT step."
    run: Optional["RunInput"] = None
    "An AGENT turn's run."
    at: Optional[datetime] = None
    "When it was said."


class CreateDatasetInput(BaseModel):
    name: str
    description: str = ""
    private: bool = False
    "Visible to the organization unless started private."


class CreateLocalAgentInput(BaseModel):
    name: str
    description: str = ""
    private: bool = False
    config: "LocalAgentConfigInput" = Field(
        default_factory=lambda: globals()["LocalAgentConfigInput"].model_validate(
            {"tools": []}
        )
    )
    "Its tools; none when left out."


class EvalAnswerInput(BaseModel):
    """The answer to one claimed item: its text and the tool calls made before it, what it cost and took - or the error the answering code failed with, which becomes that item's answer (not graded, the reason kept)."""

    item_id: str = Field(alias="itemId")
    lease_token: str = Field(alias="leaseToken")
    answer: Optional[str] = None
    tool_calls: list["EvalToolCallInput"] = Field(
        alias="toolCalls", default_factory=lambda: []
    )
    "In the order the agent made them, up to 200."
    cost_usd: Optional[float] = Field(alias="costUsd", default=None)
    latency_ms: Optional[float] = Field(alias="latencyMs", default=None)
    model: Optional[str] = None
    input_tokens: Optional[int] = Field(alias="inputTokens", default=None)
    output_tokens: Optional[int] = Field(alias="outputTokens", default=None)
    error: Optional[str] = None
    "The answering code failed on this item: why (2,000 chars)."


class EvalRunInput(BaseModel):
    dataset_id: str = Field(alias="datasetId")
    agent_ids: list[str] = Field(alias="agentIds")
    "1 to 5 agents, compared side by side."
    version: Optional[int] = None
    "The dataset version to answer; the newest when null."
    repetitions: int = 1
    "1 to 10."
    tags: Optional[list[str]] = None
    "Only cases carrying at least one of these tags (up to 50)."
    concurrency: int = 8
    "1 to 64 answers in flight for this run."
    baseline_run_id: Optional[str] = Field(alias="baselineRunId", default=None)
    "An earlier run of the dataset to compare with."
    confirm_flips: int = Field(alias="confirmFlips", default=20)
    "0 to 200 flipped cases rerun before a regression is called confirmed."
    budget_usd: Optional[float] = Field(alias="budgetUsd", default=None)
    "Stop cleanly (FAILED, the reason says the budget) once this is spent."
    version_label: Optional[str] = Field(alias="versionLabel", default=None)
    "The version your code answers with, for the run's local agents: a commit, a branch, a build, 'my-laptop' (1 to 200 characters). A label not seen before becomes the agent's next version, so runs of two commits compare two versions of one agent. Left out: the agent's newest version. Refused when no agent of the run is a local agent."


class EvalToolCallInput(BaseModel):
    """A tool call the agent made."""

    name: str
    arguments: Optional[Any] = None
    "A JSON object."
    status: ToolCallStatus = ToolCallStatus.OK
    "OK: executed. BLOCKED: not executed because the run is isolated - what a call of a tool not declared read-only must be. FAILED: it failed."
    result: Optional[str] = None


class ExpectedToolCallInput(BaseModel):
    tool: str
    args: Optional[Any] = None
    "The arguments that must match; null or left out: none."


class JsonSchemaCheckInput(BaseModel):
    schema_: Any = Field(alias="schema")
    "A JSON Schema, without pattern or patternProperties; $ref inside it only."
    path: Optional[str] = None


class JudgeCheckInput(BaseModel):
    criterion: str


class LengthCheckInput(BaseModel):
    """min, max or both."""

    unit: LengthUnit
    min: Optional[int] = None
    max: Optional[int] = None
    path: Optional[str] = None


class LimitCheckInput(BaseModel):
    """maxCostUsd: at most this many USD; maxLatencyMs: at most this many milliseconds."""

    value: float


class LocalAgentConfigInput(BaseModel):
    """What a local agent declares: the tools its code may call. Its code runs where its clients are; Casebook never calls it."""

    tools: list["ToolInput"] = Field(default_factory=lambda: [])
    "Declared tools, given with each work item. A call of one not declared read-only must be reported as blocked in an isolated run (every eval run is)."


class RatingInput(BaseModel):
    """A rating a person left, recorded by an integrator."""

    run_id: Optional[str] = Field(alias="runId", default=None)
    "The run rated - or name the traceId it was read from."
    trace_id: Optional[str] = Field(alias="traceId", default=None)
    "The OpenTelemetry trace the run was read from (32 hex digits): its newest run, or the run of spanId when given."
    span_id: Optional[str] = Field(alias="spanId", default=None)
    "A span of the trace's run (16 hex digits)."
    value: RatingValue
    comment: Optional[str] = None
    member_id: Optional[str] = Field(alias="memberId", default=None)
    "The member who rated - or name an endUser instead."
    end_user: Optional[str] = Field(alias="endUser", default=None)


class RecordConversationsInput(BaseModel):
    conversations: list["ConversationInput"]
    "At most 1,000 conversations, 10,000 turns and 50,000 steps a request."


class RecordRatingsInput(BaseModel):
    ratings: list["RatingInput"]
    "At most 5,000 a request."


class RunInput(BaseModel):
    """The run that wrote an agent's reply."""

    steps: list["StepInput"] = Field(default_factory=lambda: [])
    "In order: tool calls, then the answer."
    model: Optional[str] = None
    cost_usd: Optional[float] = Field(alias="costUsd", default=None)
    latency_ms: Optional[float] = Field(alias="latencyMs", default=None)
    input_tokens: Optional[int] = Field(alias="inputTokens", default=None)
    output_tokens: Optional[int] = Field(alias="outputTokens", default=None)
    isolated: bool = False
    eval: bool = False
    agent_version: Optional[int] = Field(alias="agentVersion", default=None)
    "The agent version that answered; its newest by default."
    error: Optional[str] = None
    "Why it failed, if it did."
    started_at: Optional[datetime] = Field(alias="startedAt", default=None)


class StepInput(BaseModel):
    """One step of a reply: a tool call, or text."""

    kind: StepKind
    text: Optional[str] = None
    "A TEXT step's text."
    tool_name: Optional[str] = Field(alias="toolName", default=None)
    "A TOOL_CALL's tool."
    arguments: Optional[Any] = None
    "An object."
    status: Optional[ToolCallStatus] = None
    "A TOOL_CALL's status; BLOCKED when an isolated run held it."
    result: Optional[str] = None
    "What the tool answered."


class TextCheckInput(BaseModel):
    """contains, notContains and equals compare the value; regex's value is a pattern of at most 500 characters. Not case sensitive unless caseSensitive is true."""

    value: str
    path: Optional[str] = None
    "Where in a JSON answer, such as items.0.name; left out, the whole answer."
    case_sensitive: Optional[bool] = Field(alias="caseSensitive", default=None)


class ToolInput(BaseModel):
    """A tool an agent declares."""

    name: str
    "1 to 64 letters, digits, _ or -; unique."
    description: str = ""
    parameters: Optional[Any] = None
    "A JSON Schema of an object: the tool's arguments."
    read_only: bool = Field(alias="readOnly", default=False)
    "It only reads. An isolated run never executes a tool that is not."
    endpoint: Optional[str] = None
    "A model agent's tool: the https:// address a call is POSTed to (signed with the agent's secret). Without one a call answers 'not available here'."


class TurnInput(BaseModel):
    role: str
    content: str


CaseInput.model_rebuild()
CheckInput.model_rebuild()
ConfigureLocalAgentInput.model_rebuild()
ConversationInput.model_rebuild()
ConversationTurnInput.model_rebuild()
CreateLocalAgentInput.model_rebuild()
EvalAnswerInput.model_rebuild()
LocalAgentConfigInput.model_rebuild()
RecordConversationsInput.model_rebuild()
RecordRatingsInput.model_rebuild()
RunInput.model_rebuild()
