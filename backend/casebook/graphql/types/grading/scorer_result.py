"""What one scorer found about an answer. Reasons are grading evidence: they need runs:view
and access to the answering agent (``evidence``)."""

from enum import Enum
from typing import Any

import strawberry

from casebook.graphql.types.grading.evidence import EVIDENCE, evidence

__all__ = ["EVIDENCE", "ScorerPartType", "ScorerResultType", "ScorerStatus"]


@strawberry.enum(name="ScorerStatus", description="ERROR: the scorer reached no verdict.")
class ScorerStatus(Enum):
    PASS = "pass"
    FAIL = "fail"
    ERROR = "error"


@strawberry.type(name="ScorerPart", description="One check, or one criterion the judge graded.")
class ScorerPartType:
    kind: str = strawberry.field(description="The check type, or `criterion`.")
    source: str = strawberry.field(
        description="Which one: `checks.2`, `default_checks.0`, a criterion id."
    )
    status: ScorerStatus
    reason_text: strawberry.Private[str]
    answering_agent_id: strawberry.Private[int | None] = None

    @strawberry.field(extensions=evidence(), description=EVIDENCE)
    async def reason(self) -> str | None:
        return self.reason_text


@strawberry.type(name="ScorerResult", description="Pass or fail, a score from 0 to 1, a reason.")
class ScorerResultType:
    scorer: str = strawberry.field(
        description="checks, tool_calls, judge, reference or structured."
    )
    status: ScorerStatus
    score: float | None = strawberry.field(description="0 to 1; null without a verdict.")
    must_pass: bool
    skipped: bool = strawberry.field(
        description="The scorer never ran (no model, budget spent), rather than failing to."
    )
    reason_text: strawberry.Private[str]
    part_list: strawberry.Private[list[ScorerPartType]]
    answering_agent_id: strawberry.Private[int | None] = None

    @strawberry.field(extensions=evidence(), description=EVIDENCE)
    async def reason(self) -> str | None:
        return self.reason_text

    @strawberry.field
    def parts(self) -> list[ScorerPartType]:
        return self.part_list

    @classmethod
    def from_json(
        cls,
        scorer: str,
        document: dict[str, Any],
        must_pass: bool,
        answering_agent_id: int | None = None,
    ) -> "ScorerResultType":
        return cls(
            scorer=scorer,
            status=ScorerStatus(document["status"]),
            score=document.get("score"),
            must_pass=must_pass,
            skipped=bool(document.get("skipped")),
            reason_text=str(document.get("reason", "")),
            part_list=[
                ScorerPartType(
                    kind=str(part.get("kind", "")),
                    source=str(part.get("source", "")),
                    status=ScorerStatus(part["status"]),
                    reason_text=str(part.get("reason", "")),
                    answering_agent_id=answering_agent_id,
                )
                for part in document.get("parts") or []
            ],
            answering_agent_id=answering_agent_id,
        )
