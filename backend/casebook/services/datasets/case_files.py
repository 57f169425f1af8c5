"""Import and export of a dataset's cases as CSV or JSONL (spec: "From a file").

An import is all or nothing and makes one version. An export of any version
imports back unchanged; text a reader may not read is masked in it as on
screen. Every export is audited.
"""

from dataclasses import dataclass

from casebook.db.case_content import content_from_json
from casebook.db.queries.cases_at_version import cases_at_version
from casebook.domain.access.catalog import Permission
from casebook.domain.cases.csv_format import export_csv
from casebook.domain.cases.fileformat import IMPORT_MAX_BYTES, import_format, template_csv
from casebook.domain.cases.intake import intake_import
from casebook.domain.cases.jsonl_format import export_jsonl
from casebook.domain.cases.masking import masked_content
from casebook.services.activity.access import copied_text_hidden
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.datasets.versioning import open_version
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, LimitExceededError, NotFound

FORMATS = {
    "csv": ("text/csv; charset=utf-8", export_csv),
    "jsonl": ("application/x-ndjson; charset=utf-8", export_jsonl),
}


@dataclass(frozen=True)
class ImportResult:
    version: int
    imported: int
    redacted: int


@dataclass(frozen=True)
class ExportFile:
    filename: str
    content_type: str
    body: str
    case_count: int


async def import_cases(
    ctx: ServiceContext, dataset_id: int, data: bytes, filename: str
) -> ImportResult:
    actor = ctx.require_actor()
    if len(data) > IMPORT_MAX_BYTES:
        raise LimitExceededError(
            f"the file is {len(data) / 1_048_576:.1f} MB; an import is at most "
            f"{IMPORT_MAX_BYTES // 1_048_576} MB",
            "file",
        )
    import_format(filename)  # refuses anything but .csv and .jsonl, naming `file`
    # Access first, so a caller who may not edit learns nothing about the file.
    async with ctx.reading() as session:
        await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_EDIT
        )
    contents, redacted = intake_import(data, filename)
    async with ctx.transaction() as session:
        writer = await open_version(
            session, actor, dataset_id, ctx.settings.dataset_max_version_rows_per_org
        )
        for content in contents:
            writer.add(content, source="import")
        version = await writer.finish("import", {"imported": len(contents)})
        await audit.record(
            session,
            actor,
            "case.import",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={
                "version": version.version,
                "imported": len(contents),
                "bytes": len(data),
                "redacted": redacted,
            },
            request_id=ctx.request_id,
        )
    return ImportResult(version.version, len(contents), redacted)


async def export_cases(
    ctx: ServiceContext, dataset_id: int, *, version: int | None, fmt: str
) -> ExportFile:
    actor = ctx.require_actor()
    if fmt not in FORMATS:
        raise BadUserInput.at("format", "must be csv or jsonl")
    async with ctx.transaction() as session:
        dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        if version is not None and not 1 <= version <= dataset.latest_version:
            raise NotFound(f"version {version}")
        # A dataset with no version yet exports as one with no case: the header alone.
        number = dataset.latest_version if version is None else version
        rows = await cases_at_version(session, dataset_id, number) if number else []
        hidden = await copied_text_hidden(
            session, actor, [(r.source, r.source_conversation_id) for r in rows]
        )
        contents = [
            masked_content(content_from_json(r.content)) if masked else content_from_json(r.content)
            for r, masked in zip(rows, hidden, strict=True)
        ]
        content_type, write = FORMATS[fmt]
        await audit.record(
            session,
            actor,
            "dataset.export",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={
                "version": number,
                "format": fmt,
                "cases": len(contents),
                "masked": sum(hidden),
            },
            request_id=ctx.request_id,
        )
    safe_name = (
        "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in dataset.name)[:60] or "dataset"
    )
    return ExportFile(f"{safe_name}-v{number}.{fmt}", content_type, write(contents), len(contents))


def import_template() -> str:
    return template_csv()
