"""Review, batched per request: each score's current decision, and whether the reader may
open each answering agent (the second condition of grading evidence)."""

from strawberry.dataloader import DataLoader

from casebook.services.kernel.context import ServiceContext
from casebook.services.review import reading

ReviewDecisionLoader = DataLoader[int, reading.DecisionView | None]
AgentReadableLoader = DataLoader[int, bool]


def review_decision_loader(services: ServiceContext) -> ReviewDecisionLoader:
    async def load(score_ids: list[int]) -> list[reading.DecisionView | None]:
        return await reading.current_decisions(services, score_ids)

    return DataLoader(load_fn=load, cache=False)


def agent_readable_loader(services: ServiceContext) -> AgentReadableLoader:
    async def load(agent_ids: list[int]) -> list[bool]:
        return await reading.agents_readable(services, agent_ids)

    return DataLoader(load_fn=load, cache=False)
