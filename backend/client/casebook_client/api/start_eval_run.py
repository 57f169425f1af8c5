from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import AgentKind, EvalRunStatus


class StartEvalRun(BaseModel):
    start_eval_run: "StartEvalRunStartEvalRun" = Field(alias="startEvalRun")


class StartEvalRunStartEvalRun(BaseModel):
    id: str
    dataset_version: int = Field(alias="datasetVersion")
    status: EvalRunStatus
    concurrency: int
    repetitions: int
    agents: list["StartEvalRunStartEvalRunAgents"]


class StartEvalRunStartEvalRunAgents(BaseModel):
    agent_id: str = Field(alias="agentId")
    agent_name: str = Field(alias="agentName")
    agent_version: int = Field(alias="agentVersion")
    kind: AgentKind
    version_label: Optional[str] = Field(alias="versionLabel")


StartEvalRun.model_rebuild()
StartEvalRunStartEvalRun.model_rebuild()
