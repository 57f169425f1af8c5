from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import CaseFields


class DatasetCases(BaseModel):
    dataset: "DatasetCasesDataset"


class DatasetCasesDataset(BaseModel):
    id: str
    latest_version: int = Field(alias="latestVersion")
    cases: "DatasetCasesDatasetCases"


class DatasetCasesDatasetCases(BaseModel):
    total_count: Optional[int] = Field(alias="totalCount")
    edges: list["DatasetCasesDatasetCasesEdges"]
    page_info: "DatasetCasesDatasetCasesPageInfo" = Field(alias="pageInfo")


class DatasetCasesDatasetCasesEdges(BaseModel):
    node: "DatasetCasesDatasetCasesEdgesNode"


DatasetCasesDatasetCasesEdgesNode = CaseFields


class DatasetCasesDatasetCasesPageInfo(BaseModel):
    has_next_page: bool = Field(alias="hasNextPage")
    end_cursor: Optional[str] = Field(alias="endCursor")


DatasetCases.model_rebuild()
DatasetCasesDataset.model_rebuild()
DatasetCasesDatasetCases.model_rebuild()
DatasetCasesDatasetCasesEdges.model_rebuild()
