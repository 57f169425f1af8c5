"""Every model call is checked against budgets before and recorded after.

A ``MeteringSink`` owns the budgets (the services layer backs one with the
database). ``MeteredProvider`` wraps any provider for one organization and one
helper, so no call of that helper can skip the check or the record.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from casebook.llm.protocol import (
    ChatRequest,
    ChatResult,
    EmbeddingResult,
    ModelProvider,
    Usage,
)

CallKind = Literal["chat", "embedding"]


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

    async def chat(self, request: ChatRequest) -> ChatResult:
        await self._sink.check(self.org_id, self.helper)
        result = await self._inner.chat(request)
        await self._sink.record(
            self.org_id,
            self.helper,
            MeteredCall(
                "chat",
                request.model,
                result.usage,
                result.cost_usd,
                result.priced,
                result.latency_ms,
            ),
        )
        return result

    async def embed(self, model: str, texts: Sequence[str]) -> EmbeddingResult:
        await self._sink.check(self.org_id, self.helper)
        result = await self._inner.embed(model, texts)
        await self._sink.record(
            self.org_id,
            self.helper,
            MeteredCall(
                "embedding",
                model,
                result.usage,
                result.cost_usd,
                result.priced,
                result.latency_ms,
            ),
        )
        return result
