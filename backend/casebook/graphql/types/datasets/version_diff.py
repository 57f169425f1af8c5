"""Two versions of a dataset side by side (``services.datasets.version_diff``)."""

from enum import Enum

import strawberry
from strawberry import relay

from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_id
from casebook.graphql.types.datasets.case import CaseType
from casebook.services.datasets import version_diff
from casebook.services.kernel.errors import NotFound


@strawberry.enum(name="CaseChangeKind")
class CaseChangeKind(Enum):
    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


@strawberry.enum(name="CaseFieldName", description="A field of a case, as the Case type names it.")
class CaseFieldName(Enum):
    INPUT = "input"
    HISTORY = "history"
    REFERENCE_ANSWER = "reference_answer"
    COUNTER_EXAMPLE = "counter_example"
    EXPECTED_TOOL_CALLS = "expected_tool_calls"
    ORDER_MODE = "order_mode"
    CHECKS = "checks"
    TAGS = "tags"
    NOTE = "note"
    REFERENCE_VERIFIED = "reference_verified"


@strawberry.type(
    name="DatasetCaseChange",
    description="A case that differs between the two versions. before and after are the "
    "case at each version - with copied text masked for a reader who may not read it, as "
    "everywhere - so a field's before and after are before.<field> and after.<field>; "
    "text differences are marked by the reader (word by word in the console).",
)
class DatasetCaseChangeType:
    change: strawberry.Private[version_diff.VersionCaseChange]

    @strawberry.field
    def case_id(self) -> relay.GlobalID:
        return encode_id("Case", self.change.case_id)

    @strawberry.field
    def kind(self) -> CaseChangeKind:
        return CaseChangeKind(self.change.kind)

    @strawberry.field(
        description="For a changed case, the fields whose values differ, in the order of a "
        "case's columns; empty for a case added or removed."
    )
    def changed_fields(self) -> list[CaseFieldName]:
        return [CaseFieldName(name) for name in self.change.fields]

    @strawberry.field(description="The case at the version compared from; null when added.")
    async def before(self, info: Info) -> CaseType | None:
        return await _case_at(info, self.change.case_id, self.change.before_version)

    @strawberry.field(description="The case at the version compared to; null when removed.")
    async def after(self, info: Info) -> CaseType | None:
        return await _case_at(info, self.change.case_id, self.change.after_version)


async def _case_at(info: Info, case_id: int, version: int | None) -> CaseType | None:
    if version is None:
        return None
    try:
        view = await info.context.loaders.case.load((case_id, version))
    except NotFound:
        return None
    return CaseType.from_view(view)


@strawberry.type(
    name="DatasetVersionDiff",
    description="What changed from one version of a dataset to another (either may be the "
    "later): the cases added, removed and changed. Its cost grows with what changed "
    "between them, not with the dataset's size.",
)
class DatasetVersionDiffType:
    dataset_id: strawberry.Private[int]
    from_version: int = strawberry.field(name="from")
    to_version: int = strawberry.field(name="to")
    added: int
    removed: int
    changed: int

    @strawberry.field(
        description="The cases that differ, in case order, a page at a time (up to 100)."
    )
    async def changes(
        self, info: Info, first: int = 50, after: str | None = None
    ) -> Connection[DatasetCaseChangeType]:
        found = await version_diff.version_diff(
            info.context.services,
            self.dataset_id,
            self.from_version,
            self.to_version,
            first=first,
            cursor=after,
        )
        return Connection.from_page(found.page, lambda c: DatasetCaseChangeType(change=c))


async def version_diff_of(
    info: Info, dataset_id: int, from_version: int, to_version: int
) -> DatasetVersionDiffType:
    counted = await version_diff.version_diff(
        info.context.services, dataset_id, from_version, to_version, first=0, cursor=None
    )
    return DatasetVersionDiffType(
        dataset_id=dataset_id,
        from_version=from_version,
        to_version=to_version,
        added=counted.counts.added,
        removed=counted.counts.removed,
        changed=counted.counts.changed,
    )
