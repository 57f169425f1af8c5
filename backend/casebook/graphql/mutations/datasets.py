"""Creating, describing, deleting and sharing datasets."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import GrantLevel, Permission, Visibility
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.datasets.grant import GrantType
from casebook.graphql.types.identity.user import UserType
from casebook.services.datasets import datasets
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import sharing


@strawberry.input
class CreateDatasetInput:
    name: str
    description: str = ""
    private: bool = strawberry.field(
        default=False, description="Visible to the organization unless started private."
    )


@strawberry.input
class UpdateDatasetDetailsInput:
    id: relay.GlobalID
    name: str | None = None
    description: str | None = None


@strawberry.type
class DatasetPayload:
    dataset: DatasetType


@strawberry.type
class DeleteDatasetPayload:
    deleted_id: relay.GlobalID


@strawberry.type
class GrantPayload:
    grant: GrantType


@strawberry.type
class RevokeGrantPayload:
    dataset: DatasetType


def _dataset_id(value: relay.GlobalID, path: str = "id") -> int:
    return decode_id(value, DatasetType, path)


@strawberry.type
class DatasetMutations:
    @strawberry.mutation(extensions=requires(Permission.DATASETS_EDIT))
    async def create_dataset(self, info: Info, input: CreateDatasetInput) -> DatasetPayload:
        row = await datasets.create_dataset(
            info.context.services,
            name=input.name,
            description=input.description,
            private=input.private,
        )
        return DatasetPayload(dataset=DatasetType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Rename or describe; creates no version.",
    )
    async def update_dataset_details(
        self, info: Info, input: UpdateDatasetDetailsInput
    ) -> DatasetPayload:
        row = await datasets.update_details(
            info.context.services,
            _dataset_id(input.id),
            name=input.name,
            description=input.description,
        )
        return DatasetPayload(dataset=DatasetType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Delete a dataset with every version; frees its stored revisions.",
    )
    async def delete_dataset(self, info: Info, id: relay.GlobalID) -> DeleteDatasetPayload:
        await datasets.delete_dataset(info.context.services, _dataset_id(id))
        return DeleteDatasetPayload(deleted_id=id)

    @strawberry.mutation(extensions=requires(Permission.DATASETS_EDIT))
    async def set_dataset_visibility(
        self, info: Info, id: relay.GlobalID, visibility: Visibility
    ) -> DatasetPayload:
        row = await sharing.set_visibility(
            info.context.services, DATASET_KIND, _dataset_id(id), visibility.value
        )
        return DatasetPayload(dataset=DatasetType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Share with a member at read or edit (a use grant is no longer offered).",
    )
    async def share_dataset(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID, level: GrantLevel
    ) -> GrantPayload:
        view = await sharing.grant(
            info.context.services,
            DATASET_KIND,
            _dataset_id(id),
            user_id=decode_id(user_id, UserType, "userId"),
            level=level.value,
        )
        return GrantPayload(grant=GrantType.from_view(view))

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Remove a member's grant, a legacy use grant included.",
    )
    async def revoke_dataset_grant(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID
    ) -> RevokeGrantPayload:
        dataset_id = _dataset_id(id)
        await sharing.revoke_grant(
            info.context.services,
            DATASET_KIND,
            dataset_id,
            user_id=decode_id(user_id, UserType, "userId"),
        )
        return RevokeGrantPayload(
            dataset=DatasetType.from_row(
                await datasets.get_dataset(info.context.services, dataset_id)
            )
        )
