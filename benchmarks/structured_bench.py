"""How long the structured ladder takes on a large answer, without any I/O.

The reference has 1,000 fields: 20 lists of 50 items (names, and objects of
name/role/year), 60 nested objects and scalars of every kind (names, free
text, numbers, dates, booleans). The candidate is the same answer as a model
might write it: list items shuffled, a few missed and invented, alternative
spellings, letter-case changes, wrong and missing values, extra keys.

Embeddings come from a deterministic stub (384 dimensions like MiniLM) and are
computed before timing: in production they arrive from one embeddings request.
Judge grades are a fixed stub. The bar is 50 ms per answer for the ladder
(plan + score), printed beside ``json.loads`` of the same answer.

Run: .venv/bin/python benchmarks/structured_bench.py

BLAS runs single-threaded here (``OPENBLAS_NUM_THREADS=1`` unless already set),
as the scoring worker should: the ladder makes dozens of small matrix products
per answer, and waking BLAS threads for each costs far more than the product
on a busy machine. Set ``OPENBLAS_NUM_THREADS`` yourself to measure otherwise.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import hashlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from casebook.domain.structured import (
    EmbeddingTable,
    ModelChoice,
    StructuredSettings,
    plan_comparison,
    plan_judge,
    score_structured,
)

BAR_MS = 50.0
DIMENSIONS = 384
RUNS = 30
LISTS_OF_NAMES = 10
LISTS_OF_OBJECTS = 10
LIST_LENGTH = 50
NESTED_OBJECTS = 60
FIELDS = 1_000

WORDS = [
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliet",
    "kilo",
    "lima",
]


def build_reference(rng: random.Random) -> dict[str, Any]:
    reference: dict[str, Any] = {}
    for n in range(LISTS_OF_NAMES):
        reference[f"names_{n}"] = [
            f"Person {n}-{i} {rng.choice(WORDS)}" for i in range(LIST_LENGTH)
        ]
    for n in range(LISTS_OF_OBJECTS):
        reference[f"roles_{n}"] = [
            {"name": f"Actor {n}-{i}", "role": f"Role {rng.choice(WORDS)} {i}", "year": 1950 + i}
            for i in range(LIST_LENGTH)
        ]
    for n in range(NESTED_OBJECTS):
        reference[f"group_{n}"] = {
            "label": f"Group {n}",
            "count": n * 3,
            "active": n % 2 == 0,
        }
    scalar_makers: list[Callable[[int], Any]] = [
        lambda i: f"Name {i} {rng.choice(WORDS)}",
        lambda i: " ".join(rng.choice(WORDS) for _ in range(12)),
        lambda i: round(rng.uniform(1, 1000), 2),
        lambda i: f"{1900 + i % 120}-{1 + i % 12:02d}-{1 + i % 28:02d}",
        lambda i: i % 3 == 0,
    ]
    i = 0
    while len(reference) < FIELDS:
        reference[f"field_{i}"] = scalar_makers[i % len(scalar_makers)](i)
        i += 1
    return reference


def build_candidate(
    reference: dict[str, Any], rng: random.Random, aliases: dict[str, str]
) -> dict[str, Any]:
    candidate: dict[str, Any] = {}
    for key, value in reference.items():
        roll = rng.random()
        if roll < 0.03:
            continue
        if isinstance(value, list):
            candidate[key] = perturb_list(value, rng, aliases)
        elif isinstance(value, str) and roll < 0.15:
            candidate[key] = alias(value, aliases) if roll < 0.1 else value.upper()
        elif isinstance(value, float) and roll < 0.1:
            candidate[key] = round(value + 0.02, 2)
        else:
            candidate[key] = value
    for n in range(10):
        candidate[f"invented_{n}"] = f"Invented {n}"
    return candidate


def perturb_list(items: list[Any], rng: random.Random, aliases: dict[str, str]) -> list[Any]:
    kept = [item for item in items if rng.random() > 0.1]
    changed = [
        alias(item, aliases) if isinstance(item, str) and rng.random() < 0.2 else item
        for item in kept
    ]
    invented = [
        {"name": f"Nobody {k}", "role": "Extra", "year": 2001} if isinstance(items[0], dict)
        else f"Nobody {k}"
        for k in range(3)
    ]  # fmt: skip
    result = changed + invented
    rng.shuffle(result)
    return result


def alias(text: str, aliases: dict[str, str]) -> str:
    first, _, rest = text.partition(" ")
    written = f"{first[0]}. {rest}" if rest else text.lower()
    aliases[written] = text
    return written


def stub_embeddings(texts: tuple[str, ...], aliases: dict[str, str]) -> list[list[float]]:
    """Deterministic vectors, as a provider returns them; an alternative spelling
    lands close to its original."""
    return [
        (seeded_vector(aliases.get(text, text)) + 0.15 * seeded_vector("noise:" + text)).tolist()
        for text in texts
    ]


def seeded_vector(text: str) -> np.ndarray:
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    vector: np.ndarray = np.random.default_rng(seed).standard_normal(DIMENSIONS)
    return vector / np.linalg.norm(vector)


def timings_ms(action: Callable[[], object]) -> tuple[float, float]:
    """(median, best) of ``RUNS`` runs, in milliseconds."""
    timings = []
    for _ in range(RUNS):
        started = time.perf_counter()
        action()
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings), min(timings)


def main() -> None:
    rng = random.Random(7)
    aliases: dict[str, str] = {}
    reference = build_reference(rng)
    candidate = build_candidate(reference, rng, aliases)
    answer = json.dumps(candidate)
    plain = StructuredSettings(enabled=True)
    judged = StructuredSettings(enabled=True, judge_model=ModelChoice("1", "judge"))

    plan = plan_comparison(reference, candidate, plain)
    vectors = stub_embeddings(plan.texts, aliases)
    started = time.perf_counter()
    embeddings = EmbeddingTable(plan.texts, vectors)
    table_ms = (time.perf_counter() - started) * 1000
    judge_plan = plan_judge(reference, candidate, judged, embeddings)
    grades = {request.key: 80 for request in judge_plan}

    def ladder_without_judge() -> object:
        plan_comparison(reference, candidate, plain)
        return score_structured(reference, candidate, plain, embeddings, None)

    def ladder_with_judge() -> object:
        plan_comparison(reference, candidate, judged)
        plan_judge(reference, candidate, judged, embeddings)
        return score_structured(reference, candidate, judged, embeddings, grades)

    def ladder_exact_only() -> object:
        return score_structured(reference, candidate, plain, None, None)

    score = score_structured(reference, candidate, plain, embeddings, None)
    figures = {
        "json.loads of the answer": timings_ms(lambda: json.loads(answer)),
        "plan + score (embeddings, no judge)": timings_ms(ladder_without_judge),
        "plan + plan_judge + score (judge)": timings_ms(ladder_with_judge),
        "score (no embedding model)": timings_ms(ladder_exact_only),
    }
    print(
        f"reference: {len(reference)} fields, {LISTS_OF_NAMES + LISTS_OF_OBJECTS} lists of "
        f"{LIST_LENGTH}; answer {len(answer):,} bytes; {len(plan.texts)} texts to embed "
        f"({len(plan.reference_texts)} reference); {len(judge_plan)} judge pairs"
    )
    print(
        f"score: completeness {score.completeness:.3f}, correctness {score.correctness:.3f}, "
        f"quality {score.quality:.3f}; {len(score.fields)} breakdown rows"
    )
    print(
        f"EmbeddingTable from the provider's {len(vectors)} vectors (once per answer): "
        f"{table_ms:.2f} ms"
    )
    print(f"BLAS threads: OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']}")
    print(f"{'':<40} {'median':>8}    {'best':>8}    (of {RUNS} runs)")
    for name, (median, best) in figures.items():
        print(f"{name:<40} {median:8.2f} ms {best:8.2f} ms")
    slowest = max(
        median for name, (median, _) in figures.items() if name.startswith(("plan", "score"))
    )
    verdict = "within" if slowest <= BAR_MS else "OVER"
    print(f"bar {BAR_MS:.0f} ms per answer: {verdict} (slowest ladder {slowest:.2f} ms)")
    if slowest > BAR_MS:
        sys.exit(1)


if __name__ == "__main__":
    main()
