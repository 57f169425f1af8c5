"""Datasets by id, each as the reader may see it (not found otherwise)."""

from strawberry.dataloader import DataLoader

from casebook.services.datasets import datasets
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.records import Dataset

DatasetLoader = DataLoader[int, Dataset]


def dataset_loader(services: ServiceContext) -> DatasetLoader:
    async def load(dataset_ids: list[int]) -> list[Dataset | ServiceError]:
        return await datasets.datasets_by_id(services, dataset_ids)

    # Rows change with mutations: the request's access memo keeps what may be kept.
    return DataLoader(load_fn=load, cache=False)
