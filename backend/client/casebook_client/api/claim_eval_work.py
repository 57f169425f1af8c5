from pydantic import Field

from .base_model import BaseModel
from .enums import EvalRunStatus
from .fragments import WorkItemFields


class ClaimEvalWork(BaseModel):
    claim_eval_work: "ClaimEvalWorkClaimEvalWork" = Field(alias="claimEvalWork")


class ClaimEvalWorkClaimEvalWork(BaseModel):
    status: EvalRunStatus
    lease_token: str = Field(alias="leaseToken")
    items: list["ClaimEvalWorkClaimEvalWorkItems"]


ClaimEvalWorkClaimEvalWorkItems = WorkItemFields
ClaimEvalWork.model_rebuild()
ClaimEvalWorkClaimEvalWork.model_rebuild()
