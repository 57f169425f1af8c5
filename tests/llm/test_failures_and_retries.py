"""Retries with backoff on 429/5xx/timeouts, and failures that never leak a secret."""

import random
import socket

import httpx
import pytest

from casebook.llm.errors import (
    ProviderRejected,
    ProviderTimeout,
    ProviderUnavailable,
    RateLimited,
)
from casebook.llm.http_json import RetryPolicy, Timeouts, retry_after_seconds
from casebook.llm.openai_compatible import OpenAICompatibleProvider
from casebook.llm.protocol import ChatMessage, ChatRequest
from tests.llm.conftest import API_KEY, SleepRecorder
from tests.support.model_server import (
    ModelServer,
    delayed_reply,
    error_reply,
    text_reply,
)

SECRET_PROMPT = "The patient's record number is 4471-XYZ and the diagnosis is private."
REQUEST = ChatRequest(model="judge-model", messages=[ChatMessage("user", SECRET_PROMPT)])


async def test_429_is_retried_then_succeeds(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider, sleeps: SleepRecorder
) -> None:
    model_server.reply_with(error_reply(429), error_reply(429), text_reply("finally"))

    result = await openai_provider.chat(REQUEST)

    assert result.text == "finally"
    assert len(model_server.chat_requests) == 3
    assert len(sleeps.delays) == 2


async def test_retry_after_is_honoured_and_capped(
    model_server: ModelServer, sleeps: SleepRecorder
) -> None:
    model_server.reply_with(
        error_reply(429, retry_after=2), error_reply(503, retry_after=600), text_reply("ok")
    )
    provider = OpenAICompatibleProvider(
        base_url=model_server.url,
        retry=RetryPolicy(max_attempts=3, retry_after_cap_s=30),
        sleep=sleeps,
    )
    try:
        await provider.chat(REQUEST)
    finally:
        await provider.aclose()

    assert sleeps.delays == [2.0, 30.0]


async def test_500s_until_the_last_attempt_make_the_provider_unavailable(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider, sleeps: SleepRecorder
) -> None:
    model_server.reply_with(*[error_reply(500, "upstream overloaded")] * 3)

    with pytest.raises(ProviderUnavailable) as raised:
        await openai_provider.chat(REQUEST)

    assert len(model_server.chat_requests) == 3
    assert len(sleeps.delays) == 2
    assert "HTTP 500 after 3 attempt(s)" in str(raised.value)
    assert "upstream overloaded" in str(raised.value)


async def test_429s_until_the_last_attempt_are_rate_limited(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(*[error_reply(429)] * 3)

    with pytest.raises(RateLimited):
        await openai_provider.chat(REQUEST)

    assert len(model_server.chat_requests) == 3


async def test_401_is_rejected_at_once_without_the_key_in_the_message(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    # OpenAI quotes the key it refused; nothing of it may reach our message.
    model_server.reply_with(error_reply(401, f"Incorrect API key provided: {API_KEY}"))

    with pytest.raises(ProviderRejected) as raised:
        await openai_provider.chat(REQUEST)

    assert raised.value.status == 401
    assert len(model_server.chat_requests) == 1
    text = _everything_said(raised.value)
    assert API_KEY not in text
    assert API_KEY[-8:] not in text
    assert "HTTP 401" in text


async def test_a_400_keeps_the_provider_explanation_but_not_the_key(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(
        error_reply(404, f"The model `judge-model` does not exist (key {API_KEY})")
    )

    with pytest.raises(ProviderRejected) as raised:
        await openai_provider.chat(REQUEST)

    text = _everything_said(raised.value)
    assert "The model `judge-model` does not exist" in text
    assert API_KEY not in text


async def test_a_400_quoting_the_prompt_does_not_repeat_it(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(error_reply(400, f"Invalid content: '{SECRET_PROMPT}'"))

    with pytest.raises(ProviderRejected) as raised:
        await openai_provider.chat(REQUEST)

    text = _everything_said(raised.value)
    assert "4471-XYZ" not in text
    assert "HTTP 400" in text


async def test_a_slow_provider_times_out_after_the_retries(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider, sleeps: SleepRecorder
) -> None:
    model_server.reply_with(*[delayed_reply(2.0)] * 3)

    with pytest.raises(ProviderTimeout) as raised:
        await openai_provider.chat(REQUEST)

    assert "did not answer in time" in str(raised.value)
    assert len(model_server.chat_requests) == 3


async def test_a_timeout_then_an_answer_succeeds(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.reply_with(delayed_reply(2.0), text_reply("second time"))

    assert (await openai_provider.chat(REQUEST)).text == "second time"


async def test_nothing_listening_is_unavailable(sleeps: SleepRecorder) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    provider = OpenAICompatibleProvider(
        base_url=f"http://127.0.0.1:{closed_port}",
        api_key=API_KEY,
        retry=RetryPolicy(max_attempts=2),
        sleep=sleeps,
        timeouts=Timeouts(connect_s=1.0),
    )
    try:
        with pytest.raises(ProviderUnavailable) as raised:
            await provider.chat(REQUEST)
    finally:
        await provider.aclose()

    assert "could not be reached (ConnectError) after 2 attempt(s)" in str(raised.value)
    assert len(sleeps.delays) == 1


def test_backoff_doubles_up_to_the_ceiling_with_jitter() -> None:
    policy = RetryPolicy(base_delay_s=0.5, max_delay_s=4.0)
    rng = random.Random(7)

    delays = [policy.delay_before_retry(n, None, rng) for n in range(1, 6)]

    ceilings = [0.5, 1.0, 2.0, 4.0, 4.0]
    for delay, ceiling in zip(delays, ceilings, strict=True):
        assert ceiling / 2 <= delay <= ceiling


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"retry-after": "3"}, 3.0),
        ({"retry-after": "1.5"}, 1.5),
        ({"retry-after-ms": "250", "retry-after": "9"}, 0.25),
        ({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, 0.0),
        ({"retry-after": "soon"}, None),
        ({}, None),
    ],
)
def test_retry_after_header_forms(headers: dict[str, str], seconds: float | None) -> None:
    assert retry_after_seconds(httpx.Headers(headers)) == seconds


def _everything_said(error: BaseException) -> str:
    return f"{error!s} {error!r} {error.args!r}"
