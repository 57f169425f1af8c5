"""Structured reference scoring: each score's breakdown, and the reference embeddings cache.

- ``structured_results``: the structured scorer's result of one score - the
  three sub-scores, the notices, which models it used, what it cost, how many
  texts it embedded and pairs the judge graded, and the per-field and per-list
  breakdown (credentials redacted). One row per score, replaced when the score
  is graded again; the score row keeps the quality and what it was computed from.
- ``reference_embeddings``: the vector of a reference text, by organization,
  embedding model and the text's content hash, so scoring the same reference
  again embeds only the answer's texts. The model is named by its identity
  (``local:all-minilm-l6-v2``, ``connection:<id>:<model>``); vectors are
  little-endian float32, ``dimensions`` long.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    PrimaryKeyConstraint,
    String,
    Text,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlmodel import Field, SQLModel

from casebook.db.models.base import created_at_column, jsonb_column


def _organization_column() -> Any:
    return Column(BigInteger, ForeignKey("organizations.id", ondelete="CASCADE"), nullable=False)


class StructuredResult(SQLModel, table=True):
    __tablename__ = "structured_results"

    score_id: int = Field(
        sa_column=Column(BigInteger, ForeignKey("scores.id", ondelete="CASCADE"), primary_key=True)
    )
    organization_id: int = Field(sa_column=_organization_column())
    completeness: float = Field(sa_column=Column(Float, nullable=False))
    correctness: float = Field(sa_column=Column(Float, nullable=False))
    quality: float = Field(sa_column=Column(Float, nullable=False))
    passed: bool = Field(sa_column=Column(Boolean, nullable=False))
    fell_back_to_exact: bool = Field(sa_column=Column(Boolean, nullable=False))
    notices: list[str] = Field(
        default_factory=list,
        sa_column=Column(ARRAY(Text), nullable=False, server_default=text("'{}'::text[]")),
    )
    embedding_model: str | None = Field(default=None, sa_column=Column(String(300)))
    judge_model: str | None = Field(default=None, sa_column=Column(String(300)))
    judge_task_version: str | None = Field(default=None, sa_column=Column(String(40)))
    embedded_texts: int = Field(default=0, sa_column=Column(Integer, nullable=False))
    cached_reference_texts: int = Field(default=0, sa_column=Column(Integer, nullable=False))
    embedding_requests: int = Field(default=0, sa_column=Column(Integer, nullable=False))
    judged_pairs: int = Field(default=0, sa_column=Column(Integer, nullable=False))
    cost_usd: float = Field(default=0.0, sa_column=Column(Float, nullable=False))
    # {"fields": [...], "lists": [...]} as StructuredScore.as_json writes them, redacted.
    breakdown: dict[str, Any] = Field(default_factory=dict, sa_column=jsonb_column())
    graded_at: datetime | None = Field(default=None, sa_column=created_at_column())


class ReferenceEmbedding(SQLModel, table=True):
    __tablename__ = "reference_embeddings"
    __table_args__ = (PrimaryKeyConstraint("organization_id", "model_key", "content_hash"),)

    organization_id: int = Field(sa_column=_organization_column())
    model_key: str = Field(sa_column=Column(String(300), nullable=False))
    content_hash: str = Field(sa_column=Column(String(64), nullable=False))
    dimensions: int = Field(sa_column=Column(Integer, nullable=False))
    vector: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: datetime | None = Field(default=None, sa_column=created_at_column())
