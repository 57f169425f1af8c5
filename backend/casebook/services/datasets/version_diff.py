"""Any two versions of a dataset side by side: the cases added, removed and changed, a
page at a time (``domain.cases.version_diff`` is the rule).

One statement reads a page and its counts. It starts from the change rows between the
two versions - ``version_changes`` of the versions after the lower up to the higher,
through ``ix_version_changes_dataset_version`` - and reads each such case's revision at
both versions through the primary key, so its cost grows with what changed between
them, not with the dataset's size. A case whose content is the same at both did not
change and is left out in the statement itself, so a page is always full.

The cases themselves (each at its version, with copied text masked for a reader who
may not read it) are read by the caller through the case loader, which decides access
once per request; this function decides access to the dataset first.
"""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Dataset
from casebook.db.pagination import Page, check_page_size, decode_cursor, encode_cursor
from casebook.domain.access.catalog import Permission
from casebook.domain.cases.version_diff import ChangeKind, changed_fields
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext


@dataclass(frozen=True, slots=True)
class VersionCaseChange:
    case_id: int
    kind: ChangeKind
    fields: tuple[str, ...]
    # The versions to read the case at on each side; None where the case is absent.
    before_version: int | None
    after_version: int | None


@dataclass(frozen=True, slots=True)
class VersionDiffCounts:
    added: int = 0
    removed: int = 0
    changed: int = 0

    @property
    def total(self) -> int:
        return self.added + self.removed + self.changed


@dataclass(frozen=True, slots=True)
class VersionDiffPage:
    page: Page[VersionCaseChange]
    counts: VersionDiffCounts


# Per case touched between the two versions: its revision at each (NULL: absent or
# removed) and their content; only those that differ; counts over all of them, a page
# after the cursor.
_DIFF = text(
    """
WITH touched AS (
    SELECT DISTINCT case_id FROM version_changes
    WHERE dataset_id = :dataset AND version > :low AND version <= :high
), sides AS (
    SELECT t.case_id, rb.content AS before, ra.content AS after
    FROM touched t
    LEFT JOIN LATERAL (
        SELECT revision_id FROM version_changes v
        WHERE v.dataset_id = :dataset AND v.case_id = t.case_id AND v.version <= :before
        ORDER BY v.version DESC LIMIT 1
    ) b ON true
    LEFT JOIN LATERAL (
        SELECT revision_id FROM version_changes v
        WHERE v.dataset_id = :dataset AND v.case_id = t.case_id AND v.version <= :after
        ORDER BY v.version DESC LIMIT 1
    ) a ON true
    LEFT JOIN case_revisions rb ON rb.id = b.revision_id
    LEFT JOIN case_revisions ra ON ra.id = a.revision_id
), differing AS (
    SELECT case_id, before, after,
        CASE WHEN before IS NULL THEN 'added' WHEN after IS NULL THEN 'removed'
            ELSE 'changed' END AS kind
    FROM sides
    WHERE (before IS NULL) <> (after IS NULL)
        OR (before IS NOT NULL AND after IS NOT NULL AND before <> after)
), counted AS (
    SELECT case_id, before, after, kind,
        count(*) FILTER (WHERE kind = 'added') OVER () AS added,
        count(*) FILTER (WHERE kind = 'removed') OVER () AS removed,
        count(*) FILTER (WHERE kind = 'changed') OVER () AS changed
    FROM differing
)
SELECT case_id, before, after, kind, added, removed, changed FROM (
    SELECT * FROM counted
    UNION ALL
    -- One row of counts even when no change comes after the cursor.
    SELECT NULL, NULL, NULL, NULL,
        (SELECT count(*) FROM differing WHERE kind = 'added'),
        (SELECT count(*) FROM differing WHERE kind = 'removed'),
        (SELECT count(*) FROM differing WHERE kind = 'changed')
) page
WHERE case_id IS NULL OR case_id > :after_case
ORDER BY case_id NULLS FIRST
LIMIT :limit
"""
)


def _check_version(number: int, latest: int, path: str) -> None:
    if not 1 <= number <= latest:
        raise ValidationFailed(
            [FieldError(path, f"names no version of the dataset: it has versions 1 to {latest}")]
        )


async def _page(
    session: AsyncSession, dataset_id: int, before: int, after: int, *, first: int, cursor: int
) -> tuple[list[VersionCaseChange], bool, VersionDiffCounts]:
    rows = (
        await session.execute(
            _DIFF,
            {
                "dataset": dataset_id,
                "low": min(before, after),
                "high": max(before, after),
                "before": before,
                "after": after,
                "after_case": cursor,
                "limit": first + 2,
            },
        )
    ).all()
    counts = VersionDiffCounts()
    changes: list[VersionCaseChange] = []
    for case_id, was, now, kind, added, removed, changed in rows:
        if case_id is None:
            counts = VersionDiffCounts(int(added), int(removed), int(changed))
            continue
        changes.append(_change(case_id, kind, was, now, before, after))
    return changes[:first], len(changes) > first, counts


def _change(
    case_id: int, kind: ChangeKind, was: Any, now: Any, before: int, after: int
) -> VersionCaseChange:
    fields = changed_fields(was, now) if was is not None and now is not None else ()
    return VersionCaseChange(
        case_id=case_id,
        kind=kind,
        fields=fields,
        before_version=before if was is not None else None,
        after_version=after if now is not None else None,
    )


async def version_diff(
    ctx: ServiceContext,
    dataset_id: int,
    before: int,
    after: int,
    *,
    first: int,
    cursor: str | None,
) -> VersionDiffPage:
    """The cases that differ between version ``before`` and version ``after`` (either
    may be the later), in case id order."""
    check_page_size(first)
    start = decode_cursor(cursor) if cursor is not None else 0
    async with ctx.reading() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, ctx.require_actor(), DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        _check_version(before, dataset.latest_version, "from")
        _check_version(after, dataset.latest_version, "to")
        if before == after:
            return VersionDiffPage(Page([], [], False, 0), VersionDiffCounts())
        changes, more, counts = await _page(
            session, dataset_id, before, after, first=first, cursor=start
        )
    return VersionDiffPage(
        Page(changes, [encode_cursor(c.case_id) for c in changes], more, counts.total), counts
    )
