"""The history of each case's reference answer, read with the case as a version holds it.

Staleness asks, per case, which revision brought in the reference the case
holds now: a walk back through its revisions comparing digests of the
reference text. One statement gives every revision of the asked cases, newest
first, with the content of the one the version holds.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import CaseRevision
from casebook.db.queries.cases_at_version import CaseFilter, latest_changes

_revisions = CaseRevision.__table__.c  # type: ignore[attr-defined]

# (revision number, revision id, digest of the reference text), newest first.
HistoryEntry = tuple[int, int, str | None]


@dataclass
class ReferenceHistory:
    case_id: int
    revision_id: int
    revision: int = 0
    content: dict[str, Any] = field(default_factory=dict)
    history: list[HistoryEntry] = field(default_factory=list)


async def reference_histories(
    session: AsyncSession, dataset_id: int, version: int, case_ids: Iterable[int]
) -> dict[int, ReferenceHistory]:
    """The asked cases the version holds, each with its revisions' reference digests."""
    wanted = tuple(dict.fromkeys(case_ids))
    if not wanted:
        return {}
    latest = latest_changes(dataset_id, version, CaseFilter(case_ids=wanted))
    held = _revisions.id == latest.c.revision_id
    query = (
        select(
            latest.c.case_id,
            latest.c.revision_id,
            _revisions.revision,
            _revisions.id,
            func.md5(_revisions.content["reference_answer"].astext),
            case((held, _revisions.content), else_=None),
        )
        .select_from(latest)
        .join(CaseRevision.__table__, _revisions.case_id == latest.c.case_id)  # type: ignore[attr-defined]
        .where(latest.c.revision_id.is_not(None))
        .order_by(latest.c.case_id, _revisions.revision.desc())
    )
    found: dict[int, ReferenceHistory] = {}
    for case_id, held_id, revision, revision_id, digest, content in await session.execute(query):
        entry = found.setdefault(case_id, ReferenceHistory(case_id, held_id))
        entry.history.append((revision, revision_id, digest))
        if revision_id == held_id:
            entry.revision, entry.content = revision, content
    return found
