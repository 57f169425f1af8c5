"""Cases of a dataset: read any version, add, edit, remove, find twins.

Every write is one new version (services/versioning); removing a case also erases its
text from the versions before (``remove_case``). Text copied from a
conversation is masked for readers who may not read that conversation, and
such a reader cannot change it: a metadata edit by them keeps it as stored.
"""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Dataset, DatasetCase, DatasetVersion, VersionChange
from casebook.db.pagination import Page, check_page_size, decode_cursor, encode_cursor
from casebook.db.queries.cases_at_version import (
    CaseFilter,
    cases_at_version,
    count_cases_at_version,
    tags_at_version,
)
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.cases.columns import case_fields
from casebook.domain.cases.intake import intake_case
from casebook.domain.cases.masking import copied_fields_in
from casebook.domain.cases.model import CaseContent
from casebook.domain.cases.twins import question_key
from casebook.domain.erasure.rules import still_anonymised
from casebook.services.activity.access import copied_text_readable
from casebook.services.datasets.case_views import CaseView, case_views, cases_at
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.datasets.versioning import SourceLink, VersionWriter, open_version
from casebook.services.erasure.case_text import erase_case_text
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import (
    BadUserInput,
    Conflict,
    Forbidden,
    NotFound,
    ServiceError,
)


@dataclass(frozen=True)
class CaseWrite:
    case: CaseView | None
    version: int
    twins: list[CaseView]
    changed: bool = True


async def case_at(
    session: AsyncSession, actor: Actor, dataset_id: int, version: int, case_id: int
) -> CaseView | None:
    """One case as ``actor`` reads it in ``version`` of its dataset, or None when not in it."""
    rows = await cases_at_version(
        session, dataset_id, version, where=CaseFilter(case_ids=(case_id,))
    )
    views = await case_views(session, actor, dataset_id, rows)
    return views[0] if views else None


async def write_added_case(
    ctx: ServiceContext,
    session: AsyncSession,
    writer: VersionWriter,
    content: CaseContent,
    *,
    source: str,
    link: SourceLink | None,
    redacted: int,
    audit_details: dict[str, Any] | None = None,
) -> tuple[int, DatasetVersion]:
    """One case added as the next version of ``writer``'s dataset, audited as ``case.add``;
    its id and the version written."""
    new = writer.add(content, source=source, link=link)
    version = await writer.finish("add", {"added": 1})
    await audit.record(
        session,
        ctx.require_actor(),
        "case.add",
        resource_type=DATASET_KIND,
        resource_id=writer.dataset.id,
        summary={
            "version": version.version,
            "case_id": new.case_id,
            "source": source,
            **(audit_details or {}),
            "redacted": redacted,
        },
        request_id=ctx.request_id,
    )
    return new.case_id, version


async def load_case(
    session: AsyncSession, actor: Actor, case_id: int, permission: Permission
) -> tuple[DatasetCase, Dataset]:
    """A case with its dataset; a case of a dataset the actor may not see is "case not found",
    as an id that never existed is."""
    found: tuple[DatasetCase, Dataset] = await sharing.load_child_authorized(
        session,
        actor,
        DATASET_KIND,
        DatasetCase,
        case_id,
        permission,
        parent_key=DatasetCase.dataset_id,
        label="case",
    )
    return found


def _version_or_latest(version: int | None, latest: int) -> int:
    if version is None:
        return latest
    if version < 1 or version > latest:
        raise NotFound(f"version {version}")
    return version


async def list_cases(
    ctx: ServiceContext,
    dataset_id: int,
    *,
    version: int | None,
    where: CaseFilter,
    first: int,
    after: str | None,
) -> tuple[Page[CaseView], int]:
    """One page of the cases of a version (latest by default), with the total that match."""
    actor = ctx.require_actor()
    check_page_size(first)
    async with ctx.reading() as session:
        dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        number = _version_or_latest(version, dataset.latest_version)
        readable = _text_readable(actor)
        rows = await cases_at_version(
            session,
            dataset_id,
            number,
            where=where,
            after=decode_cursor(after) if after else None,
            limit=first + 1,
            readable=readable,
        )
        total = await _total(session, dataset_id, number, where, readable)
        views = await case_views(session, actor, dataset_id, rows[:first])
    page = Page(views, [encode_cursor(v.case_id) for v in views], len(rows) > first, total)
    return page, number


def _text_readable(actor: Actor) -> Any:
    """Whose text the actor reads, for searches and twin checks: masked text is never
    matched, so it cannot be probed a character at a time."""
    return copied_text_readable(actor, DatasetCase.source, DatasetCase.source_conversation_id)


async def _total(
    session: AsyncSession, dataset_id: int, version: int, where: CaseFilter, readable: Any
) -> int:
    """How many cases match; an unfiltered read takes the count its version stored."""
    if where == CaseFilter():
        stored = await session.get(DatasetVersion, (dataset_id, version))
        return stored.case_count if stored is not None else 0
    return await count_cases_at_version(session, dataset_id, version, where, readable)


TAGS_MAX = 500


async def list_tags(ctx: ServiceContext, dataset_id: int, *, version: int | None) -> list[str]:
    """The tags of a version's cases (the newest by default), for filters and pickers."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        number = _version_or_latest(version, dataset.latest_version)
        return await tags_at_version(session, dataset_id, number, TAGS_MAX) if number else []


async def get_case(ctx: ServiceContext, case_id: int, *, version: int | None = None) -> CaseView:
    (found,) = await cases_at(ctx, [(case_id, version)])
    if isinstance(found, ServiceError):
        raise found
    return found


async def find_twins(
    ctx: ServiceContext, dataset_id: int, question: str, *, excluding: int | None = None
) -> list[CaseView]:
    """Cases of the newest version asking the same question, ignoring case and spacing."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        return await twins_in_version(
            session, actor, dataset_id, dataset.latest_version, question, excluding
        )


async def twins_in_version(
    session: AsyncSession,
    actor: Actor,
    dataset_id: int,
    version: int,
    question: str,
    excluding: int | None,
) -> list[CaseView]:
    """Cases of ``version`` asking ``question``, compared without regard to case or spacing,
    among those whose text the actor may read."""
    key = question_key(question)
    if not key or version == 0:
        return []
    rows = await cases_at_version(
        session,
        dataset_id,
        version,
        where=CaseFilter(question_key=key),
        limit=20,
        readable=_text_readable(actor),
    )
    return await case_views(session, actor, dataset_id, [r for r in rows if r.case_id != excluding])


async def add_case(
    ctx: ServiceContext,
    dataset_id: int,
    raw: dict[str, Any],
    *,
    allow_twin: bool = False,
    source: str = "manual",
    link: SourceLink | None = None,
) -> CaseWrite:
    """Add one case as a new version. A twin stops the add unless ``allow_twin``."""
    actor = ctx.require_actor()
    content, redacted = intake_case(raw)
    async with ctx.transaction() as session:
        writer = await open_version(
            session, actor, dataset_id, ctx.settings.dataset_max_version_rows_per_org
        )
        twins = await twins_in_version(
            session, actor, dataset_id, writer.dataset.latest_version, content.input, None
        )
        if twins and not allow_twin:
            return CaseWrite(None, writer.dataset.latest_version, twins, changed=False)
        case_id, version = await write_added_case(
            ctx, session, writer, content, source=source, link=link, redacted=redacted
        )
        view = await case_at(session, actor, dataset_id, version.version, case_id)
    return CaseWrite(view, version.version, twins)


async def _latest_change(
    session: AsyncSession, dataset_id: int, case_id: int
) -> VersionChange | None:
    return (
        await session.execute(
            select(VersionChange)
            .where(VersionChange.dataset_id == dataset_id, VersionChange.case_id == case_id)
            .order_by(VersionChange.version.desc())  # type: ignore[attr-defined]
            .limit(1)
        )
    ).scalar_one_or_none()


def _check_base(base_version: int, latest: int, change: VersionChange) -> None:
    if base_version < 1 or base_version > latest:
        raise BadUserInput.at("baseVersion", f"must be a version of this dataset (1 to {latest})")
    if change.version > base_version:
        what = "removed" if change.revision_id is None else "changed"
        raise Conflict(
            f"this case was {what} in version {change.version}, after version {base_version} "
            "this edit was based on; reload it and make the edit again"
        )


async def _open_case_version(
    ctx: ServiceContext, session: AsyncSession, actor: Actor, case_id: int, base_version: int | None
) -> tuple[DatasetCase, VersionWriter]:
    """Lock the case's dataset for a new version; refuse a stale base or a case already gone."""
    case, _ = await load_case(session, actor, case_id, Permission.DATASETS_EDIT)
    writer = await open_version(
        session, actor, case.dataset_id, ctx.settings.dataset_max_version_rows_per_org
    )
    change = await _latest_change(session, case.dataset_id, case_id)
    if change is None:
        raise NotFound("case")
    if base_version is not None:
        _check_base(base_version, writer.dataset.latest_version, change)
    if change.revision_id is None:
        raise NotFound("case in the newest version")
    return case, writer


async def update_case(
    ctx: ServiceContext, case_id: int, *, base_version: int, patch: dict[str, Any]
) -> CaseWrite:
    """Edit a case: the fields the patch names change, the rest keep their value."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        case, writer = await _open_case_version(ctx, session, actor, case_id, base_version)
        current = await case_at(
            session, actor, case.dataset_id, writer.dataset.latest_version, case_id
        )
        assert current is not None
        if current.masked:
            touched = copied_fields_in(patch)
            if touched:
                raise Forbidden(
                    f"{touched[0]} holds text copied from a conversation you may not read; "
                    "you can change this case's tags, checks and settings only"
                )
        content, redacted = intake_case({**case_fields(current.content), **patch})
        if content == current.content:
            return CaseWrite(current, writer.dataset.latest_version, [], changed=False)
        writer.revise(case_id, current.revision + 1, content)
        if case.anonymised_at is not None and not still_anonymised(content):
            # Its curator rewrote the question: eval runs take it again.
            case.anonymised_at = None
        version = await writer.finish("edit", {"edited": 1})
        await audit.record(
            session,
            actor,
            "case.edit",
            resource_type=DATASET_KIND,
            resource_id=case.dataset_id,
            summary={
                "version": version.version,
                "case_id": case_id,
                "fields": sorted(patch),
                "redacted": redacted,
            },
            request_id=ctx.request_id,
        )
        view = await case_at(session, actor, case.dataset_id, version.version, case_id)
    return CaseWrite(view, version.version, [])


async def remove_case(ctx: ServiceContext, case_id: int, *, base_version: int | None) -> int:
    """Delete a case (spec: "Deleting the case removes it"): a new version without it, and
    its text erased from every version before, as an erasure erases it - those versions
    keep that the case was there, its id, checks, tags and expected calls, with `[erased]`
    for its words, and eval runs leave it out. Audited with what was erased, as an
    erasure is. Returns the new version."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        case, writer = await _open_case_version(ctx, session, actor, case_id, base_version)
        writer.remove(case_id)
        version = await writer.finish("remove", {"removed": 1})
        erased = await erase_case_text(session, [case_id])
        await audit.record(
            session,
            actor,
            "case.remove",
            resource_type=DATASET_KIND,
            resource_id=case.dataset_id,
            summary={"version": version.version, "case_id": case_id, **erased.summary()},
            request_id=ctx.request_id,
        )
    return version.version


async def list_versions(
    ctx: ServiceContext, dataset_id: int, *, first: int = 100, before: int | None = None
) -> list[DatasetVersion]:
    """The newest versions first (the console lists a hundred; older ones open by number)."""
    actor = ctx.require_actor()
    check_page_size(first)
    async with ctx.reading() as session:
        await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        query = select(DatasetVersion).where(DatasetVersion.dataset_id == dataset_id)
        if before is not None:
            query = query.where(DatasetVersion.version < before)
        query = query.order_by(DatasetVersion.version.desc()).limit(first)  # type: ignore[attr-defined]
        return list((await session.execute(query)).scalars().all())


async def get_version(ctx: ServiceContext, dataset_id: int, number: int) -> DatasetVersion:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        version = await session.get(DatasetVersion, (dataset_id, number))
    if version is None:
        raise NotFound(f"version {number}")
    return version
