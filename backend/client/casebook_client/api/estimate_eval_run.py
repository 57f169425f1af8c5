from pydantic import Field

from .base_model import BaseModel


class EstimateEvalRun(BaseModel):
    estimate_eval_run: "EstimateEvalRunEstimateEvalRun" = Field(alias="estimateEvalRun")


class EstimateEvalRunEstimateEvalRun(BaseModel):
    dataset_version: int = Field(alias="datasetVersion")
    cases: int
    anonymised_left_out: int = Field(alias="anonymisedLeftOut")
    answers: int
    agents: list["EstimateEvalRunEstimateEvalRunAgents"]
    judge_cost_text: str = Field(alias="judgeCostText")
    total_cost_text: str = Field(alias="totalCostText")
    confirmation: str


class EstimateEvalRunEstimateEvalRunAgents(BaseModel):
    agent: "EstimateEvalRunEstimateEvalRunAgentsAgent"
    agent_version: int = Field(alias="agentVersion")
    cost_text: str = Field(alias="costText")


class EstimateEvalRunEstimateEvalRunAgentsAgent(BaseModel):
    id: str
    name: str


EstimateEvalRun.model_rebuild()
EstimateEvalRunEstimateEvalRun.model_rebuild()
EstimateEvalRunEstimateEvalRunAgents.model_rebuild()
