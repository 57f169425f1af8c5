"""The organization's saved model connections by id; not found for one that is gone."""

from strawberry.dataloader import DataLoader

from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.records import ModelConnection
from casebook.services.models.connections import connections_by_id

ModelConnectionLoader = DataLoader[int, ModelConnection]


def model_connection_loader(services: ServiceContext) -> ModelConnectionLoader:
    async def load(connection_ids: list[int]) -> list[ModelConnection | ServiceError]:
        return await connections_by_id(services, connection_ids)

    return DataLoader(load_fn=load, cache=False)
