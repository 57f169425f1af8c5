from .base_model import BaseModel
from .fragments import AgentFields


class GetAgent(BaseModel):
    agent: "GetAgentAgent"


GetAgentAgent = AgentFields
GetAgent.model_rebuild()
