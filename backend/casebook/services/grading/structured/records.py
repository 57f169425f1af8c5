"""What a score keeps of its structured result, and reading it back.

The score row keeps the quality and what the result was computed from (the
reference revision and the configuration hash, which staleness compares with
the case and dataset now); ``structured_results`` keeps the sub-scores,
notices, models, figures and the per-field and per-list breakdown, whose
values pass through the same credential redaction as the score's copy of the
answer. Graded again, a score's structured result replaces the one before.
"""

from collections.abc import Iterable
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Score, StructuredResult
from casebook.domain.access.catalog import Permission
from casebook.domain.grading.structured_judge import STRUCTURED_JUDGE_TASK_VERSION
from casebook.domain.redaction import redact_json
from casebook.domain.structured import StructuredScore
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading.structured.scoring import StructuredGrading
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext


def _breakdown(score: StructuredScore) -> dict[str, Any]:
    document = score.as_json()
    kept, _ = redact_json({"fields": document["fields"], "lists": document["lists"]})
    assert isinstance(kept, dict)
    return kept


async def record_structured(
    session: AsyncSession, score: Score, grading: StructuredGrading | None
) -> None:
    """Keep the grading on the score (flushed, so it has an id): its quality and basis on
    the row, its breakdown beside it, replacing an earlier one. Without a verdict the score
    holds no structured result, so it reads as not graded by this scorer, not as stale."""
    if grading is None:
        return
    assert score.id is not None
    await session.execute(delete(StructuredResult).where(StructuredResult.score_id == score.id))
    found = grading.score
    score.structured_quality = found.quality if found else None
    score.structured_reference_revision_id = grading.reference_revision_id if found else None
    score.structured_config_hash = grading.config_hash if found else None
    if found is None:
        return
    figures = grading.figures
    session.add(
        StructuredResult(
            score_id=score.id,
            organization_id=score.organization_id,
            completeness=found.completeness,
            correctness=found.correctness,
            quality=found.quality,
            passed=found.passed,
            fell_back_to_exact=found.fell_back_to_exact,
            notices=list(found.notices),
            embedding_model=grading.embedding_model,
            judge_model=grading.judge_model,
            judge_task_version=STRUCTURED_JUDGE_TASK_VERSION if grading.judge_model else None,
            embedded_texts=figures.embedded_texts,
            cached_reference_texts=figures.cached_reference_texts,
            embedding_requests=figures.embedding_requests,
            judged_pairs=figures.judged_pairs,
            cost_usd=figures.cost_usd,
            breakdown=_breakdown(found),
        )
    )


async def structured_results_of(
    ctx: ServiceContext, dataset_id: int, score_ids: Iterable[int]
) -> dict[int, StructuredResult]:
    """The structured results of these scores of the dataset, by score id (``datasets:view``);
    a score without one is left out."""
    actor = ctx.require_actor()
    wanted = list(dict.fromkeys(score_ids))
    async with ctx.reading() as session:
        await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        rows = (
            await session.execute(
                select(StructuredResult)
                .join(Score, col(Score.id) == col(StructuredResult.score_id))
                .where(Score.dataset_id == dataset_id, col(StructuredResult.score_id).in_(wanted))
            )
        ).scalars()
        return {row.score_id: row for row in rows}
