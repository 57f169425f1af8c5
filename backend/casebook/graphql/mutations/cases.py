"""Adding, editing, removing and importing cases: each is one new version."""

from typing import Any

import strawberry
from strawberry import relay
from strawberry.file_uploads import Upload
from strawberry.scalars import JSON

from casebook.domain.access.catalog import Permission
from casebook.domain.cases.fileformat import IMPORT_MAX_BYTES
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.input_paths import InputPaths, refusals_in
from casebook.graphql.permissions import requires
from casebook.graphql.types.checks.check_input import CheckInput, check_document
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.services.datasets import case_files, cases
from casebook.services.kernel.errors import LimitExceededError


@strawberry.input
class TurnInput:
    role: str
    content: str


@strawberry.input
class ExpectedToolCallInput:
    tool: str
    args: JSON | None = strawberry.field(
        default=None, description="The arguments that must match; null or left out: none."
    )


@strawberry.input(
    description="A case in the shape of an import row. Fields left out take their empty value "
    "when adding, and keep their value when editing."
)
class CaseInput:
    input: str | None = strawberry.UNSET
    history: list[TurnInput] | None = strawberry.UNSET
    reference_answer: str | None = strawberry.UNSET
    counter_example: str | None = strawberry.UNSET
    expected_tool_calls: list[ExpectedToolCallInput] | None = strawberry.UNSET
    order_mode: str | None = strawberry.UNSET
    checks: list[CheckInput] | None = strawberry.UNSET
    tags: list[str] | None = strawberry.UNSET
    note: str | None = strawberry.UNSET
    reference_verified: bool | None = strawberry.UNSET


def case_fields_given(case: CaseInput) -> tuple[dict[str, Any], InputPaths]:
    """The fields the client named, in the import's snake_case names and shapes, and where
    each was given."""
    paths = InputPaths()
    given: dict[str, Any] = {}
    for name in (
        "input",
        "reference_answer",
        "counter_example",
        "order_mode",
        "note",
        "reference_verified",
    ):
        value = getattr(case, name)
        if value is not strawberry.UNSET:
            given[name] = value
    if case.history is not strawberry.UNSET:
        given["history"] = [{"role": t.role, "content": t.content} for t in case.history or []]
    if case.expected_tool_calls is not strawberry.UNSET:
        given["expected_tool_calls"] = [
            {"tool": c.tool, "args": {} if c.args is None else c.args}
            for c in case.expected_tool_calls or []
        ]
    if case.checks is not strawberry.UNSET:
        given["checks"] = []
        for index, check in enumerate(case.checks or []):
            member, document = check_document(check)
            paths.check_from(f"checks.{index}", f"checks.{index}", member)
            given["checks"].append(document)
    if case.tags is not strawberry.UNSET:
        given["tags"] = list(case.tags or [])
    return given, paths


@strawberry.type
class AddCasePayload:
    case: CaseType | None = strawberry.field(description="Null when a twin stopped the add.")
    version: int = strawberry.field(
        description="The version the add created (or the newest, when stopped)."
    )
    twins: list[CaseType] = strawberry.field(
        description="Cases of the newest version asking the same question."
    )


@strawberry.type
class UpdateCasePayload:
    case: CaseType
    version: int
    changed: bool = strawberry.field(
        description="False when the edit changed nothing (no version was made)."
    )


@strawberry.type
class RemoveCasePayload:
    removed_case_id: relay.GlobalID
    version: int


@strawberry.type
class ImportCasesPayload:
    version: int
    imported: int
    redacted: int = strawberry.field(
        description="How many credentials were replaced with placeholders."
    )


@strawberry.type
class CaseMutations:
    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Add a case as a new version. A case asking a question the newest version "
        "already asks is not saved unless allowTwin; the twins are returned.",
    )
    async def add_case(
        self, info: Info, dataset_id: relay.GlobalID, case: CaseInput, allow_twin: bool = False
    ) -> AddCasePayload:
        given, paths = case_fields_given(case)
        with refusals_in(paths):
            written = await cases.add_case(
                info.context.services,
                decode_id(dataset_id, DatasetType, "datasetId"),
                given,
                allow_twin=allow_twin,
            )
        return AddCasePayload(
            case=CaseType.from_view(written.case) if written.case else None,
            version=written.version,
            twins=[CaseType.from_view(t) for t in written.twins],
        )

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Edit a case as a new version. baseVersion is the version the edit was made "
        "on; a case changed since is a CONFLICT.",
    )
    async def update_case(
        self, info: Info, id: relay.GlobalID, base_version: int, case: CaseInput
    ) -> UpdateCasePayload:
        given, paths = case_fields_given(case)
        with refusals_in(paths):
            written = await cases.update_case(
                info.context.services,
                decode_id(id, CaseType),
                base_version=base_version,
                patch=given,
            )
        assert written.case is not None
        return UpdateCasePayload(
            case=CaseType.from_view(written.case), version=written.version, changed=written.changed
        )

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Delete a case: a new version without it, and its text erased from every "
        "version before, which keep that it was there (its id, checks and tags, [erased] for "
        "its words), as an erasure does.",
    )
    async def remove_case(
        self, info: Info, id: relay.GlobalID, base_version: int | None = None
    ) -> RemoveCasePayload:
        version = await cases.remove_case(
            info.context.services, decode_id(id, CaseType), base_version=base_version
        )
        return RemoveCasePayload(removed_case_id=id, version=version)

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Import a .csv or .jsonl file (GraphQL multipart upload) as one new version. "
        "All or nothing: every invalid row is named.",
    )
    async def import_cases(
        self, info: Info, dataset_id: relay.GlobalID, file: Upload
    ) -> ImportCasesPayload:
        data = await file.read(IMPORT_MAX_BYTES + 1)  # type: ignore[attr-defined]
        if len(data) > IMPORT_MAX_BYTES:
            raise LimitExceededError(
                f"an import is at most {IMPORT_MAX_BYTES // 1_048_576} MB", "file"
            )
        result = await case_files.import_cases(
            info.context.services,
            decode_id(dataset_id, DatasetType, "datasetId"),
            data,
            getattr(file, "filename", None) or "",
        )
        return ImportCasesPayload(
            version=result.version, imported=result.imported, redacted=result.redacted
        )
