"""The OpenAI-compatible provider's chat against the scripted server."""

import pytest

from casebook.llm.errors import MalformedResponse
from casebook.llm.openai_compatible import OpenAICompatibleProvider, api_root
from casebook.llm.protocol import ChatMessage, ChatRequest, Usage
from tests.llm.conftest import API_KEY, PRICES
from tests.support.model_server import ModelServer, raw_reply, text_reply

QUESTION = ChatRequest(
    model="judge-model",
    messages=[
        ChatMessage("system", "You grade answers."),
        ChatMessage("user", "Is Paris the capital of France?"),
    ],
    temperature=0.0,
)


async def test_chat_returns_text_usage_and_cost(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(text_reply("Yes.", input_tokens=1000, output_tokens=250))

    result = await openai_provider.chat(QUESTION)

    assert result.text == "Yes."
    assert result.usage == Usage(input_tokens=1000, output_tokens=250)
    # 1000 × $2/M + 250 × $8/M
    assert result.cost_usd == pytest.approx(0.004)
    assert result.priced is True
    assert result.model == "judge-model"
    assert result.finish_reason == "stop"
    assert result.latency_ms > 0


async def test_the_request_carries_messages_temperature_and_the_key(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(text_reply("Yes."))

    await openai_provider.chat(QUESTION)

    [sent] = model_server.chat_requests
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {API_KEY}"
    assert sent.body["temperature"] == 0.0
    assert sent.body["messages"] == [
        {"role": "system", "content": "You grade answers."},
        {"role": "user", "content": "Is Paris the capital of France?"},
    ]
    assert "max_tokens" not in sent.body
    assert "response_format" not in sent.body


async def test_temperature_none_is_left_out_of_the_request(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(text_reply("Yes."))

    await openai_provider.chat(
        ChatRequest(model="reasoner", messages=[ChatMessage("user", "Hi")], temperature=None)
    )

    assert "temperature" not in model_server.chat_requests[0].body


async def test_json_response_and_max_tokens_are_sent(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(text_reply('{"ok": true}'))

    await openai_provider.chat(
        ChatRequest(
            model="m", messages=[ChatMessage("user", "Hi")], max_tokens=50, json_response=True
        )
    )

    sent = model_server.chat_requests[0].body
    assert sent["max_tokens"] == 50
    assert sent["response_format"] == {"type": "json_object"}


async def test_reasoning_models_get_max_completion_tokens(model_server: ModelServer) -> None:
    model_server.reply_with(text_reply("ok"))
    provider = OpenAICompatibleProvider(
        base_url=model_server.url, max_tokens_field="max_completion_tokens"
    )
    try:
        await provider.chat(
            ChatRequest(model="o-model", messages=[ChatMessage("user", "Hi")], max_tokens=9)
        )
    finally:
        await provider.aclose()

    sent = model_server.chat_requests[0].body
    assert sent["max_completion_tokens"] == 9
    assert "max_tokens" not in sent


async def test_an_unpriced_model_costs_zero_and_says_so(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(text_reply("ok", input_tokens=10, output_tokens=10))

    result = await openai_provider.chat(
        ChatRequest(model="not-in-the-table", messages=[ChatMessage("user", "Hi")])
    )

    assert (result.cost_usd, result.priced) == (0.0, False)


@pytest.mark.parametrize("suffix", ["", "/", "/v1", "/v1/"])
async def test_base_url_with_or_without_v1_reaches_the_same_path(
    model_server: ModelServer, suffix: str
) -> None:
    model_server.reply_with(text_reply("ok"))
    provider = OpenAICompatibleProvider(base_url=model_server.url + suffix, prices=PRICES)
    try:
        await provider.chat(ChatRequest(model="m", messages=[ChatMessage("user", "Hi")]))
    finally:
        await provider.aclose()

    assert [r.path for r in model_server.requests] == ["/v1/chat/completions"]


async def test_no_key_sends_no_authorization_header(model_server: ModelServer) -> None:
    model_server.reply_with(text_reply("ok"))
    provider = OpenAICompatibleProvider(base_url=model_server.url)
    try:
        await provider.chat(ChatRequest(model="m", messages=[ChatMessage("user", "Hi")]))
    finally:
        await provider.aclose()

    assert "authorization" not in model_server.requests[0].headers


@pytest.mark.parametrize(
    "body",
    [b"<html>proxy error</html>", b"[]", b'{"choices": []}', b'{"choices": [{"index": 0}]}'],
)
async def test_an_answer_of_the_wrong_shape_is_malformed(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider, body: bytes
) -> None:
    model_server.reply_with(raw_reply(body))

    with pytest.raises(MalformedResponse):
        await openai_provider.chat(QUESTION)


async def test_missing_usage_counts_zero_tokens(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(
        raw_reply(b'{"choices": [{"message": {"role": "assistant", "content": "hi"}}]}')
    )

    result = await openai_provider.chat(QUESTION)

    assert (result.text, result.usage, result.cost_usd) == ("hi", Usage(0, 0), 0.0)


@pytest.mark.parametrize(
    ("given", "root"),
    [
        ("http://localhost:11434", "http://localhost:11434"),
        ("http://localhost:11434/v1", "http://localhost:11434"),
        ("https://proxy.example/litellm/v1/", "https://proxy.example/litellm"),
        (" https://api.openai.com/v1 ", "https://api.openai.com"),
    ],
)
def test_api_root(given: str, root: str) -> None:
    assert api_root(given) == root
