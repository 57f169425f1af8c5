"""Add to dataset: keep an agent's reply as a case (spec: "From a conversation or a run")."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.activity.case_draft import CaseKeepAs
from casebook.graphql.types.activity.run import RunType
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.services.activity import case_from_message


@strawberry.input(description="Which reply to keep, where, and as what.")
class AddCaseFromMessageInput:
    run_id: relay.GlobalID = strawberry.field(description="The run that wrote the reply.")
    dataset_id: relay.GlobalID | None = strawberry.field(
        default=None,
        description="Left out: a new dataset visible to the organization is started.",
    )
    new_dataset_name: str | None = strawberry.field(
        default=None, description="The new dataset's name, when no datasetId is given."
    )
    keep_as: CaseKeepAs | None = strawberry.field(
        default=None,
        description="Left out: COUNTER_EXAMPLE after a thumbs-down, else REFERENCE.",
    )
    with_history: bool = strawberry.field(
        default=False, description="Keep the turns before the question too (With the conversation)."
    )


@strawberry.type
class AddCaseFromMessagePayload:
    case: CaseType
    dataset: DatasetType
    version: int = strawberry.field(description="The dataset version the case was added in.")


@strawberry.type
class CaseFromMessageMutations:
    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Keep an agent's reply as a case, in a new version of the dataset: the "
        "question is the input, the whole reply the answer (a counter-example after a "
        "thumbs-down, else a reference whose successful, not read-only tool calls become "
        "expected calls), the newest thumbs-down comment the note. A reply you may not read "
        "is not found; an answer already a case of the newest version is CONFLICT with "
        "extensions.caseId.",
    )
    async def add_case_from_message(
        self, info: Info, input: AddCaseFromMessageInput
    ) -> AddCaseFromMessagePayload:
        added = await case_from_message.add_case_from_message(
            info.context.services,
            decode_id(input.run_id, RunType, "input.runId"),
            dataset_id=decode_id(input.dataset_id, DatasetType, "input.datasetId")
            if input.dataset_id is not None
            else None,
            new_dataset_name=input.new_dataset_name,
            keep_as=input.keep_as.value if input.keep_as is not None else None,
            with_history=input.with_history,
        )
        return AddCaseFromMessagePayload(
            case=CaseType.from_view(added.case),
            dataset=DatasetType.from_row(added.dataset),
            version=added.version,
        )
