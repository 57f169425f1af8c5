from pydantic import Field

from .base_model import BaseModel
from .fragments import ProgressFields


class FollowEvalRun(BaseModel):
    eval_run_progress: "FollowEvalRunEvalRunProgress" = Field(alias="evalRunProgress")


FollowEvalRunEvalRunProgress = ProgressFields
FollowEvalRun.model_rebuild()
