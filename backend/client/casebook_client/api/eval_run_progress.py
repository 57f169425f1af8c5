from datetime import datetime
from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import AgentKind
from .fragments import ProgressFields


class EvalRunProgress(BaseModel):
    eval_run: "EvalRunProgressEvalRun" = Field(alias="evalRun")


class EvalRunProgressEvalRun(BaseModel):
    id: str
    concurrency: int
    repetitions: int
    dataset: "EvalRunProgressEvalRunDataset"
    agents: list["EvalRunProgressEvalRunAgents"]
    client_work: Optional["EvalRunProgressEvalRunClientWork"] = Field(
        alias="clientWork"
    )
    progress: "EvalRunProgressEvalRunProgress"


class EvalRunProgressEvalRunDataset(BaseModel):
    id: str
    name: str


class EvalRunProgressEvalRunAgents(BaseModel):
    agent_id: str = Field(alias="agentId")
    agent_name: str = Field(alias="agentName")
    agent_version: int = Field(alias="agentVersion")
    kind: AgentKind
    version_label: Optional[str] = Field(alias="versionLabel")


class EvalRunProgressEvalRunClientWork(BaseModel):
    waiting: int
    held: int
    last_seen_at: Optional[datetime] = Field(alias="lastSeenAt")


EvalRunProgressEvalRunProgress = ProgressFields
EvalRunProgress.model_rebuild()
EvalRunProgressEvalRun.model_rebuild()
