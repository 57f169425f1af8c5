from datetime import datetime
from typing import Any, Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import AgentKind, EvalRunStatus, EvalWorkPurpose, ScoreOutcome, Visibility


class AgentFields(BaseModel):
    id: str
    name: str
    description: str
    kind: AgentKind
    visibility: Visibility
    latest_version: int = Field(alias="latestVersion")
    current_version: "AgentFieldsCurrentVersion" = Field(alias="currentVersion")


class AgentFieldsCurrentVersion(BaseModel):
    number: int
    label: Optional[str]
    tools: list["AgentFieldsCurrentVersionTools"]


class AgentFieldsCurrentVersionTools(BaseModel):
    name: str
    description: str
    parameters: Optional[Any]
    read_only: bool = Field(alias="readOnly")


class CaseFields(BaseModel):
    id: str
    revision: int
    changed_in_version: int = Field(alias="changedInVersion")
    source: str
    masked: bool
    input: str
    history: list["CaseFieldsHistory"]
    reference_answer: Optional[str] = Field(alias="referenceAnswer")
    counter_example: Optional[str] = Field(alias="counterExample")
    expected_tool_calls: list["CaseFieldsExpectedToolCalls"] = Field(
        alias="expectedToolCalls"
    )
    note: Optional[str]
    tags: list[str]
    reference_verified: bool = Field(alias="referenceVerified")
    anonymised_at: Optional[datetime] = Field(alias="anonymisedAt")


class CaseFieldsHistory(BaseModel):
    role: str
    content: str


class CaseFieldsExpectedToolCalls(BaseModel):
    tool: str
    args: Any


class ComparisonFields(BaseModel):
    baseline: "ComparisonFieldsBaseline"
    same_version: bool = Field(alias="sameVersion")
    note: Optional[str]
    compared_cases: int = Field(alias="comparedCases")
    confirmed_regressions: int = Field(alias="confirmedRegressions")
    pass_rate_before: Optional[float] = Field(alias="passRateBefore")
    pass_rate_after: Optional[float] = Field(alias="passRateAfter")
    regressions: list["ComparisonFieldsRegressions"]
    improvements: list["ComparisonFieldsImprovements"]


class ComparisonFieldsBaseline(BaseModel):
    id: str
    dataset_version: int = Field(alias="datasetVersion")


class ComparisonFieldsRegressions(BaseModel):
    case: "ComparisonFieldsRegressionsCase"
    agent_name: str = Field(alias="agentName")
    confirmed: Optional[bool]


class ComparisonFieldsRegressionsCase(BaseModel):
    id: str
    input: str


class ComparisonFieldsImprovements(BaseModel):
    case: "ComparisonFieldsImprovementsCase"
    agent_name: str = Field(alias="agentName")
    confirmed: Optional[bool]


class ComparisonFieldsImprovementsCase(BaseModel):
    id: str
    input: str


class DatasetFields(BaseModel):
    id: str
    name: str
    description: str
    visibility: Visibility
    latest_version: int = Field(alias="latestVersion")
    case_count: int = Field(alias="caseCount")
    created_at: Optional[datetime] = Field(alias="createdAt")
    updated_at: Optional[datetime] = Field(alias="updatedAt")


class ProgressFields(BaseModel):
    run_id: str = Field(alias="runId")
    status: EvalRunStatus
    status_reason: Optional[str] = Field(alias="statusReason")
    total: int
    answered: int
    scored: int
    passed: int
    failed: int
    not_graded: int = Field(alias="notGraded")
    cost_usd: float = Field(alias="costUsd")
    eta_seconds: Optional[float] = Field(alias="etaSeconds")
    sequence: int


class WorkItemFields(BaseModel):
    id: str
    lease_token: str = Field(alias="leaseToken")
    lease_expires_at: datetime = Field(alias="leaseExpiresAt")
    purpose: EvalWorkPurpose
    repetition: int
    case_id: str = Field(alias="caseId")
    case_revision: int = Field(alias="caseRevision")
    input: str
    history: list["WorkItemFieldsHistory"]
    tags: list[str]
    agent_id: str = Field(alias="agentId")
    agent_name: str = Field(alias="agentName")
    agent_version: int = Field(alias="agentVersion")
    version_label: Optional[str] = Field(alias="versionLabel")
    tools: list["WorkItemFieldsTools"]


class WorkItemFieldsHistory(BaseModel):
    role: str
    content: str


class WorkItemFieldsTools(BaseModel):
    name: str
    description: str
    parameters: Optional[Any]
    read_only: bool = Field(alias="readOnly")


class WorkScoreFields(BaseModel):
    item_id: str = Field(alias="itemId")
    score: "WorkScoreFieldsScore"


class WorkScoreFieldsScore(BaseModel):
    id: str
    outcome: ScoreOutcome
    outcome_reason: Optional[str] = Field(alias="outcomeReason")
    quality: Optional[float]
    latency_ms: Optional[float] = Field(alias="latencyMs")


AgentFields.model_rebuild()
CaseFields.model_rebuild()
ComparisonFields.model_rebuild()
DatasetFields.model_rebuild()
ProgressFields.model_rebuild()
WorkItemFields.model_rebuild()
WorkScoreFields.model_rebuild()
