"""A case as a reader sees it, and reads of many cases and counts in one go.

Copied conversation text is marked masked for a reader who may not read that
conversation (services/activity/access); the API shows the mask, and a case whose
source is gone stays masked. Reads of
many cases - each at its own version - and of many datasets' counts take a
constant number of statements and decide access once per dataset.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.case_content import content_from_json
from casebook.db.models import DatasetVersion
from casebook.db.queries.cases_at_version import CaseKey, CaseRow, KeyedCase, cases_at_keys
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.cases.model import CaseContent
from casebook.services.activity.access import copied_text_hidden
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.datasets.versioning import SourceLink
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import NotFound, ServiceError


@dataclass(frozen=True)
class CaseView:
    case_id: int
    dataset_id: int
    revision: int
    content: CaseContent
    source: str
    link: SourceLink
    masked: bool
    changed_in_version: int
    created_at: datetime | None
    revised_at: datetime | None
    anonymised_at: datetime | None = None


def case_view(dataset_id: int, row: CaseRow, masked: bool) -> CaseView:
    return CaseView(
        case_id=row.case_id,
        dataset_id=dataset_id,
        revision=row.revision,
        content=content_from_json(row.content),
        source=row.source,
        link=SourceLink(
            row.source_run_id,
            row.source_conversation_id,
            row.source_message_id,
            row.source_question_message_id,
            row.source_document_id,
            row.source_passage_id,
        ),
        masked=masked,
        changed_in_version=row.changed_in_version,
        created_at=row.case_created_at,
        revised_at=row.revision_created_at,
        anonymised_at=row.anonymised_at,
    )


async def case_views(
    session: AsyncSession, actor: Actor, dataset_id: int, rows: list[CaseRow]
) -> list[CaseView]:
    masked = await copied_text_hidden(
        session, actor, [(r.source, r.source_conversation_id) for r in rows]
    )
    return [case_view(dataset_id, r, hidden) for r, hidden in zip(rows, masked, strict=True)]


async def case_counts(
    ctx: ServiceContext, datasets: list[tuple[int, int]]
) -> list[int | ServiceError]:
    """How many cases each (dataset id, version) holds, in one query; versions store it."""
    if not datasets:
        return []
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        allowed = await sharing.authorize_many(
            session, actor, DATASET_KIND, (d for d, _ in datasets), Permission.DATASETS_VIEW
        )
        readable = [key for key in datasets if not isinstance(allowed[key[0]], ServiceError)]
        found: dict[tuple[int, int], int] = {}
        if readable:
            rows = await session.execute(
                select(
                    col(DatasetVersion.dataset_id),
                    col(DatasetVersion.version),
                    col(DatasetVersion.case_count),
                ).where(tuple_(DatasetVersion.dataset_id, DatasetVersion.version).in_(readable))
            )
            found = {(d, v): n for d, v, n in rows}
    counts: list[int | ServiceError] = []
    for dataset_id, version in datasets:
        refused = allowed[dataset_id]
        counts.append(
            refused if isinstance(refused, ServiceError) else found.get((dataset_id, version), 0)
        )
    return counts


async def cases_at(ctx: ServiceContext, keys: list[CaseKey]) -> list[CaseView | ServiceError]:
    """Each (case id, version) asked for - None reads the newest version - or why it cannot
    be read: the case not found (a case of a dataset the reader may not see included), the
    version not one of the dataset's, or the case not in that version. One statement for
    any number of cases, their datasets and the reader's grants on them: a case of a
    dataset the reader may not see costs the one statement a case that never existed does,
    so the time of the answer tells nobody the case exists."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        epoch = sharing.read_epoch(session)
        found = await cases_at_keys(
            session, keys, with_dataset=[sharing.grant_levels_column(DATASET_KIND, actor)]
        )
        allowed = sharing.admit(
            session,
            actor,
            DATASET_KIND,
            {k.dataset_id: (k.dataset, k.dataset_extras[0]) for k in found.values()},
            Permission.DATASETS_VIEW,
            epoch=epoch,
            missing="case",
        )
        views = await _views_by_key(session, actor, found, allowed)
    return [views.get(key) or NotFound("case") for key in keys]


async def _views_by_key(
    session: AsyncSession,
    actor: Actor,
    found: dict[CaseKey, KeyedCase],
    allowed: dict[int, Any],
) -> dict[CaseKey, CaseView | ServiceError]:
    views: dict[CaseKey, CaseView | ServiceError] = {}
    readable: dict[CaseKey, tuple[int, CaseRow]] = {}
    for key, keyed in found.items():
        dataset = allowed[keyed.dataset_id]
        _, asked = key
        if isinstance(dataset, ServiceError):
            views[key] = dataset
        elif asked is not None and not 1 <= asked <= dataset.latest_version:
            views[key] = NotFound(f"version {asked}")
        elif keyed.row is None:
            views[key] = NotFound(f"case in version {keyed.version}")
        else:
            readable[key] = (keyed.dataset_id, keyed.row)
    masked = await copied_text_hidden(
        session, actor, [(r.source, r.source_conversation_id) for _, r in readable.values()]
    )
    for (key, (dataset_id, row)), hidden in zip(readable.items(), masked, strict=True):
        views[key] = case_view(dataset_id, row, hidden)
    return views
