from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import EvalRunStatus


class CancelEvalRun(BaseModel):
    cancel_eval_run: "CancelEvalRunCancelEvalRun" = Field(alias="cancelEvalRun")


class CancelEvalRunCancelEvalRun(BaseModel):
    id: str
    status: EvalRunStatus
    status_reason: Optional[str] = Field(alias="statusReason")


CancelEvalRun.model_rebuild()
