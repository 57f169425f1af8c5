"""The judge's grade of one criterion, and the pins of the judge that graded.

Rules, reasons and quotes are grading evidence - a quote repeats the answer -
so they need runs:view and access to the answering agent; the grade and whether it passed
stay visible.
"""

from typing import Any

import strawberry

from casebook.graphql.types.grading.evidence import EVIDENCE, evidence
from casebook.graphql.types.grading.scorer_result import ScorerStatus


@strawberry.type(
    name="Quote",
    description="A passage of the answer the grade rests on; unverified when the answer "
    "does not contain it word for word.",
)
class QuoteType:
    text: str
    verified: bool


@strawberry.type(name="CriterionGrade")
class CriterionGradeType:
    criterion_id: str
    criterion_text: str
    kind: str = strawberry.field(description="rubric, case_check, reference or counter_example.")
    scorer: str = strawberry.field(description="judge or reference.")
    status: ScorerStatus
    grade: int | None
    score: float | None
    verified: bool = strawberry.field(description="False when no quote the answer holds backs it.")
    rule_text: strawberry.Private[str]
    reason_text: strawberry.Private[str]
    quote_list: strawberry.Private[list[QuoteType]]
    answering_agent_id: strawberry.Private[int | None] = None

    @strawberry.field(
        extensions=evidence(), description="The rule the grade follows from. " + EVIDENCE
    )
    async def rule(self) -> str | None:
        return self.rule_text

    @strawberry.field(extensions=evidence(), description=EVIDENCE)
    async def reason(self) -> str | None:
        return self.reason_text

    @strawberry.field(extensions=evidence(), description=EVIDENCE)
    async def quotes(self) -> list[QuoteType] | None:
        return self.quote_list

    @classmethod
    def from_json(
        cls, document: dict[str, Any], answering_agent_id: int | None = None
    ) -> "CriterionGradeType":
        criterion = document.get("criterion") or {}
        return cls(
            criterion_id=str(criterion.get("id", "")),
            criterion_text=str(criterion.get("text", "")),
            kind=str(criterion.get("kind", "")),
            scorer=str(criterion.get("scorer", "")),
            status=ScorerStatus(document["status"]),
            grade=document.get("grade"),
            score=document.get("score"),
            verified=bool(document.get("verified")),
            rule_text=str(document.get("rule", "")),
            reason_text=str(document.get("reason", "")),
            quote_list=[
                QuoteType(text=str(q.get("text", "")), verified=bool(q.get("verified")))
                for q in document.get("quotes") or []
            ],
            answering_agent_id=answering_agent_id,
        )


@strawberry.type(
    name="JudgePins",
    description="What a score keeps of the judge that graded it, whether it graded or "
    "failed. Grades compare only when every pin is the same.",
)
class JudgePinsType:
    model: str | None
    helper: str
    task_version: str
    rubric_hash: str
    instruction_hash: str

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> "JudgePinsType":
        return cls(
            model=document.get("model"),
            helper=str(document.get("helper", "")),
            task_version=str(document.get("task_version", "")),
            rubric_hash=str(document.get("rubric_hash", "")),
            instruction_hash=str(document.get("instruction_hash", "")),
        )
