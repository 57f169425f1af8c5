"""Anthropic's Messages API against the scripted server's /v1/messages."""

import pytest

from casebook.llm.anthropic import API_VERSION, DEFAULT_MAX_TOKENS, AnthropicProvider
from casebook.llm.errors import ProviderRejected, RateLimited, UnsupportedOperation
from casebook.llm.protocol import ChatMessage, ChatRequest, Usage
from tests.llm.conftest import API_KEY
from tests.support.model_server import ModelServer, error_reply, text_reply

REQUEST = ChatRequest(
    model="judge-model",
    messages=[
        ChatMessage("system", "You grade answers."),
        ChatMessage("system", "Answer in JSON."),
        ChatMessage("user", "Is Paris the capital of France?"),
    ],
    temperature=0.0,
)


async def test_chat_sends_the_system_prompt_apart_and_the_key_in_x_api_key(
    model_server: ModelServer, anthropic_provider: AnthropicProvider
) -> None:
    model_server.reply_with(text_reply('{"verdict": "pass"}'))

    await anthropic_provider.chat(REQUEST)

    [sent] = model_server.chat_requests
    assert sent.path == "/v1/messages"
    assert sent.headers["x-api-key"] == API_KEY
    assert sent.headers["anthropic-version"] == API_VERSION
    assert "authorization" not in sent.headers
    assert sent.body == {
        "model": "judge-model",
        "max_tokens": DEFAULT_MAX_TOKENS,
        "system": "You grade answers.\n\nAnswer in JSON.",
        "messages": [{"role": "user", "content": "Is Paris the capital of France?"}],
        "temperature": 0.0,
    }


async def test_chat_returns_text_usage_cost_and_stop_reason(
    model_server: ModelServer, anthropic_provider: AnthropicProvider
) -> None:
    model_server.reply_with(
        text_reply("Pass.", input_tokens=2000, output_tokens=100, finish_reason="length")
    )

    result = await anthropic_provider.chat(REQUEST)

    assert result.text == "Pass."
    assert result.usage == Usage(2000, 100)
    assert result.cost_usd == pytest.approx((2000 * 2.0 + 100 * 8.0) / 1_000_000)
    assert result.finish_reason == "max_tokens"


async def test_no_temperature_and_no_system_prompt_are_left_out(
    model_server: ModelServer, anthropic_provider: AnthropicProvider
) -> None:
    model_server.reply_with(text_reply("ok"))

    await anthropic_provider.chat(
        ChatRequest(model="reasoner", messages=[ChatMessage("user", "Hi")], max_tokens=64)
    )

    sent = model_server.chat_requests[0].body
    assert "temperature" not in sent
    assert "system" not in sent
    assert sent["max_tokens"] == 64


async def test_rate_limits_are_retried_and_errors_keep_no_key(
    model_server: ModelServer, anthropic_provider: AnthropicProvider
) -> None:
    model_server.reply_with(*[error_reply(429)] * 3)
    with pytest.raises(RateLimited):
        await anthropic_provider.chat(REQUEST)

    model_server.reply_with(error_reply(401, f"invalid x-api-key {API_KEY}"))
    with pytest.raises(ProviderRejected) as raised:
        await anthropic_provider.chat(REQUEST)

    assert API_KEY not in str(raised.value)
    assert len(model_server.chat_requests) == 4


async def test_a_system_prompt_alone_is_refused_before_any_request(
    model_server: ModelServer, anthropic_provider: AnthropicProvider
) -> None:
    with pytest.raises(ValueError, match="user message"):
        await anthropic_provider.chat(
            ChatRequest(model="m", messages=[ChatMessage("system", "Be brief.")])
        )

    assert model_server.requests == []


async def test_embeddings_are_not_offered(
    model_server: ModelServer, anthropic_provider: AnthropicProvider
) -> None:
    with pytest.raises(UnsupportedOperation, match="no embeddings"):
        await anthropic_provider.embed("any", ["text"])

    assert model_server.requests == []
