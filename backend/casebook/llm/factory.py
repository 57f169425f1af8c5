"""Building the provider a model connection describes."""

from dataclasses import dataclass, field
from typing import Literal, get_args
from urllib.parse import urlsplit

import httpx

from casebook.llm.anthropic import DEFAULT_BASE_URL as ANTHROPIC_BASE_URL
from casebook.llm.anthropic import AnthropicProvider
from casebook.llm.http_json import RetryPolicy, Timeouts
from casebook.llm.local_embeddings import LocalEmbeddingProvider
from casebook.llm.openai_compatible import DEFAULT_EMBEDDING_BATCH, OpenAICompatibleProvider
from casebook.llm.outbound import OutboundPolicy
from casebook.llm.pricing import PriceTable
from casebook.llm.protocol import ModelProvider

ProviderKind = Literal["openai", "anthropic", "local"]
PROVIDER_KINDS: tuple[ProviderKind, ...] = get_args(ProviderKind)
OPENAI_BASE_URL = "https://api.openai.com/v1"


@dataclass(frozen=True, slots=True)
class ConnectionSpec:
    """What a stored model connection says, with its key already decrypted.

    ``kind`` "openai" covers every OpenAI-compatible server; "local" is the
    in-process embedding model and takes no URL or key. ``outbound``: which addresses
    its calls may connect to.
    """

    kind: ProviderKind
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    outbound: OutboundPolicy = field(default_factory=OutboundPolicy)


def checked_base_url(url: str) -> str:
    """An http(s) URL with a host, without a trailing slash; ValueError otherwise."""
    cleaned = url.strip().rstrip("/")
    parts = urlsplit(cleaned)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("the base URL must be an http:// or https:// address with a host")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError("the base URL takes no query, fragment or credentials")
    return cleaned


def build_provider(
    connection: ConnectionSpec,
    *,
    prices: PriceTable | None = None,
    timeouts: Timeouts | None = None,
    retry: RetryPolicy | None = None,
    client: httpx.AsyncClient | None = None,
    embedding_batch_size: int | None = None,
) -> ModelProvider:
    """``embedding_batch_size``: how many texts one embeddings request carries at most (the
    provider's default when None); a caller that must embed in one request raises it."""
    if connection.kind == "openai":
        return OpenAICompatibleProvider(
            base_url=checked_base_url(connection.base_url or OPENAI_BASE_URL),
            api_key=connection.api_key,
            prices=prices,
            timeouts=timeouts,
            retry=retry,
            client=client,
            outbound=connection.outbound,
            embedding_batch_size=embedding_batch_size or DEFAULT_EMBEDDING_BATCH,
        )
    if connection.kind == "anthropic":
        if not connection.api_key:
            raise ValueError("an Anthropic connection needs an API key")
        return AnthropicProvider(
            base_url=checked_base_url(connection.base_url or ANTHROPIC_BASE_URL),
            api_key=connection.api_key,
            prices=prices,
            timeouts=timeouts,
            retry=retry,
            client=client,
            outbound=connection.outbound,
        )
    if connection.kind == "local":
        return LocalEmbeddingProvider()
    raise ValueError(f"unknown provider kind {connection.kind!r}; expected one of {PROVIDER_KINDS}")
