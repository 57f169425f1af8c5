"""Queries of case generation: the estimate that comes first, and a generation's state."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.generation.agent_test_set import AgentTestSetEstimateType
from casebook.graphql.types.generation.generation import (
    GENERATION,
    FocusTagArgument,
    GenerationEstimateType,
    GenerationType,
)
from casebook.services.generation import agent_test_set, requests, views


@strawberry.type
class GenerationQueries:
    @strawberry.field(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Generate cases, step one: per source the cases asked for and what each "
        "drafts from, and the cost on the generator's model, before anything is spent. Needs "
        "datasets:edit on the dataset, agents:view on the agent, agents:run on the case "
        "generator, and runs:view for the source chats; each missing one is named.",
    )
    async def generation_estimate(
        self,
        info: Info,
        dataset_id: relay.GlobalID,
        agent_id: relay.GlobalID,
        sources: list[str],
        count: int,
        focus_tag: FocusTagArgument = None,
    ) -> GenerationEstimateType:
        estimate = await requests.estimate_generation_for(
            info.context.services,
            decode_id(dataset_id, DatasetType, "datasetId"),
            decode_id(agent_id, AgentType, "agentId"),
            sources,
            count,
            focus_tag,
        )
        return GenerationEstimateType.of(estimate)

    @strawberry.field(
        extensions=requires(Permission.DATASETS_EDIT),
        description="An agent's test set, step one: the set it would add to (or that a "
        "private one is created), the rated answers it would add, whether it is insufficient, "
        "whether the grader shares the agent's model, and the bootstrap's estimate. Needs "
        "datasets:edit and agents:view on the agent; a bootstrap also agents:run on the case "
        "generator.",
    )
    async def agent_test_set_estimate(
        self, info: Info, agent_id: relay.GlobalID, more: int | None = None
    ) -> AgentTestSetEstimateType:
        found = await agent_test_set.agent_test_set_estimate(
            info.context.services, decode_id(agent_id, AgentType, "agentId"), more
        )
        return AgentTestSetEstimateType.of(found)

    @strawberry.field(
        extensions=requires(Permission.DATASETS_EDIT),
        description="A generation, with its counts and its job; not found when it does not "
        "exist or you may not edit its dataset.",
    )
    async def generation(self, info: Info, id: relay.GlobalID) -> GenerationType:
        view = await views.get_generation(info.context.services, decode_id(id, GENERATION))
        return GenerationType.of(view)
