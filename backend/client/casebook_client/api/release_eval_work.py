from pydantic import Field

from .base_model import BaseModel


class ReleaseEvalWork(BaseModel):
    release_eval_work: "ReleaseEvalWorkReleaseEvalWork" = Field(alias="releaseEvalWork")


class ReleaseEvalWorkReleaseEvalWork(BaseModel):
    released: int


ReleaseEvalWork.model_rebuild()
