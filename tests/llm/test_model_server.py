"""The scripted model server itself: what later suites rely on."""

import time

import httpx
import pytest

from casebook.llm.openai_compatible import OpenAICompatibleProvider
from casebook.llm.protocol import ChatMessage, ChatRequest
from tests.support.model_server import (
    NO_SCRIPTED_REPLY,
    ModelServer,
    RecordedRequest,
    ScriptedReply,
    hashed_embedding,
    text_reply,
)


def test_it_starts_and_stops_quickly_as_a_context_manager() -> None:
    started = time.perf_counter()
    with ModelServer() as server:
        startup_s = time.perf_counter() - started
        server.reply_with(text_reply("hi"))
        answer = httpx.post(
            f"{server.openai_base_url}/chat/completions",
            json={"model": "m", "messages": [{"role": "user", "content": "one two three"}]},
        )

    assert startup_s < 1.0
    assert answer.json()["choices"][0]["message"]["content"] == "hi"
    assert answer.json()["usage"] == {"prompt_tokens": 3, "completion_tokens": 1}


def test_unscripted_calls_fail_loudly(model_server: ModelServer) -> None:
    answer = httpx.post(
        f"{model_server.url}/v1/chat/completions",
        json={"model": "m", "messages": [{"role": "user", "content": "hi"}]},
    )

    assert answer.status_code == 400
    assert answer.json()["error"]["message"] == NO_SCRIPTED_REPLY


async def test_a_responder_answers_from_the_request(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    def echo_upper(request: RecordedRequest) -> ScriptedReply:
        return text_reply(request.prompt_texts[-1].upper())

    model_server.reply_with(text_reply("queued first"))
    model_server.respond_with(echo_upper)

    first = await openai_provider.chat(ChatRequest("m", [ChatMessage("user", "abc")]))
    second = await openai_provider.chat(ChatRequest("m", [ChatMessage("user", "def")]))

    assert (first.text, second.text) == ("queued first", "DEF")
    assert model_server.pending_replies == 0


def test_embeddings_are_deterministic_unit_vectors() -> None:
    first = hashed_embedding("same text", 16)

    assert first == hashed_embedding("same text", 16)
    assert first != hashed_embedding("other text", 16)
    assert sum(x * x for x in first) == pytest.approx(1.0)


def test_reset_forgets_script_requests_and_vectors(model_server: ModelServer) -> None:
    model_server.reply_with(text_reply("x"))
    model_server.set_embedding("a", [1.0])
    httpx.post(f"{model_server.url}/v1/embeddings", json={"model": "e", "input": "a"})

    model_server.reset()

    assert (model_server.requests, model_server.pending_replies) == ([], 0)
    assert model_server.embedding_of("a") == hashed_embedding(
        "a", model_server.embedding_dimensions
    )
