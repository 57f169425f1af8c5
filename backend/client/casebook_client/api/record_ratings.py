from pydantic import Field

from .base_model import BaseModel


class RecordRatings(BaseModel):
    record_ratings: "RecordRatingsRecordRatings" = Field(alias="recordRatings")


class RecordRatingsRecordRatings(BaseModel):
    recorded: int


RecordRatings.model_rebuild()
