from datetime import datetime
from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import EvalFlipKind, ReviewDecisionOutcome, ScoreOutcome


class EvalRunResults(BaseModel):
    eval_run: "EvalRunResultsEvalRun" = Field(alias="evalRun")


class EvalRunResultsEvalRun(BaseModel):
    results: "EvalRunResultsEvalRunResults"


class EvalRunResultsEvalRunResults(BaseModel):
    page_info: "EvalRunResultsEvalRunResultsPageInfo" = Field(alias="pageInfo")
    edges: list["EvalRunResultsEvalRunResultsEdges"]


class EvalRunResultsEvalRunResultsPageInfo(BaseModel):
    has_next_page: bool = Field(alias="hasNextPage")
    end_cursor: Optional[str] = Field(alias="endCursor")


class EvalRunResultsEvalRunResultsEdges(BaseModel):
    node: "EvalRunResultsEvalRunResultsEdgesNode"


class EvalRunResultsEvalRunResultsEdgesNode(BaseModel):
    case: "EvalRunResultsEvalRunResultsEdgesNodeCase"
    agent_id: str = Field(alias="agentId")
    agent_name: str = Field(alias="agentName")
    outcome: Optional[ScoreOutcome]
    scorers_outcome: Optional[ScoreOutcome] = Field(alias="scorersOutcome")
    decision: Optional["EvalRunResultsEvalRunResultsEdgesNodeDecision"]
    flip: Optional[EvalFlipKind]
    confirmed: Optional[bool]
    quality_mean: Optional[float] = Field(alias="qualityMean")
    median_score: Optional["EvalRunResultsEvalRunResultsEdgesNodeMedianScore"] = Field(
        alias="medianScore"
    )
    scores: list["EvalRunResultsEvalRunResultsEdgesNodeScores"]


class EvalRunResultsEvalRunResultsEdgesNodeCase(BaseModel):
    id: str
    input: str
    tags: list[str]


class EvalRunResultsEvalRunResultsEdgesNodeDecision(BaseModel):
    outcome: ReviewDecisionOutcome
    decided_by: Optional[str] = Field(alias="decidedBy")
    decided_at: datetime = Field(alias="decidedAt")


class EvalRunResultsEvalRunResultsEdgesNodeMedianScore(BaseModel):
    id: str
    outcome_reason: Optional[str] = Field(alias="outcomeReason")
    latency_ms: Optional[float] = Field(alias="latencyMs")


class EvalRunResultsEvalRunResultsEdgesNodeScores(BaseModel):
    latency_ms: Optional[float] = Field(alias="latencyMs")


EvalRunResults.model_rebuild()
EvalRunResultsEvalRun.model_rebuild()
EvalRunResultsEvalRunResults.model_rebuild()
EvalRunResultsEvalRunResultsEdges.model_rebuild()
EvalRunResultsEvalRunResultsEdgesNode.model_rebuild()
