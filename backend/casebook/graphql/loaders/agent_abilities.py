"""What the reader may do with each agent, by agent id."""

from strawberry.dataloader import DataLoader

from casebook.services.agents.agents import KIND
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.permissions_view import AGENT_PERMISSIONS, Abilities, abilities

AgentAbilitiesLoader = DataLoader[int, Abilities]


def agent_abilities_loader(services: ServiceContext) -> AgentAbilitiesLoader:
    async def load(agent_ids: list[int]) -> list[Abilities | ServiceError]:
        return await abilities(services, KIND, agent_ids, AGENT_PERMISSIONS)

    return DataLoader(load_fn=load, cache=False)
