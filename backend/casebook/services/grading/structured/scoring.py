"""The structured reference scorer on one answer (spec: structured-scoring).

The order of work, each step's rules in ``domain.structured``:

1. the case's reference must be verified JSON (``verified_reference``); an
   unverified one is the reason the scorer gives no verdict;
2. ``plan_comparison`` lists the texts to embed; the reference's come from
   the cache when they can, everything else goes in **one** embeddings request
   (``services.embeddings``) - none without an embedding model, and then the
   score falls back to exact matching and says so;
3. ``plan_judge`` lists the pairs the judge grades, all in **one** call;
4. ``score_structured`` gives completeness, correctness, quality and the
   per-field breakdown.

Every model call is metered (``services.structured_models``). A model that
cannot be called, a spent budget, a failed call or a judge reply that cannot
be read leave the scorer without a verdict, with the reason - never a guessed
score. The ladder's arithmetic runs off the event loop; the process runs BLAS
single-threaded (``casebook.blas_threads``), since one answer makes many small
matrix products and parallelism belongs across answers.
"""

import asyncio
from dataclasses import dataclass, field

from casebook.domain.cases.model import CaseContent
from casebook.domain.grading.results import ScorerResult
from casebook.domain.grading.structured_judge import (
    UnreadableGrades,
    build_structured_judge_prompt,
    read_structured_grades,
)
from casebook.domain.grading.structured_scorer import (
    not_scored_against,
    reference_refusal,
    scoring_failed,
    structured_result,
)
from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured import (
    EmbeddingTable,
    JudgeRequest,
    ScoringInputError,
    StructuredScore,
    StructuredSettings,
    candidate_from_answer,
    plan_comparison,
    plan_judge,
    score_structured,
    structured_config_hash,
    verified_reference,
)
from casebook.llm.errors import BudgetExhausted, ProviderError
from casebook.services.grading.judging import ask_judge_model, takes_temperature
from casebook.services.grading.structured.embeddings import embed_answer
from casebook.services.grading.structured.models import (
    ChosenModel,
    model_unavailable,
    open_model,
    shown_model,
)
from casebook.services.kernel.context import ServiceContext

SWITCHED_OFF = "the structured scorer is switched off in the dataset's Settings"
CASE_GONE = "the case is no longer in the dataset's newest version"


@dataclass
class Figures:
    """What scoring one answer took: texts embedded, reference texts read from the cache,
    embeddings requests, pairs the judge graded, and what the calls cost."""

    embedded_texts: int = 0
    cached_reference_texts: int = 0
    embedding_requests: int = 0
    judged_pairs: int = 0
    cost_usd: float = 0.0


@dataclass(frozen=True)
class StructuredGrading:
    """The scorer's result and, when it reached a verdict, the score and what it was
    computed from (the reference revision and the configuration hash)."""

    result: ScorerResult
    score: StructuredScore | None = None
    reference_revision_id: int | None = None
    config_hash: str | None = None
    embedding_model: str | None = None
    judge_model: str | None = None
    figures: Figures = field(default_factory=Figures)


@dataclass
class _Run:
    """What one grading has spent so far, kept when a later step fails, and which model
    it was calling."""

    figures: Figures = field(default_factory=Figures)
    calling: str = "embedding model"


async def _grades(
    judge: ChosenModel, requests: tuple[JudgeRequest, ...], run: _Run
) -> dict[str, int]:
    if not requests:
        return {}
    prompt = build_structured_judge_prompt(
        requests, model_takes_temperature=takes_temperature(judge.model)
    )
    run.calling = "judge"
    reply = await ask_judge_model(judge.provider, prompt, judge.model)
    run.figures.judged_pairs = len(requests)
    run.figures.cost_usd += reply.cost_usd
    return read_structured_grades(reply.text, requests)


async def _score(
    ctx: ServiceContext,
    organization_id: int,
    settings: StructuredSettings,
    sides: tuple[JSONValue, JSONValue],
    models: tuple[ChosenModel | None, ChosenModel | None],
    run: _Run,
) -> StructuredScore:
    reference, candidate = sides
    embedder, judge = models
    plan = await asyncio.to_thread(plan_comparison, reference, candidate, settings)
    table: EmbeddingTable | None = None
    if embedder is not None:
        embedded = await embed_answer(ctx, organization_id, embedder, plan)
        table = embedded.table
        figures = run.figures
        figures.embedded_texts = embedded.embedded_texts
        figures.cached_reference_texts = embedded.cached_reference_texts
        figures.embedding_requests = embedded.requests
        figures.cost_usd += embedded.cost_usd
    grades: dict[str, int] | None = None
    if judge is not None:
        requests = await asyncio.to_thread(plan_judge, reference, candidate, settings, table)
        grades = await _grades(judge, requests, run)
    return await asyncio.to_thread(score_structured, reference, candidate, settings, table, grades)


async def _open_models(
    ctx: ServiceContext, organization_id: int, settings: StructuredSettings
) -> tuple[ChosenModel | None, ChosenModel | None] | str:
    """The embedding model and the judge the settings name (None when they name none), or
    why one of them cannot be called now."""
    embedder: ChosenModel | None = None
    if settings.embedding_model is not None:
        opened = await open_model(ctx, organization_id, settings.embedding_model, embeddings=True)
        if isinstance(opened, str):
            return opened
        embedder = opened
    if settings.judge_model is None:
        return embedder, None
    judge = await open_model(ctx, organization_id, settings.judge_model, embeddings=False)
    if isinstance(judge, str):
        if embedder is not None:
            await embedder.provider.aclose()
        return judge
    return embedder, judge


async def grade_structured(
    ctx: ServiceContext,
    organization_id: int,
    settings: StructuredSettings,
    case: CaseContent,
    reference_revision_id: int,
    answer: str,
) -> StructuredGrading:
    """The structured scorer's grading of ``answer`` against the case's reference as
    ``case`` holds it, which came in at ``reference_revision_id``."""
    refused = reference_refusal(case)
    if refused is not None:
        return StructuredGrading(not_scored_against(refused))
    reference, candidate = verified_reference(case), candidate_from_answer(answer)
    models = await _open_models(ctx, organization_id, settings)
    if isinstance(models, str):
        return StructuredGrading(not_scored_against(models))
    run = _Run()
    try:
        score = await _score(ctx, organization_id, settings, (reference, candidate), models, run)
    except BudgetExhausted as spent:
        return StructuredGrading(not_scored_against(spent.reason), figures=run.figures)
    except ProviderError as failed:
        reason = f"the structured scorer's {run.calling} call failed: {failed.message}"
        return StructuredGrading(scoring_failed(reason), figures=run.figures)
    except UnreadableGrades as unreadable:
        reason = f"the structured scorer's judge reply could not be read: {unreadable}"
        return StructuredGrading(scoring_failed(reason), figures=run.figures)
    except ScoringInputError as unusable:
        reason = f"the structured scorer's {run.calling} gave what it cannot use: {unusable}"
        return StructuredGrading(scoring_failed(reason), figures=run.figures)
    finally:
        for model in models:
            if model is not None:
                await model.provider.aclose()
    return StructuredGrading(
        result=structured_result(score, settings),
        score=score,
        reference_revision_id=reference_revision_id,
        config_hash=structured_config_hash(settings),
        embedding_model=shown_model(settings.embedding_model) if settings.embedding_model else None,
        judge_model=shown_model(settings.judge_model) if settings.judge_model else None,
        figures=run.figures,
    )


async def structured_unavailable(
    ctx: ServiceContext,
    organization_id: int,
    settings: StructuredSettings | None,
    case: CaseContent | None,
) -> str | None:
    """Why the structured scorer could not grade an answer to ``case`` now, or None.

    ``case`` None: the case left the newest version. Nothing is called."""
    if settings is None or not settings.enabled:
        return SWITCHED_OFF
    if case is None:
        return CASE_GONE
    refused = reference_refusal(case)
    if refused is not None:
        return refused
    for choice, embeddings in ((settings.embedding_model, True), (settings.judge_model, False)):
        if choice is not None:
            reason = await model_unavailable(ctx, organization_id, choice, embeddings=embeddings)
            if reason is not None:
                return reason
    return None
