"""Eval runs by id as the reader may see them (not found otherwise), and each run's agents."""

from strawberry.dataloader import DataLoader

from casebook.services.evals import runs
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.records import EvalRun, EvalRunAgent

EvalRunLoader = DataLoader[int, EvalRun]
EvalRunAgentsLoader = DataLoader[int, list[EvalRunAgent]]


def eval_run_loader(services: ServiceContext) -> EvalRunLoader:
    async def load(run_ids: list[int]) -> list[EvalRun | ServiceError]:
        return await runs.eval_runs_by_id(services, run_ids)

    return DataLoader(load_fn=load, cache=False)


def eval_run_agents_loader(services: ServiceContext) -> EvalRunAgentsLoader:
    """For runs the parent read under access."""

    async def load(run_ids: list[int]) -> list[list[EvalRunAgent]]:
        return await runs.agents_of_runs(services, run_ids)

    return DataLoader(load_fn=load, cache=False)
