"""Import and export of a dataset's cases as CSV or JSONL (spec: "From a file").

An import is all or nothing and makes one version. An export of any version
imports back unchanged; text a reader may not read is masked in it as on
screen. Every export is audited.

An export streams: access is decided, the cases counted and the audit entry written
before the first byte, then the version's cases are read ``EXPORT_PAGE_CASES`` at a
time by keyset (a version never changes, so the pages add up to the version) and
each page is written as soon as it is read. Memory holds one page, whatever the size
of the dataset. Parsing an import and writing a page are CPU work: they run on a
worker thread, so the event loop - other requests, ``/livez`` - is never held up.
"""

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Generator, Sequence
from dataclasses import dataclass

from sqlalchemy import not_
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.case_content import content_from_json
from casebook.db.models import DatasetCase
from casebook.db.queries.cases_at_version import (
    CaseRow,
    cases_at_version,
    count_cases_at_version,
)
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.activity.access import reads_every_run
from casebook.domain.cases.csv_format import csv_header, csv_rows
from casebook.domain.cases.fileformat import IMPORT_MAX_BYTES, import_format, template_csv
from casebook.domain.cases.intake import intake_import_in_chunks
from casebook.domain.cases.jsonl_format import export_jsonl
from casebook.domain.cases.masking import masked_content
from casebook.domain.cases.model import CaseContent
from casebook.services.activity.access import copied_text_hidden, copied_text_readable
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.datasets.versioning import open_version
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.collector import collector_paused
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, LimitExceededError, NotFound
from casebook.services.kernel.in_thread import iterate_in_thread

# How many cases an export reads and writes at a time.
EXPORT_PAGE_CASES = 500


@dataclass(frozen=True)
class _Format:
    content_type: str
    header: str
    rows: Callable[[Sequence[CaseContent]], str]


FORMATS = {
    "csv": _Format("text/csv; charset=utf-8", csv_header(), csv_rows),
    "jsonl": _Format("application/x-ndjson; charset=utf-8", "", export_jsonl),
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


@dataclass(frozen=True)
class ExportStream:
    """An export under way: audited already; ``chunks`` reads and writes it page by page."""

    filename: str
    content_type: str
    case_count: int
    chunks: AsyncIterator[str]

    async def whole(self) -> ExportFile:
        """The file in one string - for GraphQL's ``export``, whose size the operation
        cost limit bounds."""
        body = "".join([chunk async for chunk in self.chunks])
        return ExportFile(self.filename, self.content_type, body, self.case_count)


def _parsed_chunks(
    data: bytes, filename: str
) -> Generator[tuple[list[CaseContent], int], None, None]:
    """The file's cases chunk by chunk, made with the garbage collector paused
    (services/kernel/collector) until the last is made."""
    with collector_paused():
        yield from intake_import_in_chunks(data, filename)


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
    imported = redacted = 0
    async with ctx.transaction() as session:
        writer = await open_version(
            session, actor, dataset_id, ctx.settings.dataset_max_version_rows_per_org
        )
        # The file is read in a thread, chunk by chunk, and each chunk stored while the
        # next is read: PostgreSQL's work on the rows overlaps Python's on the file. A
        # refusal, from the file or from storing, rolls back whatever was stored.
        chunks = iterate_in_thread(lambda: _parsed_chunks(data, filename))
        async with contextlib.aclosing(chunks):
            async for chunk, count in chunks:
                for content in chunk:
                    writer.add(content, source="import")
                await writer.store_pending()
                imported += len(chunk)
                redacted += count
        version = await writer.finish("import", {"imported": imported})
        await audit.record(
            session,
            actor,
            "case.import",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={
                "version": version.version,
                "imported": imported,
                "bytes": len(data),
                "redacted": redacted,
            },
            request_id=ctx.request_id,
        )
    return ImportResult(version.version, imported, redacted)


async def export_cases(
    ctx: ServiceContext, dataset_id: int, *, version: int | None, fmt: str
) -> ExportStream:
    actor = ctx.require_actor()
    written = FORMATS.get(fmt)
    if written is None:
        raise BadUserInput.at("format", "must be csv or jsonl")
    async with ctx.transaction() as session:
        dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        if version is not None and not 1 <= version <= dataset.latest_version:
            raise NotFound(f"version {version}")
        # A dataset with no version yet exports as one with no case: the header alone.
        number = dataset.latest_version if version is None else version
        count, masked = await _counts(session, actor, dataset_id, number) if number else (0, 0)
        await audit.record(
            session,
            actor,
            "dataset.export",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={"version": number, "format": fmt, "cases": count, "masked": masked},
            request_id=ctx.request_id,
        )
    safe_name = (
        "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in dataset.name)[:60] or "dataset"
    )
    chunks = _pages(ctx, actor, dataset_id, number, written)
    return ExportStream(f"{safe_name}-v{number}.{fmt}", written.content_type, count, chunks)


async def _counts(
    session: AsyncSession, actor: Actor, dataset_id: int, number: int
) -> tuple[int, int]:
    """How many cases the version holds, and of those how many the reader reads masked."""
    count = await count_cases_at_version(session, dataset_id, number)
    if reads_every_run(actor) or count == 0:
        return count, 0
    readable = copied_text_readable(actor, DatasetCase.source, DatasetCase.source_conversation_id)
    masked = await count_cases_at_version(session, dataset_id, number, also=[not_(readable)])
    return count, masked


async def _pages(
    ctx: ServiceContext, actor: Actor, dataset_id: int, number: int, written: _Format
) -> AsyncIterator[str]:
    if written.header:
        yield written.header
    after: int | None = None
    while number:
        async with ctx.reading() as session:
            rows = await cases_at_version(
                session, dataset_id, number, after=after, limit=EXPORT_PAGE_CASES
            )
            hidden = await copied_text_hidden(
                session, actor, [(r.source, r.source_conversation_id) for r in rows]
            )
        if rows:
            yield await asyncio.to_thread(_written_page, rows, hidden, written)
        if len(rows) < EXPORT_PAGE_CASES:
            return
        after = rows[-1].case_id


def _written_page(rows: list[CaseRow], hidden: list[bool], written: _Format) -> str:
    contents = [
        masked_content(content_from_json(r.content)) if masked else content_from_json(r.content)
        for r, masked in zip(rows, hidden, strict=True)
    ]
    return written.rows(contents)


def import_template() -> str:
    return template_csv()
