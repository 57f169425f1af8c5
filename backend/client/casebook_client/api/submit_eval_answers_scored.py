from pydantic import Field

from .base_model import BaseModel
from .fragments import ProgressFields, WorkScoreFields


class SubmitEvalAnswersScored(BaseModel):
    submit_eval_answers: "SubmitEvalAnswersScoredSubmitEvalAnswers" = Field(
        alias="submitEvalAnswers"
    )


class SubmitEvalAnswersScoredSubmitEvalAnswers(BaseModel):
    accepted: list[str]
    refused: list["SubmitEvalAnswersScoredSubmitEvalAnswersRefused"]
    progress: "SubmitEvalAnswersScoredSubmitEvalAnswersProgress"
    scores: list["SubmitEvalAnswersScoredSubmitEvalAnswersScores"]


class SubmitEvalAnswersScoredSubmitEvalAnswersRefused(BaseModel):
    item_id: str = Field(alias="itemId")
    reason: str


SubmitEvalAnswersScoredSubmitEvalAnswersProgress = ProgressFields
SubmitEvalAnswersScoredSubmitEvalAnswersScores = WorkScoreFields
SubmitEvalAnswersScored.model_rebuild()
SubmitEvalAnswersScoredSubmitEvalAnswers.model_rebuild()
