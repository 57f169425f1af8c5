from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import AgentFields


class ListAgents(BaseModel):
    agents: "ListAgentsAgents"


class ListAgentsAgents(BaseModel):
    edges: list["ListAgentsAgentsEdges"]
    page_info: "ListAgentsAgentsPageInfo" = Field(alias="pageInfo")


class ListAgentsAgentsEdges(BaseModel):
    node: "ListAgentsAgentsEdgesNode"


ListAgentsAgentsEdgesNode = AgentFields


class ListAgentsAgentsPageInfo(BaseModel):
    has_next_page: bool = Field(alias="hasNextPage")
    end_cursor: Optional[str] = Field(alias="endCursor")


ListAgents.model_rebuild()
ListAgentsAgents.model_rebuild()
ListAgentsAgentsEdges.model_rebuild()
