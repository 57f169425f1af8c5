"""OpenAI-compatible chat completions and embeddings (OpenAI, vLLM, Ollama,
llama.cpp, LiteLLM proxies)."""

import asyncio
import random
import time
from collections.abc import Sequence
from typing import Any, Literal
from urllib.parse import urlsplit

import httpx

from casebook.llm.errors import MalformedResponse
from casebook.llm.http_json import JsonPoster, RetryPolicy, Sleep, Timeouts
from casebook.llm.outbound import OutboundPolicy
from casebook.llm.pricing import PriceTable
from casebook.llm.protocol import ChatRequest, ChatResult, EmbeddingResult, Usage
from casebook.llm.response_fields import (
    list_field,
    object_field,
    optional_text,
    token_count,
    vector,
)
from casebook.llm.tool_wire import openai_message, openai_tool_calls, openai_tools

DEFAULT_EMBEDDING_BATCH = 128


def api_root(base_url: str) -> str:
    """``http://host:port/prefix`` without a trailing ``/v1``, whichever way it was given."""
    root = base_url.strip().rstrip("/")
    if root.endswith("/v1"):
        root = root[: -len("/v1")]
    return root


def provider_label(kind: str, base_url: str) -> str:
    return f"{kind} provider at {urlsplit(base_url).netloc or base_url}"


class OpenAICompatibleProvider:
    def __init__(
        self,
        *,
        base_url: str,
        api_key: str | None = None,
        prices: PriceTable | None = None,
        client: httpx.AsyncClient | None = None,
        timeouts: Timeouts | None = None,
        retry: RetryPolicy | None = None,
        sleep: Sleep = asyncio.sleep,
        rng: random.Random | None = None,
        outbound: OutboundPolicy | None = None,
        embedding_batch_size: int = DEFAULT_EMBEDDING_BATCH,
        # OpenAI's reasoning models accept only "max_completion_tokens".
        max_tokens_field: Literal["max_tokens", "max_completion_tokens"] = "max_tokens",
    ) -> None:
        if embedding_batch_size < 1:
            raise ValueError("embedding_batch_size must be at least 1")
        self._root = api_root(base_url)
        self._api_key = api_key or ""
        self._prices = prices or PriceTable()
        self._batch_size = embedding_batch_size
        self._max_tokens_field = max_tokens_field
        self._http = JsonPoster(
            label=provider_label("OpenAI-compatible", base_url),
            client=client,
            timeouts=timeouts,
            retry=retry,
            sleep=sleep,
            rng=rng,
            outbound=outbound,
        )

    def __repr__(self) -> str:
        return f"OpenAICompatibleProvider({self._root!r})"

    async def aclose(self) -> None:
        await self._http.aclose()

    async def chat(self, request: ChatRequest) -> ChatResult:
        body: dict[str, object] = {
            "model": request.model,
            "messages": [openai_message(m) for m in request.messages],
        }
        if request.tools:
            body["tools"] = openai_tools(list(request.tools))
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.max_tokens is not None:
            body[self._max_tokens_field] = request.max_tokens
        if request.json_response:
            body["response_format"] = {"type": "json_object"}
        started = time.perf_counter()
        answer = await self._post(
            "/v1/chat/completions", body, [m.content for m in request.messages]
        )
        latency_ms = (time.perf_counter() - started) * 1000
        choices = list_field(answer, "choices", label=self._http.label)
        if not choices or not isinstance(choices[0], dict):
            raise MalformedResponse(f"{self._http.label} answered no choice")
        message = object_field(choices[0], "message", label=self._http.label)
        usage_raw = answer.get("usage")
        usage = Usage(
            token_count(usage_raw, "prompt_tokens"), token_count(usage_raw, "completion_tokens")
        )
        cost = self._prices.cost(request.model, usage)
        return ChatResult(
            text=optional_text(message, "content") or "",
            usage=usage,
            cost_usd=cost.usd,
            priced=cost.priced,
            model=optional_text(answer, "model") or request.model,
            latency_ms=latency_ms,
            finish_reason=optional_text(choices[0], "finish_reason"),
            tool_calls=openai_tool_calls(message, label=self._http.label),
        )

    async def embed(self, model: str, texts: Sequence[str]) -> EmbeddingResult:
        started = time.perf_counter()
        vectors: list[list[float]] = []
        usage = Usage()
        for start in range(0, len(texts), self._batch_size):
            batch = list(texts[start : start + self._batch_size])
            answer = await self._post("/v1/embeddings", {"model": model, "input": batch}, batch)
            vectors.extend(self._vectors_in_order(answer, len(batch)))
            usage += Usage(token_count(answer.get("usage"), "prompt_tokens"), 0)
        cost = self._prices.cost(model, usage)
        return EmbeddingResult(
            vectors=vectors,
            usage=usage,
            cost_usd=cost.usd,
            priced=cost.priced,
            model=model,
            latency_ms=(time.perf_counter() - started) * 1000,
        )

    def _vectors_in_order(self, answer: dict[str, Any], expected: int) -> list[list[float]]:
        label = self._http.label
        items = list_field(answer, "data", label=label)
        if len(items) != expected:
            raise MalformedResponse(
                f"{label} answered {len(items)} embeddings for {expected} texts"
            )
        by_index: dict[int, list[float]] = {}
        for position, item in enumerate(items):
            if not isinstance(item, dict):
                raise MalformedResponse(f"{label} answered an embedding that is not an object")
            index = item.get("index", position)
            if not isinstance(index, int) or not 0 <= index < expected or index in by_index:
                raise MalformedResponse(f"{label} answered embeddings with wrong indexes")
            by_index[index] = vector(item.get("embedding"), label=label)
        return [by_index[i] for i in range(expected)]

    async def _post(
        self, path: str, body: dict[str, object], request_texts: Sequence[str]
    ) -> dict[str, Any]:
        headers = {"authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        return await self._http.post(
            self._root + path,
            headers=headers,
            body=body,
            hide=[self._api_key],
            request_texts=request_texts,
        )
