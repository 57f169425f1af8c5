"""Mutations of case generation: choosing the generator's model, starting a generation,
and deciding its proposed cases."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id, encode_id
from casebook.graphql.mutations.cases import CaseInput, case_fields_given
from casebook.graphql.permissions import requires
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.generation.agent_test_set import CreateAgentTestSetPayload
from casebook.graphql.types.generation.generation import FocusTagArgument, GenerationType
from casebook.graphql.types.generation.proposed_case import PROPOSED_CASE
from casebook.graphql.types.models.model_connection import ModelConnectionType
from casebook.services.generation import agent_test_set, generator, proposals, requests
from casebook.services.generation.views import GenerationView


@strawberry.input(description="A proposed case accepted with an edit.")
class ProposedCaseEditInput:
    id: relay.GlobalID
    case: CaseInput = strawberry.field(
        description="The fields changed; those left out keep the draft's value."
    )


@strawberry.type(
    name="ProposedCaseTwins",
    description="A proposed case asking what cases of the newest version already ask, "
    "compared without regard to case or spacing.",
)
class ProposedCaseTwinsType:
    proposed_case_id: relay.GlobalID
    cases: list[CaseType]


@strawberry.type
class AcceptProposedCasesPayload:
    dataset: DatasetType
    version: int = strawberry.field(
        description="The new version holding the accepted cases (or the newest, when twins "
        "stopped the accept)."
    )
    accepted: int = strawberry.field(description="0 when twins stopped the accept.")
    twins: list[ProposedCaseTwinsType] = strawberry.field(
        description="The drafts asking what a case already asks, with those cases. Unless "
        "allowTwins, any stops the accept: nothing is added and every draft still waits."
    )


@strawberry.type
class DismissProposedCasesPayload:
    dismissed: int


@strawberry.type
class SetGeneratorModelPayload:
    dataset: DatasetType


def _ids(given: list[relay.GlobalID]) -> list[int]:
    return [decode_id(gid, PROPOSED_CASE, f"ids.{i}") for i, gid in enumerate(given)]


@strawberry.type
class GenerationMutations:
    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Settings: the case generator's model for this dataset - a saved "
        "connection and one of its models; both null (or left out) for none.",
    )
    async def set_generator_model(
        self,
        info: Info,
        dataset_id: relay.GlobalID,
        model_connection_id: relay.GlobalID | None = None,
        model: str | None = None,
    ) -> SetGeneratorModelPayload:
        dataset = decode_id(dataset_id, DatasetType, "datasetId")
        connection = (
            decode_id(model_connection_id, ModelConnectionType, "modelConnectionId")
            if model_connection_id is not None
            else None
        )
        row = await generator.choose_generator_model(
            info.context.services, dataset, connection, model
        )
        return SetGeneratorModelPayload(dataset=DatasetType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Generate cases, step two: start the generation the estimate with this "
        "fingerprint was made for. A background job drafts the cases as you, with your "
        "access as it is then; its progress is on the jobProgress subscription.",
    )
    async def start_generation(
        self,
        info: Info,
        dataset_id: relay.GlobalID,
        agent_id: relay.GlobalID,
        sources: list[str],
        count: int,
        fingerprint: str,
        focus_tag: FocusTagArgument = None,
    ) -> GenerationType:
        row, job = await requests.start_generation(
            info.context.services,
            decode_id(dataset_id, DatasetType, "datasetId"),
            decode_id(agent_id, AgentType, "agentId"),
            sources,
            count,
            fingerprint,
            focus_tag,
        )
        return GenerationType.of(GenerationView(row, row.status, row.error, job))

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="An agent's test set, step two: create a private dataset for the agent, or "
        "add to its existing set you may edit, with its newly rated answers (a positive "
        "rating a reference answer, a negative one a counter-example with its comment as the "
        "note); queue the bootstrap whose drafts are accepted automatically, with the "
        "fingerprint of agentTestSetEstimate's generation when it asked for one.",
    )
    async def create_agent_test_set(
        self,
        info: Info,
        agent_id: relay.GlobalID,
        more: int | None = None,
        fingerprint: str | None = None,
    ) -> CreateAgentTestSetPayload:
        made = await agent_test_set.create_agent_test_set(
            info.context.services, decode_id(agent_id, AgentType, "agentId"), more, fingerprint
        )
        return CreateAgentTestSetPayload.of(made)

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Accept proposed cases of one dataset, as they are or with edits: one new "
        "version, their source synthetic; the drafts are deleted. A draft asking what a case "
        "of the newest version already asks is not accepted unless allowTwins, as addCase "
        "does; the twins are returned. A draft from chats needs runs:view.",
    )
    async def accept_proposed_cases(
        self,
        info: Info,
        ids: list[relay.GlobalID],
        edits: list[ProposedCaseEditInput] | None = None,
        allow_twins: bool = False,
    ) -> AcceptProposedCasesPayload:
        changed = {
            decode_id(edit.id, PROPOSED_CASE, f"edits.{i}.id"): case_fields_given(edit.case)[0]
            for i, edit in enumerate(edits or [])
        }
        done = await proposals.accept_proposals(
            info.context.services, _ids(ids), changed, allow_twins=allow_twins
        )
        return AcceptProposedCasesPayload(
            dataset=DatasetType.from_row(done.dataset),
            version=done.version,
            accepted=done.accepted,
            twins=[
                ProposedCaseTwinsType(
                    proposed_case_id=encode_id(PROPOSED_CASE, draft_id),
                    cases=[CaseType.from_view(view) for view in found],
                )
                for draft_id, found in done.twins.items()
            ],
        )

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Dismiss proposed cases: they are deleted. A draft from chats needs runs:view.",
    )
    async def dismiss_proposed_cases(
        self, info: Info, ids: list[relay.GlobalID]
    ) -> DismissProposedCasesPayload:
        _, dismissed = await proposals.dismiss_proposals(info.context.services, _ids(ids))
        return DismissProposedCasesPayload(dismissed=dismissed)
