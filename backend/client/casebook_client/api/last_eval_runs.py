from datetime import datetime
from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import EvalRunStatus


class LastEvalRuns(BaseModel):
    eval_runs: "LastEvalRunsEvalRuns" = Field(alias="evalRuns")


class LastEvalRunsEvalRuns(BaseModel):
    edges: list["LastEvalRunsEvalRunsEdges"]


class LastEvalRunsEvalRunsEdges(BaseModel):
    node: "LastEvalRunsEvalRunsEdgesNode"


class LastEvalRunsEvalRunsEdgesNode(BaseModel):
    id: str
    status: EvalRunStatus
    created_at: datetime = Field(alias="createdAt")
    agents: list["LastEvalRunsEvalRunsEdgesNodeAgents"]


class LastEvalRunsEvalRunsEdgesNodeAgents(BaseModel):
    agent_id: str = Field(alias="agentId")
    agent: Optional["LastEvalRunsEvalRunsEdgesNodeAgentsAgent"]


class LastEvalRunsEvalRunsEdgesNodeAgentsAgent(BaseModel):
    id: str


LastEvalRuns.model_rebuild()
LastEvalRunsEvalRuns.model_rebuild()
LastEvalRunsEvalRunsEdges.model_rebuild()
LastEvalRunsEvalRunsEdgesNode.model_rebuild()
LastEvalRunsEvalRunsEdgesNodeAgents.model_rebuild()
