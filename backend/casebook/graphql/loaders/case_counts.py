"""How many cases a (dataset id, version) holds; a version never changes its count."""

from strawberry.dataloader import DataLoader

from casebook.services.datasets.case_views import case_counts
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError

CountKey = tuple[int, int]
CaseCountLoader = DataLoader[CountKey, int]


def case_count_loader(services: ServiceContext) -> CaseCountLoader:
    async def load(keys: list[CountKey]) -> list[int | ServiceError]:
        return await case_counts(services, keys)

    return DataLoader(load_fn=load)
