"""Score again for the structured scorer (spec: structured-scoring, stale scores).

The structured scorer, whether its result is stale or it reached no verdict,
grades against the case's current verified reference (the dataset's newest
version) and the dataset's current structured settings, which the score's
configuration copy then records; the answer graded is the copy the score
kept, so the agent does not run again. Refused, as a cause still there, when
the scorer is switched off, the case left the newest version, its reference
is not verified JSON, or a model it needs cannot be called now.
"""

from casebook.db.models import Dataset, Score
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.domain.grading.structured_scorer import not_scored_against, with_structured_of
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading.structured.default_model import scored_with
from casebook.services.grading.structured.scoring import (
    CASE_GONE,
    SWITCHED_OFF,
    StructuredGrading,
    grade_structured,
    structured_unavailable,
)
from casebook.services.grading.structured.staleness import references_now
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import NotFound


async def structured_refusal(ctx: ServiceContext, dataset: Dataset, score: Score) -> str | None:
    """Why the structured scorer could not grade the score again now, or None."""
    async with ctx.reading() as session:
        reference = (await references_now(session, dataset, (score.case_id,))).get(score.case_id)
        settings = await scored_with(session, dataset)
    case = reference.content if reference is not None else None
    return await structured_unavailable(ctx, score.organization_id, settings, case)


async def structured_again(
    ctx: ServiceContext, score: Score, kept: ScoringConfig
) -> tuple[ScoringConfig, StructuredGrading]:
    """The structured scorer's grading against the case and dataset as they are now, and the
    score's configuration copy with the structured settings it was graded with."""
    async with ctx.reading() as session:
        dataset = await session.get(Dataset, score.dataset_id)
        if dataset is None:
            raise NotFound(DATASET_KIND)
        reference = (await references_now(session, dataset, (score.case_id,))).get(score.case_id)
        settings = await scored_with(session, dataset)
    config_now = read_scoring_config(dataset.scoring)
    if settings is None:
        return kept, StructuredGrading(not_scored_against(SWITCHED_OFF))
    if reference is None:
        return kept, StructuredGrading(not_scored_against(CASE_GONE))
    grading = await grade_structured(
        ctx,
        score.organization_id,
        settings,
        reference.content,
        reference.reference_revision_id,
        score.answer_text or "",
    )
    return with_structured_of(kept, config_now), grading
