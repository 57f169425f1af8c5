"""A dataset's coverage as its readers see it (``domain.generation.coverage``): the cases
of its newest version by tag and by source, with each case's latest score, and the gaps.

Needs ``datasets:view``, the permission its cases and scores are read with; a dataset of
another organization, or one the reader may not see, is "not found". Tags and sources are
never masked, so a case copied from a conversation the reader may not open counts like
any other. Two statements whatever the size: the dataset, then its cases joined to their
latest scores.
"""

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import distinct_on
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import CaseRevision, DatasetCase, Score
from casebook.db.queries.cases_at_version import CaseFilter, latest_changes
from casebook.domain.access.catalog import Permission
from casebook.domain.generation.coverage import Coverage, CoveredCase, coverage_of
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext

_revisions = CaseRevision.__table__.c  # type: ignore[attr-defined]
_cases = DatasetCase.__table__.c  # type: ignore[attr-defined]
_scores = Score.__table__.c  # type: ignore[attr-defined]


async def _covered_cases(session: AsyncSession, dataset_id: int, version: int) -> list[CoveredCase]:
    latest = latest_changes(dataset_id, version, CaseFilter())
    # Each case's newest score, whichever version or agent it graded.
    newest_score = (
        select(_scores.case_id, _scores.outcome)
        .ext(distinct_on(_scores.case_id))
        .where(_scores.dataset_id == dataset_id)
        .order_by(_scores.case_id, _scores.id.desc())
        .subquery("newest_score")
    )
    query = (
        select(_cases.source, _revisions.tags, newest_score.c.outcome)
        .select_from(latest)
        .join(CaseRevision.__table__, _revisions.id == latest.c.revision_id)  # type: ignore[attr-defined]
        .join(DatasetCase.__table__, _cases.id == latest.c.case_id)  # type: ignore[attr-defined]
        .outerjoin(newest_score, newest_score.c.case_id == latest.c.case_id)
    )
    rows = await session.execute(query)
    return [CoveredCase(source, tuple(tags), outcome) for source, tags, outcome in rows]


async def dataset_coverage(ctx: ServiceContext, dataset_id: int) -> Coverage:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        if dataset.latest_version == 0:
            return coverage_of([])
        return coverage_of(await _covered_cases(session, dataset_id, dataset.latest_version))
