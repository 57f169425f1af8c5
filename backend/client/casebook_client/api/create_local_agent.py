from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import AgentFields


class CreateLocalAgent(BaseModel):
    create_local_agent: "CreateLocalAgentCreateLocalAgent" = Field(
        alias="createLocalAgent"
    )


class CreateLocalAgentCreateLocalAgent(BaseModel):
    agent: "CreateLocalAgentCreateLocalAgentAgent"
    version: "CreateLocalAgentCreateLocalAgentVersion"


CreateLocalAgentCreateLocalAgentAgent = AgentFields


class CreateLocalAgentCreateLocalAgentVersion(BaseModel):
    number: int
    label: Optional[str]


CreateLocalAgent.model_rebuild()
CreateLocalAgentCreateLocalAgent.model_rebuild()
