"""Score again on the Review answers view (spec: "The judge": "Score again on a result
that was not graded - or on every one in an eval run's group on the Results → Review
answers view"): every answer of the view, as filtered, that some scorer reached no
verdict on - up to 500, the newest first - graded anew by Score again's jobs, ten scores
a job (the bound of one request to Score again). Every score is checked before any job
is queued, so a refusal names its score and nothing is graded. Needs ``runs:view`` and
``datasets:run``, as Score again does."""

from sqlalchemy import func, select
from sqlmodel import col

from casebook.db.models import Job, Score
from casebook.domain.access.catalog import Permission
from casebook.domain.review.queue import MAX_SCORES_PER_REQUEST
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading import rescoring
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.review.reading import AnswersFilter


async def score_ungraded_again(
    ctx: ServiceContext, dataset_id: int, wanted: AnswersFilter | None
) -> tuple[list[Job], int]:
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    query = select(col(Score.id)).where(
        Score.dataset_id == dataset_id, func.cardinality(Score.without_verdict) > 0
    )
    if wanted is not None:
        query = wanted.checked().where(query)
    async with ctx.reading() as session:
        await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_RUN
        )
        rows = await session.execute(
            query.order_by(col(Score.id).desc()).limit(MAX_SCORES_PER_REQUEST)
        )
        ids = [int(i) for i in rows.scalars()]
    if not ids:
        return [], 0
    return await rescoring.request_rescore_in_groups(ctx, dataset_id, ids), len(ids)
