"""A dataset: details, sharing, versions, and its cases at any version."""

from collections.abc import Iterable
from datetime import datetime
from typing import Annotated, Any

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Visibility
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.node_resolution import resolve_batched
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.case_export import CaseExportType
from casebook.graphql.types.datasets.dataset_permissions import DatasetPermissionsType
from casebook.graphql.types.datasets.dataset_version import DatasetVersionType
from casebook.graphql.types.datasets.grant import GrantType
from casebook.graphql.types.datasets.version_diff import (
    DatasetVersionDiffType,
    version_diff_of,
)
from casebook.graphql.types.evals.eval_access import EvalAccessType
from casebook.graphql.types.generation.dataset_fields import DatasetGenerationFields
from casebook.graphql.types.grading.score import ScoreOutcome, ScoreType
from casebook.graphql.types.grading.score_repetitions import ScoreRepetitionsType
from casebook.graphql.types.grading.scoring_config import ScoringConfigType
from casebook.graphql.types.review.dataset_fields import DatasetReviewFields
from casebook.services.datasets import case_files, cases
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading import config as scoring_config
from casebook.services.grading import scoring
from casebook.services.grading.structured import repetitions
from casebook.services.kernel import sharing
from casebook.services.kernel.records import CaseFilter, Dataset


@strawberry.type(name="Dataset")
class DatasetType(DatasetReviewFields, DatasetGenerationFields, relay.Node):
    id: relay.NodeID[int]
    name: str
    description: str
    visibility: Visibility
    latest_version: int = strawberry.field(description="0 until the first case is added.")
    owner_user_id: strawberry.Private[int | None]
    created_at: datetime | None
    updated_at: datetime | None

    @classmethod
    def from_row(cls, row: Dataset) -> "DatasetType":
        assert row.id is not None
        return cls(
            id=row.id,
            name=row.name,
            description=row.description,
            visibility=Visibility(row.visibility),
            latest_version=row.latest_version,
            owner_user_id=row.owner_user_id,
            created_at=row.created_at,
            updated_at=row.updated_at,
            generator_model_connection_id=row.generator_model_connection_id,
            generator_model_name=row.generator_model,
        )

    @strawberry.field(description="Whether the signed-in member owns it.")
    def owned_by_viewer(self, info: Info) -> bool:
        actor = info.context.actor
        return actor is not None and actor.user_id == self.owner_user_id

    @strawberry.field(description="What the signed-in member may do with this dataset.")
    async def viewer_can(self, info: Info) -> DatasetPermissionsType:
        return await DatasetPermissionsType.for_dataset(info, self.id)

    @strawberry.field(
        description="Whether you may start an eval run over it, and why not when you may run "
        "it but not read runs."
    )
    async def eval_access(self, info: Info) -> EvalAccessType:
        return await EvalAccessType.for_dataset(info, self.id)

    @strawberry.field(description="How many cases the newest version holds.")
    async def case_count(self, info: Info) -> int:
        return await info.context.loaders.case_count.load((self.id, self.latest_version))

    @strawberry.field(description="Every tag the cases of a version carry (the newest by default).")
    async def tags(self, info: Info, version: int | None = None) -> list[str]:
        return await cases.list_tags(info.context.services, self.id, version=version)

    @strawberry.field(description="Cases of a version (the newest by default), in a stable order.")
    async def cases(
        self,
        info: Info,
        version: int | None = None,
        first: int = 50,
        after: str | None = None,
        tag: str | None = None,
        source: str | None = None,
        search: str | None = None,
    ) -> Connection[CaseType]:
        page, _ = await cases.list_cases(
            info.context.services,
            self.id,
            version=version,
            first=first,
            after=after,
            where=CaseFilter(
                tag=tag or None, source=source or None, search=(search or "").strip() or None
            ),
        )
        return Connection.from_page(page, CaseType.from_view)

    @strawberry.field(description="The newest versions first; pass `before` to page back.")
    async def versions(
        self, info: Info, first: int = 100, before: int | None = None
    ) -> list[DatasetVersionType]:
        rows = await cases.list_versions(info.context.services, self.id, first=first, before=before)
        return [DatasetVersionType.from_row(r) for r in rows]

    @strawberry.field(description="One version by its number.")
    async def version(self, info: Info, number: int) -> DatasetVersionType:
        return DatasetVersionType.from_row(
            await cases.get_version(info.context.services, self.id, number)
        )

    @strawberry.field(
        description="Any two versions side by side: the cases added, removed and changed "
        "from version `from` to version `to` (either may be the later), and for a changed "
        "case each field's before and after."
    )
    async def version_diff(
        self,
        info: Info,
        from_: Annotated[int, strawberry.argument(name="from")],
        to: int,
    ) -> DatasetVersionDiffType:
        return await version_diff_of(info, self.id, from_, to)

    @strawberry.field(
        description="Grants on this dataset; a legacy use grant is listed as doing nothing."
    )
    async def grants(self, info: Info) -> list[GrantType]:
        views = await sharing.list_grants(info.context.services, DATASET_KIND, self.id)
        return [GrantType.from_view(v) for v in views]

    @strawberry.field(
        description="The cases of a version as a file that imports back unchanged. Audited."
    )
    async def export(
        self, info: Info, format: str = "jsonl", version: int | None = None
    ) -> CaseExportType:
        exported = await case_files.export_cases(
            info.context.services, self.id, version=version, fmt=format
        )
        return CaseExportType.from_file(await exported.whole())

    @strawberry.field(description="How its answers are graded: the two Settings cards.")
    async def scoring(self, info: Info) -> ScoringConfigType:
        view = await scoring_config.get_scoring(info.context.services, self.id)
        return ScoringConfigType.from_view(view)

    @strawberry.field(description="Answers graded against its cases, newest first.")
    async def scores(
        self,
        info: Info,
        first: int = 50,
        after: str | None = None,
        outcome: ScoreOutcome | None = None,
    ) -> Connection[ScoreType]:
        page = await scoring.list_scores(
            info.context.services,
            self.id,
            first=first,
            after=after,
            outcome=outcome.value if outcome else None,
        )
        return Connection.from_page(page, ScoreType.from_row)

    @strawberry.field(
        description="The repetitions of a run, per case and agent (by agent name): each "
        "repetition's structured quality, their mean and spread, and the median one's score. "
        "runKey is the label scoreAnswer's answers of one run were given (an eval run's id, a "
        "CI build id); scores of the same case, agent and run key are numbered 1, 2, 3... "
        "Ordered by case, then agent name."
    )
    async def repetitions(self, info: Info, run_key: str) -> list[ScoreRepetitionsType]:
        groups = await repetitions.score_repetitions(info.context.services, self.id, run_key)
        key = run_key.strip()
        return [ScoreRepetitionsType.from_group(key, group) for group in groups]

    @classmethod
    async def resolve_nodes(
        cls, *, info: Info, node_ids: Iterable[str], required: bool = False
    ) -> list[Any]:
        return await resolve_batched(node_ids, required, info.context.loaders.dataset, cls.from_row)
