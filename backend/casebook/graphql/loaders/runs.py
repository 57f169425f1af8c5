"""What a page of runs shows beside each run - its steps, its ratings - and the run that wrote
each agent message: one statement per page each."""

from strawberry.dataloader import DataLoader

from casebook.services.activity import runs
from casebook.services.activity.runs import RunView
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.records import Rating, RunStep

RunStepsLoader = DataLoader[int, list[RunStep]]
RunRatingsLoader = DataLoader[int, list[Rating]]
MessageRunLoader = DataLoader[int, RunView | None]


def run_steps_loader(services: ServiceContext) -> RunStepsLoader:
    async def load(run_ids: list[int]) -> list[list[RunStep]]:
        return await runs.steps_of_runs(services, run_ids)

    return DataLoader(load_fn=load, cache=False)


def run_ratings_loader(services: ServiceContext) -> RunRatingsLoader:
    async def load(run_ids: list[int]) -> list[list[Rating]]:
        return await runs.ratings_of_runs(services, run_ids)

    return DataLoader(load_fn=load, cache=False)


def message_run_loader(services: ServiceContext) -> MessageRunLoader:
    async def load(message_ids: list[int]) -> list[RunView | None]:
        return await runs.runs_of_messages(services, message_ids)

    return DataLoader(load_fn=load, cache=False)
