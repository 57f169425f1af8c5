from .base_model import BaseModel
from .fragments import DatasetFields


class GetDataset(BaseModel):
    dataset: "GetDatasetDataset"


GetDatasetDataset = DatasetFields
GetDataset.model_rebuild()
