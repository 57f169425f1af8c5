"""A run's reply as steps: tool calls with arguments and status, then the answer.

"The agent's whole reply to the question - every step it wrote before the next
question - is the answer": the reply's text is every text step, in order.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from casebook.domain.jsonvalue import JSONObject

StepKind = Literal["tool_call", "text"]
STEP_KINDS: tuple[str, ...] = get_args(StepKind)
CallStatus = Literal["ok", "failed", "blocked"]
CALL_STATUSES: tuple[str, ...] = get_args(CallStatus)
RunStatus = Literal["succeeded", "failed"]
RatingValue = Literal["up", "down"]
RATING_VALUES: tuple[str, ...] = get_args(RatingValue)


@dataclass(frozen=True, slots=True)
class Step:
    kind: StepKind
    text: str | None = None
    tool_name: str | None = None
    arguments: JSONObject | None = None
    status: CallStatus | None = None
    result: str | None = None
    # Whether the answering agent version declares the tool read-only; None: unknown.
    read_only: bool | None = None

    @staticmethod
    def said(text: str) -> "Step":
        return Step("text", text=text)

    @staticmethod
    def call(
        name: str,
        arguments: JSONObject,
        status: CallStatus,
        result: str | None = None,
        read_only: bool | None = None,
    ) -> "Step":
        return Step(
            "tool_call",
            tool_name=name,
            arguments=arguments,
            status=status,
            result=result,
            read_only=read_only,
        )


@dataclass(frozen=True, slots=True)
class Reply:
    """What an agent answered one question with, and what it cost."""

    steps: tuple[Step, ...]
    model: str | None = None
    cost_usd: float | None = None
    latency_ms: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    # Set when the run failed; the steps up to the failure are kept.
    error: str | None = None

    @property
    def status(self) -> RunStatus:
        return "failed" if self.error else "succeeded"

    @property
    def text(self) -> str:
        return reply_text(self.steps)


def reply_text(steps: Sequence[Step]) -> str:
    return "\n\n".join(step.text for step in steps if step.kind == "text" and step.text)
