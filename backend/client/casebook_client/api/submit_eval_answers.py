from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import EvalRunStatus
from .fragments import ProgressFields, WorkItemFields


class SubmitEvalAnswers(BaseModel):
    submit_eval_answers: "SubmitEvalAnswersSubmitEvalAnswers" = Field(
        alias="submitEvalAnswers"
    )


class SubmitEvalAnswersSubmitEvalAnswers(BaseModel):
    accepted: list[str]
    refused: list["SubmitEvalAnswersSubmitEvalAnswersRefused"]
    progress: "SubmitEvalAnswersSubmitEvalAnswersProgress"
    claimed: Optional["SubmitEvalAnswersSubmitEvalAnswersClaimed"]


class SubmitEvalAnswersSubmitEvalAnswersRefused(BaseModel):
    item_id: str = Field(alias="itemId")
    reason: str


SubmitEvalAnswersSubmitEvalAnswersProgress = ProgressFields


class SubmitEvalAnswersSubmitEvalAnswersClaimed(BaseModel):
    status: EvalRunStatus
    lease_token: str = Field(alias="leaseToken")
    items: list["SubmitEvalAnswersSubmitEvalAnswersClaimedItems"]


SubmitEvalAnswersSubmitEvalAnswersClaimedItems = WorkItemFields
SubmitEvalAnswers.model_rebuild()
SubmitEvalAnswersSubmitEvalAnswers.model_rebuild()
SubmitEvalAnswersSubmitEvalAnswersClaimed.model_rebuild()
