"""Embedding vectors for tests, with cosines chosen exactly.

Every text gets its own axis, so unrelated texts have cosine 0; a pair named
in ``similar`` gets exactly the cosine given.
"""

import hashlib
import math
from collections.abc import Iterable, Mapping

import numpy as np


def vectors_with(
    texts: Iterable[str], similar: Mapping[tuple[str, str], float] | None = None
) -> dict[str, np.ndarray]:
    pairs = similar or {}
    names = list(dict.fromkeys([*texts, *(text for pair in pairs for text in pair)]))
    axes = {text: axis for axis, text in enumerate(names)}
    vectors = {text: _axis(axes[text], len(names)) for text in names}
    for (first, second), cosine in pairs.items():
        vectors[second] = cosine * vectors[first] + math.sqrt(1 - cosine**2) * _axis(
            axes[second], len(names)
        )
    return vectors


def hashed_vectors(texts: Iterable[str], dimensions: int = 6) -> dict[str, np.ndarray]:
    """Deterministic vectors of few dimensions, so cosines spread over the whole range."""
    vectors = {}
    for text in texts:
        seed = int.from_bytes(hashlib.sha256(text.casefold().strip().encode()).digest()[:8], "big")
        vectors[text] = np.random.default_rng(seed).standard_normal(dimensions)
    return vectors


def _axis(index: int, size: int) -> np.ndarray:
    vector = np.zeros(size)
    vector[index] = 1.0
    return vector
