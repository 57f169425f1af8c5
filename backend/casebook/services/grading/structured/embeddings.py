"""Embedding an answer's texts for the structured ladder: one request, references cached.

Spec (structured-scoring, cost discipline): every text an answer needs -
each field and each list item, of the reference and of the answer - is
embedded in **one** request, and the reference's embeddings are cached by
content hash, so scoring against the same reference again embeds only the
answer's texts (and makes no request at all when nothing is left to embed).

The cache (``reference_embeddings``) is keyed by organization, embedding
model identity and ``content_hash(text)``; only reference texts go in it: they
are the dataset's, while the answer's texts are an agent's output, kept no
longer than the score's own copy of the answer.
"""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col

from casebook.db.models import ReferenceEmbedding
from casebook.domain.structured import ComparisonPlan, EmbeddingTable, content_hash
from casebook.services.grading.structured.models import ChosenModel
from casebook.services.kernel.context import ServiceContext

VECTOR_DTYPE = np.dtype("<f4")
# Rows a statement inserts at once: PostgreSQL takes at most 32,767 bound parameters.
INSERT_CHUNK = 1000


@dataclass(frozen=True)
class EmbeddedAnswer:
    """The table of every planned text, and what it took: texts sent, cache hits, requests."""

    table: EmbeddingTable
    embedded_texts: int
    cached_reference_texts: int
    requests: int
    cost_usd: float


def _to_bytes(vector: Sequence[float]) -> bytes:
    return np.asarray(vector, dtype=VECTOR_DTYPE).tobytes()


def _from_bytes(raw: bytes) -> np.ndarray:
    return np.frombuffer(raw, dtype=VECTOR_DTYPE)


async def cached_reference_vectors(
    ctx: ServiceContext, organization_id: int, model_identity: str, texts: Sequence[str]
) -> dict[str, np.ndarray]:
    if not texts:
        return {}
    by_hash = {content_hash(text): text for text in texts}
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(col(ReferenceEmbedding.content_hash), col(ReferenceEmbedding.vector)).where(
                    ReferenceEmbedding.organization_id == organization_id,
                    ReferenceEmbedding.model_key == model_identity,
                    col(ReferenceEmbedding.content_hash).in_(list(by_hash)),
                )
            )
        ).all()
    return {by_hash[digest]: _from_bytes(raw) for digest, raw in rows}


async def remember_reference_vectors(
    ctx: ServiceContext,
    organization_id: int,
    model_identity: str,
    vectors: dict[str, Sequence[float]],
) -> None:
    """Keep new reference vectors; one scored at the same moment elsewhere is kept as it is."""
    if not vectors:
        return
    rows = [
        {
            "organization_id": organization_id,
            "model_key": model_identity,
            "content_hash": content_hash(text),
            "dimensions": len(vector),
            "vector": _to_bytes(vector),
        }
        for text, vector in vectors.items()
    ]
    async with ctx.transaction() as session:
        for start in range(0, len(rows), INSERT_CHUNK):
            chunk = rows[start : start + INSERT_CHUNK]
            await session.execute(insert(ReferenceEmbedding).values(chunk).on_conflict_do_nothing())


async def embed_answer(
    ctx: ServiceContext, organization_id: int, model: ChosenModel, plan: ComparisonPlan
) -> EmbeddedAnswer:
    """Every planned text embedded: cached reference vectors, the rest in one request.

    Raises the provider's errors (``BudgetExhausted`` before any call is made)."""
    cached = await cached_reference_vectors(
        ctx, organization_id, model.identity, plan.reference_texts
    )
    new_references = [text for text in plan.reference_texts if text not in cached]
    to_embed = [*new_references, *plan.candidate_texts]
    vectors: dict[str, Sequence[float] | np.ndarray] = dict(cached)
    requests, cost = 0, 0.0
    if to_embed:
        result = await model.provider.embed(model.model, to_embed)
        requests, cost = model.requests_for(len(to_embed)), result.cost_usd
        vectors.update(zip(to_embed, result.vectors, strict=True))
        await remember_reference_vectors(
            ctx,
            organization_id,
            model.identity,
            {text: result.vectors[index] for index, text in enumerate(new_references)},
        )
    table = EmbeddingTable(plan.texts, [vectors[text] for text in plan.texts])
    return EmbeddedAnswer(table, len(to_embed), len(cached), requests, cost)
