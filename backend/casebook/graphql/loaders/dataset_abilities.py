"""What the reader may do with each dataset, by dataset id."""

from strawberry.dataloader import DataLoader

from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.permissions_view import Abilities, dataset_abilities

DatasetAbilitiesLoader = DataLoader[int, Abilities]


def dataset_abilities_loader(services: ServiceContext) -> DatasetAbilitiesLoader:
    async def load(dataset_ids: list[int]) -> list[Abilities | ServiceError]:
        return await dataset_abilities(services, DATASET_KIND, dataset_ids)

    return DataLoader(load_fn=load, cache=False)
