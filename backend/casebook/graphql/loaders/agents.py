"""Agents by id, as the reader may view them (not found otherwise), and versions by number."""

from strawberry.dataloader import DataLoader

from casebook.services.agents import agents
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.records import Agent, AgentVersion

AgentLoader = DataLoader[int, Agent]
VersionKey = tuple[int, int]
AgentVersionLoader = DataLoader[VersionKey, AgentVersion | None]


def agent_loader(services: ServiceContext) -> AgentLoader:
    async def load(agent_ids: list[int]) -> list[Agent | ServiceError]:
        return await agents.agents_by_id(services, agent_ids)

    return DataLoader(load_fn=load, cache=False)


def agent_version_loader(services: ServiceContext) -> AgentVersionLoader:
    """For agents the parent read under access: (agent id, version number)."""

    async def load(keys: list[VersionKey]) -> list[AgentVersion | None]:
        return await agents.versions_by_number(services, keys)

    return DataLoader(load_fn=load, cache=False)
