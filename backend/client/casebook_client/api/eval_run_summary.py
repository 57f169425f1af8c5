from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import AgentKind, EvalRunStatus
from .fragments import ComparisonFields, ProgressFields


class EvalRunSummary(BaseModel):
    eval_run: "EvalRunSummaryEvalRun" = Field(alias="evalRun")


class EvalRunSummaryEvalRun(BaseModel):
    id: str
    dataset_version: int = Field(alias="datasetVersion")
    status: EvalRunStatus
    status_reason: Optional[str] = Field(alias="statusReason")
    dataset: "EvalRunSummaryEvalRunDataset"
    agents: list["EvalRunSummaryEvalRunAgents"]
    progress: "EvalRunSummaryEvalRunProgress"
    summary: "EvalRunSummaryEvalRunSummary"
    comparison: Optional["EvalRunSummaryEvalRunComparison"]


class EvalRunSummaryEvalRunDataset(BaseModel):
    id: str
    name: str


class EvalRunSummaryEvalRunAgents(BaseModel):
    agent_id: str = Field(alias="agentId")
    agent_name: str = Field(alias="agentName")
    agent_version: int = Field(alias="agentVersion")
    kind: AgentKind
    version_label: Optional[str] = Field(alias="versionLabel")


EvalRunSummaryEvalRunProgress = ProgressFields


class EvalRunSummaryEvalRunSummary(BaseModel):
    agents: list["EvalRunSummaryEvalRunSummaryAgents"]


class EvalRunSummaryEvalRunSummaryAgents(BaseModel):
    agent_id: str = Field(alias="agentId")
    agent_name: str = Field(alias="agentName")
    agent_version: int = Field(alias="agentVersion")
    passed: int
    failed: int
    not_graded: int = Field(alias="notGraded")
    pass_rate: Optional[float] = Field(alias="passRate")
    cost_usd: float = Field(alias="costUsd")
    latency_p_50_ms: Optional[float] = Field(alias="latencyP50Ms")
    latency_p_95_ms: Optional[float] = Field(alias="latencyP95Ms")
    quality_mean: Optional[float] = Field(alias="qualityMean")
    quality_min: Optional[float] = Field(alias="qualityMin")
    quality_max: Optional[float] = Field(alias="qualityMax")


EvalRunSummaryEvalRunComparison = ComparisonFields
EvalRunSummary.model_rebuild()
EvalRunSummaryEvalRun.model_rebuild()
EvalRunSummaryEvalRunSummary.model_rebuild()
