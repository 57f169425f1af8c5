from pydantic import Field

from .base_model import BaseModel
from .fragments import ProgressFields


class SubmitEvalAnswers(BaseModel):
    submit_eval_answers: "SubmitEvalAnswersSubmitEvalAnswers" = Field(
        alias="submitEvalAnswers"
    )


class SubmitEvalAnswersSubmitEvalAnswers(BaseModel):
    accepted: list[str]
    refused: list["SubmitEvalAnswersSubmitEvalAnswersRefused"]
    progress: "SubmitEvalAnswersSubmitEvalAnswersProgress"


class SubmitEvalAnswersSubmitEvalAnswersRefused(BaseModel):
    item_id: str = Field(alias="itemId")
    reason: str


SubmitEvalAnswersSubmitEvalAnswersProgress = ProgressFields
SubmitEvalAnswers.model_rebuild()
SubmitEvalAnswersSubmitEvalAnswers.model_rebuild()
