"""OpenAI-compatible embeddings: batches, order, usage and cost."""

import pytest

from casebook.llm.errors import MalformedResponse, ProviderUnavailable
from casebook.llm.http_json import RetryPolicy
from casebook.llm.openai_compatible import OpenAICompatibleProvider
from tests.llm.conftest import PRICES, SleepRecorder
from tests.support.model_server import ModelServer, error_reply, raw_reply

TEXTS = ["Paris", "the capital of France", "Lyon", "a city on the Rhône", "Marseille"]


async def test_a_batch_returns_one_vector_per_text_in_order(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    result = await openai_provider.embed("embed-model", TEXTS)

    assert result.vectors == [pytest.approx(model_server.embedding_of(t)) for t in TEXTS]
    assert len(model_server.embedding_requests) == 1
    assert model_server.embedding_requests[0].body == {"model": "embed-model", "input": TEXTS}
    # 1 + 4 + 1 + 5 + 1 words, at $0.50 per million
    assert result.usage.input_tokens == 12
    assert result.cost_usd == pytest.approx(12 * 0.5 / 1_000_000)
    assert result.priced is True


async def test_long_lists_are_sent_in_batches(
    model_server: ModelServer, sleeps: SleepRecorder
) -> None:
    provider = OpenAICompatibleProvider(
        base_url=model_server.openai_base_url, prices=PRICES, embedding_batch_size=2, sleep=sleeps
    )
    try:
        result = await provider.embed("embed-model", TEXTS)
    finally:
        await provider.aclose()

    assert [r.body["input"] for r in model_server.embedding_requests] == [
        TEXTS[0:2],
        TEXTS[2:4],
        TEXTS[4:5],
    ]
    assert len(result.vectors) == 5
    assert result.vectors[4] == pytest.approx(model_server.embedding_of("Marseille"))
    assert result.usage.input_tokens == 12


async def test_scripted_vectors_come_back(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.set_embedding("yes", [1.0, 0.0])
    model_server.set_embedding("no", [0.0, 1.0])

    result = await openai_provider.embed("embed-model", ["no", "yes"])

    assert result.vectors == [[0.0, 1.0], [1.0, 0.0]]


async def test_answers_out_of_index_order_are_put_back_in_order(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    model_server.fail_embeddings_with(
        raw_reply(
            b'{"data": [{"index": 1, "embedding": [2.0]}, {"index": 0, "embedding": [1.0]}],'
            b' "usage": {"prompt_tokens": 2}}'
        )
    )

    result = await openai_provider.embed("embed-model", ["first", "second"])

    assert result.vectors == [[1.0], [2.0]]


@pytest.mark.parametrize(
    "body",
    [
        b'{"data": [{"index": 0, "embedding": [1.0]}]}',
        b'{"data": [{"index": 0, "embedding": [1.0]}, {"index": 0, "embedding": [2.0]}]}',
        b'{"data": [{"index": 0, "embedding": "abc"}, {"index": 1, "embedding": [2.0]}]}',
        b'{"data": [{"index": 0, "embedding": []}, {"index": 1, "embedding": [2.0]}]}',
        b'{"vectors": []}',
    ],
)
async def test_answers_that_do_not_match_the_texts_are_malformed(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider, body: bytes
) -> None:
    model_server.fail_embeddings_with(raw_reply(body))

    with pytest.raises(MalformedResponse):
        await openai_provider.embed("embed-model", ["first", "second"])


async def test_no_texts_make_no_request(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    result = await openai_provider.embed("embed-model", [])

    assert result.vectors == []
    assert model_server.requests == []


async def test_embeddings_are_retried_like_chat(
    model_server: ModelServer, sleeps: SleepRecorder
) -> None:
    model_server.fail_embeddings_with(error_reply(502), error_reply(502))
    provider = OpenAICompatibleProvider(
        base_url=model_server.url, retry=RetryPolicy(max_attempts=2), sleep=sleeps
    )
    try:
        with pytest.raises(ProviderUnavailable):
            await provider.embed("embed-model", ["a"])
        result = await provider.embed("embed-model", ["a"])
    finally:
        await provider.aclose()

    assert len(result.vectors) == 1
    assert len(model_server.embedding_requests) == 3
