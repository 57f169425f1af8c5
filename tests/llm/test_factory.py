"""Building a provider from a model connection."""

import pytest

from casebook.llm.anthropic import AnthropicProvider
from casebook.llm.factory import ConnectionSpec, build_provider, checked_base_url
from casebook.llm.local_embeddings import LocalEmbeddingProvider
from casebook.llm.openai_compatible import OpenAICompatibleProvider
from casebook.llm.protocol import ChatMessage, ChatRequest
from tests.llm.conftest import API_KEY, PRICES
from tests.support.model_server import ModelServer, text_reply


async def test_an_openai_connection_talks_to_its_base_url(model_server: ModelServer) -> None:
    model_server.reply_with(text_reply("hello", input_tokens=10, output_tokens=10))
    provider = build_provider(
        ConnectionSpec("openai", model_server.openai_base_url, API_KEY), prices=PRICES
    )
    try:
        result = await provider.chat(
            ChatRequest(model="judge-model", messages=[ChatMessage("user", "Hi")])
        )
    finally:
        await provider.aclose()

    assert isinstance(provider, OpenAICompatibleProvider)
    assert result.text == "hello"
    assert result.priced
    assert model_server.requests[0].headers["authorization"] == f"Bearer {API_KEY}"


async def test_an_anthropic_connection_talks_messages(model_server: ModelServer) -> None:
    model_server.reply_with(text_reply("hello"))
    provider = build_provider(ConnectionSpec("anthropic", model_server.url, API_KEY))
    try:
        await provider.chat(ChatRequest(model="m", messages=[ChatMessage("user", "Hi")]))
    finally:
        await provider.aclose()

    assert isinstance(provider, AnthropicProvider)
    assert model_server.requests[0].path == "/v1/messages"


def test_local_takes_no_url_or_key() -> None:
    assert isinstance(build_provider(ConnectionSpec("local")), LocalEmbeddingProvider)


def test_an_anthropic_connection_needs_a_key() -> None:
    with pytest.raises(ValueError, match="needs an API key"):
        build_provider(ConnectionSpec("anthropic", None, None))


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown provider kind"):
        build_provider(ConnectionSpec("gemini", None, None))  # type: ignore[arg-type]


def test_neither_the_spec_nor_the_provider_shows_the_key() -> None:
    spec = ConnectionSpec("openai", "http://127.0.0.1:1/v1", API_KEY)

    assert API_KEY not in repr(spec)
    assert API_KEY not in repr(build_provider(spec))
    assert API_KEY not in repr(build_provider(ConnectionSpec("anthropic", None, API_KEY)))


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("http://localhost:11434/v1/", "http://localhost:11434/v1"),
        (" https://api.openai.com/v1 ", "https://api.openai.com/v1"),
    ],
)
def test_checked_base_url_keeps_good_addresses(given: str, kept: str) -> None:
    assert checked_base_url(given) == kept


@pytest.mark.parametrize(
    "url",
    [
        "",
        "localhost:11434",
        "ftp://example.com",
        "http://",
        "https://user:pass@example.com/v1",
        "https://example.com/v1?key=abc",
    ],
)
def test_checked_base_url_refuses_the_rest(url: str) -> None:
    with pytest.raises(ValueError):
        checked_base_url(url)
