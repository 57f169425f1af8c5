from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import EvalRunStatus
from .fragments import WorkScoreFields


class EvalWorkScores(BaseModel):
    eval_run: "EvalWorkScoresEvalRun" = Field(alias="evalRun")


class EvalWorkScoresEvalRun(BaseModel):
    status: EvalRunStatus
    status_reason: Optional[str] = Field(alias="statusReason")
    work_scores: list["EvalWorkScoresEvalRunWorkScores"] = Field(alias="workScores")


EvalWorkScoresEvalRunWorkScores = WorkScoreFields
EvalWorkScores.model_rebuild()
EvalWorkScoresEvalRun.model_rebuild()
