"""Every model call is checked against budgets before and recorded after.

A ``MeteringSink`` owns the budgets (the services layer backs one with the
database). ``MeteredProvider`` wraps any provider for one organization and one
helper, so no call of that helper can skip the check or the record — nor the
operator's metrics (calls, tokens, cost and latency by helper and model).
"""

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from casebook.llm.errors import BudgetExhausted
from casebook.llm.protocol import (
    ChatRequest,
    ChatResult,
    EmbeddingResult,
    ModelProvider,
    Usage,
)
from casebook.observability import metrics

CallKind = Literal["chat", "embedding"]
Answer = TypeVar("Answer", ChatResult, EmbeddingResult)


@dataclass(frozen=True, slots=True)
class MeteredCall:
    kind: CallKind
    model: str
    usage: Usage
    cost_usd: float
    priced: bool
    latency_ms: float


class MeteringSink(Protocol):
    async def check(self, org_id: int, helper: str) -> None:
        """Raise ``BudgetExhausted`` with the reason when the organization's or the
        helper's budget is spent; return when the call may go ahead."""
        ...

    async def record(self, org_id: int, helper: str, call: MeteredCall) -> None: ...


class MeteredProvider:
    """A provider whose every call is paid for by ``org_id`` and booked to ``helper``.

    Budgets are checked before the call, so a concurrent call may overshoot a
    budget by at most what the calls already in flight cost.
    """

    def __init__(
        self, inner: ModelProvider, sink: MeteringSink, *, org_id: int, helper: str
    ) -> None:
        self._inner = inner
        self._sink = sink
        self.org_id = org_id
        self.helper = helper

    def __repr__(self) -> str:
        return f"MeteredProvider({self._inner!r}, org_id={self.org_id}, helper={self.helper!r})"

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def _metered(
        self, kind: CallKind, model: str, call: Callable[[], Awaitable[Answer]]
    ) -> Answer:
        try:
            await self._sink.check(self.org_id, self.helper)
        except BudgetExhausted:
            metrics.model_call(self.helper, model, kind, "refused")
            raise
        try:
            result = await call()
        except Exception:
            metrics.model_call(self.helper, model, kind, "error")
            raise
        metrics.model_call(
            self.helper,
            model,
            kind,
            "ok",
            seconds=result.latency_ms / 1000,
            input_tokens=result.usage.input_tokens,
            output_tokens=result.usage.output_tokens,
            cost_usd=result.cost_usd,
        )
        await self._sink.record(
            self.org_id,
            self.helper,
            MeteredCall(
                kind, model, result.usage, result.cost_usd, result.priced, result.latency_ms
            ),
        )
        return result

    async def chat(self, request: ChatRequest) -> ChatResult:
        return await self._metered("chat", request.model, lambda: self._inner.chat(request))

    async def embed(self, model: str, texts: Sequence[str]) -> EmbeddingResult:
        return await self._metered("embedding", model, lambda: self._inner.embed(model, texts))
