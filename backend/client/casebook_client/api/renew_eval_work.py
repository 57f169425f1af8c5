from datetime import datetime
from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class RenewEvalWork(BaseModel):
    renew_eval_work: "RenewEvalWorkRenewEvalWork" = Field(alias="renewEvalWork")


class RenewEvalWorkRenewEvalWork(BaseModel):
    lease_expires_at: Optional[datetime] = Field(alias="leaseExpiresAt")


RenewEvalWork.model_rebuild()
