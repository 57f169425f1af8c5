from pydantic import Field

from .base_model import BaseModel
from .fragments import AgentFields


class ConfigureLocalAgent(BaseModel):
    configure_local_agent: "ConfigureLocalAgentConfigureLocalAgent" = Field(
        alias="configureLocalAgent"
    )


class ConfigureLocalAgentConfigureLocalAgent(BaseModel):
    agent: "ConfigureLocalAgentConfigureLocalAgentAgent"


ConfigureLocalAgentConfigureLocalAgentAgent = AgentFields
ConfigureLocalAgent.model_rebuild()
ConfigureLocalAgentConfigureLocalAgent.model_rebuild()
