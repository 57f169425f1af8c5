"""Anthropic's Messages API (``POST /v1/messages``)."""

import asyncio
import random
import time
from collections.abc import Sequence

import httpx

from casebook.llm.errors import MalformedResponse, UnsupportedOperation
from casebook.llm.http_json import JsonPoster, RetryPolicy, Sleep, Timeouts
from casebook.llm.openai_compatible import api_root, provider_label
from casebook.llm.outbound import OutboundPolicy
from casebook.llm.pricing import PriceTable
from casebook.llm.protocol import ChatRequest, ChatResult, EmbeddingResult, Usage
from casebook.llm.response_fields import list_field, optional_text, token_count
from casebook.llm.tool_wire import anthropic_tool_calls, anthropic_tools, anthropic_turns

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"
# The Messages API requires max_tokens; this applies when the request sets none.
DEFAULT_MAX_TOKENS = 4096


class AnthropicProvider:
    def __init__(
        self,
        *,
        api_key: str,
        base_url: str = DEFAULT_BASE_URL,
        prices: PriceTable | None = None,
        client: httpx.AsyncClient | None = None,
        timeouts: Timeouts | None = None,
        retry: RetryPolicy | None = None,
        sleep: Sleep = asyncio.sleep,
        rng: random.Random | None = None,
        outbound: OutboundPolicy | None = None,
    ) -> None:
        self._root = api_root(base_url)
        self._api_key = api_key
        self._prices = prices or PriceTable()
        self._http = JsonPoster(
            label=provider_label("Anthropic", base_url),
            client=client,
            timeouts=timeouts,
            retry=retry,
            sleep=sleep,
            rng=rng,
            outbound=outbound,
        )

    def __repr__(self) -> str:
        return f"AnthropicProvider({self._root!r})"

    async def aclose(self) -> None:
        await self._http.aclose()

    async def chat(self, request: ChatRequest) -> ChatResult:
        """Chat; ``json_response`` is not enforceable here, so the prompt must ask for JSON."""
        system = "\n\n".join(m.content for m in request.messages if m.role == "system")
        turns = anthropic_turns(list(request.messages))
        if not turns:
            raise ValueError("the Messages API needs a user message besides the system prompt")
        body: dict[str, object] = {
            "model": request.model,
            "max_tokens": request.max_tokens or DEFAULT_MAX_TOKENS,
            "messages": turns,
        }
        if system:
            body["system"] = system
        if request.tools:
            body["tools"] = anthropic_tools(list(request.tools))
        if request.temperature is not None:
            body["temperature"] = request.temperature
        started = time.perf_counter()
        answer = await self._http.post(
            self._root + "/v1/messages",
            headers={"x-api-key": self._api_key, "anthropic-version": API_VERSION},
            body=body,
            hide=[self._api_key],
            request_texts=[m.content for m in request.messages],
        )
        latency_ms = (time.perf_counter() - started) * 1000
        blocks = list_field(answer, "content", label=self._http.label)
        if not all(isinstance(block, dict) for block in blocks):
            raise MalformedResponse(f"{self._http.label} answered a non-object content block")
        text = "".join(
            block["text"]
            for block in blocks
            if block.get("type") == "text" and isinstance(block.get("text"), str)
        )
        usage_raw = answer.get("usage")
        usage = Usage(
            # Cached prompt tokens are reported apart but were still read.
            token_count(usage_raw, "input_tokens")
            + token_count(usage_raw, "cache_creation_input_tokens")
            + token_count(usage_raw, "cache_read_input_tokens"),
            token_count(usage_raw, "output_tokens"),
        )
        cost = self._prices.cost(request.model, usage)
        return ChatResult(
            text=text,
            usage=usage,
            cost_usd=cost.usd,
            priced=cost.priced,
            model=optional_text(answer, "model") or request.model,
            latency_ms=latency_ms,
            finish_reason=optional_text(answer, "stop_reason"),
            tool_calls=anthropic_tool_calls(blocks, label=self._http.label),
        )

    async def embed(self, model: str, texts: Sequence[str]) -> EmbeddingResult:
        raise UnsupportedOperation(
            "Anthropic's API has no embeddings: choose an OpenAI-compatible connection "
            "or the local embedding model for embeddings"
        )
