"""What structured results compare with now, by (dataset id, case id): one read per dataset
for a page of scores, not one per score."""

from collections import defaultdict

from strawberry.dataloader import DataLoader

from casebook.services.grading.structured.staleness import StructuredNow, structured_now
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError

NowKey = tuple[int, int]
StructuredNowLoader = DataLoader[NowKey, StructuredNow]


def structured_now_loader(services: ServiceContext) -> StructuredNowLoader:
    async def load(keys: list[NowKey]) -> list[StructuredNow | ServiceError]:
        by_dataset: dict[int, list[int]] = defaultdict(list)
        for dataset_id, case_id in keys:
            by_dataset[dataset_id].append(case_id)
        found: dict[int, StructuredNow | ServiceError] = {}
        for dataset_id, case_ids in by_dataset.items():
            try:
                found[dataset_id] = await structured_now(services, dataset_id, case_ids)
            except ServiceError as refused:
                found[dataset_id] = refused
        return [found[dataset_id] for dataset_id, _ in keys]

    return DataLoader(load_fn=load, cache=False)
