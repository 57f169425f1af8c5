"""A score's structured result, by (dataset id, score id); None when it has none."""

from collections import defaultdict

from strawberry.dataloader import DataLoader

from casebook.services.grading.structured.records import structured_results_of
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.records import StructuredResult

ResultKey = tuple[int, int]
StructuredResultLoader = DataLoader[ResultKey, StructuredResult | None]


def structured_result_loader(services: ServiceContext) -> StructuredResultLoader:
    async def load(keys: list[ResultKey]) -> list[StructuredResult | ServiceError | None]:
        by_dataset: dict[int, list[int]] = defaultdict(list)
        for dataset_id, score_id in keys:
            by_dataset[dataset_id].append(score_id)
        found: dict[int, dict[int, StructuredResult] | ServiceError] = {}
        for dataset_id, score_ids in by_dataset.items():
            try:
                found[dataset_id] = await structured_results_of(services, dataset_id, score_ids)
            except ServiceError as refused:
                found[dataset_id] = refused
        results: list[StructuredResult | ServiceError | None] = []
        for dataset_id, score_id in keys:
            of_dataset = found[dataset_id]
            results.append(
                of_dataset if isinstance(of_dataset, ServiceError) else of_dataset.get(score_id)
            )
        return results

    return DataLoader(load_fn=load, cache=False)
