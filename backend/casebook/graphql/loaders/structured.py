"""Per-request loaders for the structured scorer's fields of a list of scores.

A page of scores asks once per dataset what their structured results compare
with now (staleness) and once for their structured results, instead of once
per score. Each batch calls one service function, which checks access.
"""

from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from strawberry.dataloader import DataLoader

from casebook.graphql.context import Info
from casebook.services.grading.structured.records import structured_results_of
from casebook.services.grading.structured.staleness import StructuredNow, structured_now
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.records import StructuredResult

Key = tuple[int, int]
Value = TypeVar("Value")


def _by_dataset(
    services: ServiceContext,
    per_dataset: Callable[[ServiceContext, int, list[int]], Awaitable[dict[int, Value]]],
    default: Callable[[], Value],
) -> Callable[[Sequence[Key]], Awaitable[list[Value]]]:
    async def load(keys: Sequence[Key]) -> list[Value]:
        grouped: dict[int, list[int]] = defaultdict(list)
        for dataset_id, item_id in keys:
            grouped[dataset_id].append(item_id)
        found = {
            dataset_id: await per_dataset(services, dataset_id, item_ids)
            for dataset_id, item_ids in grouped.items()
        }
        return [found[dataset_id].get(item_id, default()) for dataset_id, item_id in keys]

    return load


def _loader(info: Info, name: str, make: Callable[[ServiceContext], Any]) -> Any:
    loaders = info.context.loaders
    if name not in loaders:
        loaders[name] = DataLoader(load_fn=make(info.context.services))
    return loaders[name]


async def _now_by_case(
    services: ServiceContext, dataset_id: int, case_ids: list[int]
) -> dict[int, StructuredNow]:
    now = await structured_now(services, dataset_id, case_ids)
    return dict.fromkeys(case_ids, now)


def structured_now_loader(info: Info) -> "DataLoader[Key, StructuredNow]":
    """By (dataset id, case id): what the case's structured results compare with now."""
    loader: DataLoader[Key, StructuredNow] = _loader(
        info,
        "structured_now",
        lambda services: _by_dataset(services, _now_by_case, lambda: StructuredNow(None, {})),
    )
    return loader


async def _results(
    services: ServiceContext, dataset_id: int, score_ids: list[int]
) -> dict[int, StructuredResult | None]:
    return dict(await structured_results_of(services, dataset_id, score_ids))


def structured_result_loader(info: Info) -> "DataLoader[Key, StructuredResult | None]":
    """By (dataset id, score id): the score's structured result, or None."""
    loader: DataLoader[Key, StructuredResult | None] = _loader(
        info,
        "structured_results",
        lambda services: _by_dataset(services, _results, lambda: None),
    )
    return loader
