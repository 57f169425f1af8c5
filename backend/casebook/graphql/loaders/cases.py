"""Cases by (case id, version); a version of None reads the dataset's newest."""

from strawberry.dataloader import DataLoader

from casebook.services.datasets.case_views import CaseView, cases_at
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError

CaseKey = tuple[int, int | None]
CaseLoader = DataLoader[CaseKey, CaseView]


def case_loader(services: ServiceContext) -> CaseLoader:
    async def load(keys: list[CaseKey]) -> list[CaseView | ServiceError]:
        return await cases_at(services, keys)

    return DataLoader(load_fn=load, cache=False)
