from pydantic import Field

from .base_model import BaseModel
from .fragments import DatasetFields


class CreateDataset(BaseModel):
    create_dataset: "CreateDatasetCreateDataset" = Field(alias="createDataset")


class CreateDatasetCreateDataset(BaseModel):
    dataset: "CreateDatasetCreateDatasetDataset"


CreateDatasetCreateDatasetDataset = DatasetFields
CreateDataset.model_rebuild()
CreateDatasetCreateDataset.model_rebuild()
