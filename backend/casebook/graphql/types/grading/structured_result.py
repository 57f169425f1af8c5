"""The structured scorer's result of one score: sub-scores, notices and the breakdown.

Completeness, correctness, quality, the notices (such as the fall back to
exact matching) and the lists' matched / missed / hallucinated indices stay
visible to every reader of the dataset. The per-field breakdown shows the
answer's values beside the reference's: it is grading evidence, null without
runs:view, like the score's answer and reasons.
"""

from datetime import datetime
from enum import Enum
from typing import Any

import strawberry
from strawberry.scalars import JSON

from casebook.graphql.types.grading.evidence import EVIDENCE, evidence
from casebook.services.kernel.records import StructuredResult


@strawberry.enum(name="StructuredRung", description="The rung of the ladder that decided a value.")
class StructuredRung(Enum):
    EXACT = "exact"
    DATE = "date"
    BOOLEAN = "boolean"
    EMBEDDING = "embedding"
    JUDGE = "judge"
    SIMILARITY = "similarity"
    MISSING = "missing"
    EXTRA = "extra"
    TYPE_MISMATCH = "type_mismatch"


@strawberry.type(
    name="StructuredField",
    description="One value of the reference against the answer's. Paths are dotted "
    "(`cast.3.name`; the whole answer is the empty path); in a list each side names its own "
    "item. A missing value has no candidate path, an extra one no reference path.",
)
class StructuredFieldType:
    reference_path: str | None
    candidate_path: str | None
    reference: JSON | None
    candidate: JSON | None
    rung: StructuredRung
    credit: float = strawberry.field(description="0 to 1: what the value earned.")
    matched: bool = strawberry.field(description="Credit of one half or more.")
    similarity: float | None = strawberry.field(
        description="The cosine of the embeddings, or the word overlap without them."
    )
    judge_grade: int | None = strawberry.field(description="0 to 100, when the judge graded it.")
    reference_units: int
    candidate_units: int

    @classmethod
    def from_json(cls, row: dict[str, Any]) -> "StructuredFieldType":
        return cls(
            reference_path=row.get("reference_path"),
            candidate_path=row.get("candidate_path"),
            reference=JSON(row.get("reference")),
            candidate=JSON(row.get("candidate")),
            rung=StructuredRung(row["rung"]),
            credit=float(row["credit"]),
            matched=bool(row["matched"]),
            similarity=row.get("similarity"),
            judge_grade=row.get("judge_grade"),
            reference_units=int(row.get("reference_units", 1)),
            candidate_units=int(row.get("candidate_units", 1)),
        )


@strawberry.type(name="StructuredListMatch")
class StructuredListMatchType:
    reference_index: int
    candidate_index: int
    similarity: float = strawberry.field(description="The pair's credit, 0 to 1.")


@strawberry.type(
    name="StructuredList",
    description="A list scored as a set: which reference items matched an item of the answer, "
    "which were missed, and which of the answer's items were hallucinated.",
)
class StructuredListType:
    reference_path: str
    candidate_path: str
    matched: list[StructuredListMatchType]
    missed: list[int] = strawberry.field(description="Indices in the reference's list.")
    hallucinated: list[int] = strawberry.field(description="Indices in the answer's list.")

    @classmethod
    def from_json(cls, found: dict[str, Any]) -> "StructuredListType":
        return cls(
            reference_path=found["reference_path"],
            candidate_path=found["candidate_path"],
            matched=[
                StructuredListMatchType(
                    reference_index=pair["reference_index"],
                    candidate_index=pair["candidate_index"],
                    similarity=pair["similarity"],
                )
                for pair in found.get("matched") or []
            ],
            missed=list(found.get("missed") or []),
            hallucinated=list(found.get("hallucinated") or []),
        )


@strawberry.type(
    name="StructuredResult",
    description="The structured reference scorer's finding: sub-scores and the breakdown.",
)
class StructuredResultType:
    row: strawberry.Private[StructuredResult]
    answering_agent_id: strawberry.Private[int | None] = None

    @strawberry.field(description="Recall: how much of the reference was found (0 to 1).")
    def completeness(self) -> float:
        return self.row.completeness

    @strawberry.field(description="Precision: how much of what was returned is right (0 to 1).")
    def correctness(self) -> float:
        return self.row.correctness

    @strawberry.field(description="The two combined (their harmonic mean), 0 to 1.")
    def quality(self) -> float:
        return self.row.quality

    @strawberry.field(description="Quality reached the structured scorer's pass mark.")
    def passed(self) -> bool:
        return self.row.passed

    @strawberry.field(
        description="No embedding model was configured: text was compared by exact matching "
        "only, and alternative spellings counted as mismatches."
    )
    def fell_back_to_exact(self) -> bool:
        return self.row.fell_back_to_exact

    @strawberry.field(description="What a reader must know about how it was scored.")
    def notices(self) -> list[str]:
        return list(self.row.notices)

    @strawberry.field(description="The embedding model used; null when there was none.")
    def embedding_model(self) -> str | None:
        return self.row.embedding_model

    @strawberry.field(description="The judge model used; null when the dataset has none.")
    def judge_model(self) -> str | None:
        return self.row.judge_model

    @strawberry.field(description="Texts sent to the embedding model for this answer.")
    def embedded_texts(self) -> int:
        return self.row.embedded_texts

    @strawberry.field(description="Reference texts whose embeddings came from the cache.")
    def cached_reference_texts(self) -> int:
        return self.row.cached_reference_texts

    @strawberry.field(description="Embeddings requests made: one per answer, none when cached.")
    def embedding_requests(self) -> int:
        return self.row.embedding_requests

    @strawberry.field(description="Pairs the judge graded, all in one call.")
    def judged_pairs(self) -> int:
        return self.row.judged_pairs

    @strawberry.field(description="What its embedding and judge calls cost, in USD.")
    def cost_usd(self) -> float:
        return self.row.cost_usd

    @strawberry.field
    def graded_at(self) -> datetime | None:
        return self.row.graded_at

    @strawberry.field(
        description="Every list, scored as a set (indices only; the values are in `fields`)."
    )
    def lists(self) -> list[StructuredListType]:
        return [StructuredListType.from_json(found) for found in self.row.breakdown["lists"]]

    @strawberry.field(
        extensions=evidence(),
        description="The per-field breakdown: the answer's value against the reference's, the "
        "rung that decided it and the similarity where relevant; `mismatchedOnly` leaves out "
        "what matched. " + EVIDENCE,
    )
    async def fields(self, mismatched_only: bool = False) -> list[StructuredFieldType] | None:
        rows = self.row.breakdown["fields"]
        return [
            StructuredFieldType.from_json(row)
            for row in rows
            if not (mismatched_only and row["matched"])
        ]
