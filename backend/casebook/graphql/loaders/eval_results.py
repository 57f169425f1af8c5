"""An eval run's results (folded, with its reruns) by run id, read once per request: the
summary, the per-case table and the comparison of one run share one read - and kept
between requests while unchanged (``services.evals.results_cache``). For runs the parent
field read under access."""

from strawberry.dataloader import DataLoader

from casebook.services.evals import results, results_cache
from casebook.services.kernel.context import ServiceContext

EvalResultsLoader = DataLoader[int, results.RunResults]


def eval_results_loader(services: ServiceContext) -> EvalResultsLoader:
    async def load(run_ids: list[int]) -> list[results.RunResults]:
        return await results_cache.results_of_run_ids(services, run_ids)

    return DataLoader(load_fn=load)
