"""What the signed-in member may do with one dataset, for the console to show or hide."""

import strawberry

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info


@strawberry.type(name="DatasetPermissions")
class DatasetPermissionsType:
    view: bool
    edit: bool
    run: bool
    read_runs: bool = strawberry.field(description="runs:view — starting an eval needs it first.")

    @classmethod
    async def for_dataset(cls, info: Info, dataset_id: int) -> "DatasetPermissionsType":
        abilities = await info.context.loaders.dataset_abilities.load(dataset_id)
        return cls(
            view=abilities[Permission.DATASETS_VIEW],
            edit=abilities[Permission.DATASETS_EDIT],
            run=abilities[Permission.DATASETS_RUN],
            read_runs=abilities[Permission.RUNS_VIEW],
        )
