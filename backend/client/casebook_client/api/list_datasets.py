from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import DatasetFields


class ListDatasets(BaseModel):
    datasets: "ListDatasetsDatasets"


class ListDatasetsDatasets(BaseModel):
    edges: list["ListDatasetsDatasetsEdges"]
    page_info: "ListDatasetsDatasetsPageInfo" = Field(alias="pageInfo")


class ListDatasetsDatasetsEdges(BaseModel):
    node: "ListDatasetsDatasetsEdgesNode"


ListDatasetsDatasetsEdgesNode = DatasetFields


class ListDatasetsDatasetsPageInfo(BaseModel):
    has_next_page: bool = Field(alias="hasNextPage")
    end_cursor: Optional[str] = Field(alias="endCursor")


ListDatasets.model_rebuild()
ListDatasetsDatasets.model_rebuild()
ListDatasetsDatasetsEdges.model_rebuild()
