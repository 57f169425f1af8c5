from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import ComparisonFields


class EvalRunComparison(BaseModel):
    eval_run: "EvalRunComparisonEvalRun" = Field(alias="evalRun")


class EvalRunComparisonEvalRun(BaseModel):
    comparison: Optional["EvalRunComparisonEvalRunComparison"]


EvalRunComparisonEvalRunComparison = ComparisonFields
EvalRunComparison.model_rebuild()
EvalRunComparisonEvalRun.model_rebuild()
