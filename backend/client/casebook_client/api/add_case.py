from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import CaseFields


class AddCase(BaseModel):
    add_case: "AddCaseAddCase" = Field(alias="addCase")


class AddCaseAddCase(BaseModel):
    version: int
    case: Optional["AddCaseAddCaseCase"]


AddCaseAddCaseCase = CaseFields
AddCase.model_rebuild()
AddCaseAddCase.model_rebuild()
