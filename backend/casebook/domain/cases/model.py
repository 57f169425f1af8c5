"""What a case holds (spec: "What a case holds").

A ``CaseContent`` is one revision's content, already validated. Checks are kept
as plain JSON objects ``{"type": ..., <params>}`` because that is how they are
stored, exported and graded; ``casebook.domain.checks`` defines and validates
each type.
"""

from dataclasses import dataclass, field
from typing import Literal, get_args

from casebook.domain.jsonvalue import JSONObject

OrderMode = Literal["any", "in_order", "exact"]
ORDER_MODES: tuple[str, ...] = get_args(OrderMode)

TurnRole = Literal["user", "assistant"]
TURN_ROLES: tuple[str, ...] = get_args(TurnRole)

CaseSource = Literal["manual", "import", "conversation", "synthetic"]
CASE_SOURCES: tuple[str, ...] = get_args(CaseSource)


@dataclass(frozen=True, slots=True)
class Turn:
    role: TurnRole
    content: str


@dataclass(frozen=True, slots=True)
class ExpectedToolCall:
    tool: str
    args: JSONObject = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CaseContent:
    input: str
    history: tuple[Turn, ...] = ()
    reference_answer: str | None = None
    counter_example: str | None = None
    expected_tool_calls: tuple[ExpectedToolCall, ...] = ()
    order_mode: OrderMode = "any"
    checks: tuple[JSONObject, ...] = ()
    tags: tuple[str, ...] = ()
    note: str | None = None
    # Structured scoring reads ``reference_answer`` as JSON; only a verified one is graded.
    reference_verified: bool = False
