"""Each run's local-agent work - waiting, held, when a client was last seen - for runs the
parent read under access."""

from strawberry.dataloader import DataLoader

from casebook.services.evals import client_work
from casebook.services.evals.client_work import ClientProgress
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.records import EvalRun

EvalClientWorkLoader = DataLoader[EvalRun, ClientProgress | None]


def eval_client_work_loader(services: ServiceContext) -> EvalClientWorkLoader:
    async def load(runs: list[EvalRun]) -> list[ClientProgress | None]:
        return await client_work.client_progress(services, runs)

    return DataLoader(load_fn=load, cache=False)
