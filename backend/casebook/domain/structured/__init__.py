"""Structured reference scoring (spec: seeds/structured-scoring.en.md).

A JSON answer is compared with a verified JSON reference field by field on
a ladder — exact, then embedding similarity (never for dates and booleans),
then a judge 0–100 for free text and non-identical numbers — with lists
scored as sets. The result carries completeness, correctness and quality and
a per-field breakdown naming the rung that decided each value.

Where each rule lives: ``values`` (what counts as exact, free text, null),
``dates`` (calendar reading), ``ladder`` (the rungs), ``walk`` (objects,
lists as sets, missing/extra), ``matrices`` (list pairing in bulk),
``result`` (sub-scores and their formulas), ``settings`` (strictness and
threshold, models, validation), ``scoring`` (the plan → embed → judge →
score flow), ``repetitions``, ``staleness``, ``reference``.
"""

from casebook.domain.structured.inputs import (
    EmbeddingTable,
    JudgeRequest,
    ScoringInputError,
    Vector,
    content_hash,
    judge_pair_key,
)
from casebook.domain.structured.ladder import MATCH_CREDIT, Rung
from casebook.domain.structured.reference import candidate_from_answer, verified_reference
from casebook.domain.structured.repetitions import RepetitionSummary, summarize_repetitions
from casebook.domain.structured.result import (
    EXACT_ONLY_NOTICE,
    FieldResult,
    ListMatch,
    ListResult,
    StructuredScore,
)
from casebook.domain.structured.scoring import (
    ComparisonPlan,
    plan_comparison,
    plan_judge,
    score_structured,
)
from casebook.domain.structured.settings import (
    LOCAL_EMBEDDING,
    LOCAL_EMBEDDING_MODEL,
    ModelChoice,
    StructuredSettings,
    embedding_threshold,
    parse_structured_settings,
    read_embedding_model,
)
from casebook.domain.structured.staleness import (
    ScoreBasis,
    effective_embedding_model,
    is_stale,
    structured_config_hash,
    with_default_embedding_model,
)

__all__ = [
    "EXACT_ONLY_NOTICE",
    "LOCAL_EMBEDDING",
    "LOCAL_EMBEDDING_MODEL",
    "MATCH_CREDIT",
    "ComparisonPlan",
    "EmbeddingTable",
    "FieldResult",
    "JudgeRequest",
    "ListMatch",
    "ListResult",
    "ModelChoice",
    "RepetitionSummary",
    "Rung",
    "ScoreBasis",
    "ScoringInputError",
    "StructuredScore",
    "StructuredSettings",
    "Vector",
    "candidate_from_answer",
    "content_hash",
    "effective_embedding_model",
    "embedding_threshold",
    "is_stale",
    "judge_pair_key",
    "parse_structured_settings",
    "plan_comparison",
    "plan_judge",
    "read_embedding_model",
    "score_structured",
    "structured_config_hash",
    "summarize_repetitions",
    "verified_reference",
    "with_default_embedding_model",
]
