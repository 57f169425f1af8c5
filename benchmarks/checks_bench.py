"""Check evaluation throughput: 10,000 answers x 5 checks, scored in-process.

Run: .venv/bin/python benchmarks/checks_bench.py
The bar is 20,000 check evaluations a second on one core. As a baseline in
the same run, a plain Python loop of ``str.__contains__`` over the same
answers, five lookups per answer.
"""

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from casebook.domain.checks.evaluate import score_checks
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.jsonvalue import JSONObject

ANSWER_COUNT = 10_000
BAR_PER_SECOND = 20_000
WORDS = [
    "refund",
    "order",
    "delivery",
    "window",
    "thirty",
    "days",
    "kettle",
    "unused",
    "receipt",
    "store",
    "policy",
]


def make_answers(rng: random.Random) -> list[AnswerUnderTest]:
    answers = []
    for index in range(ANSWER_COUNT):
        words = rng.choices(WORDS, k=rng.randint(20, 200))
        prose = " ".join(words).capitalize() + "."
        if index % 2:
            payload = {
                "items": [{"name": rng.choice(WORDS), "qty": rng.randint(1, 5)}],
                "note": prose,
            }
            text = json.dumps(payload)
        else:
            text = prose
        answers.append(AnswerUnderTest(text=text, cost_usd=0.002, latency_ms=900))
    return answers


CHECKS: list[JSONObject] = [
    {"type": "contains", "value": "refund"},
    {"type": "not_contains", "value": "guarantee", "case_sensitive": True},
    {"type": "regex", "value": r"\b(thirty|30) days\b"},
    {"type": "length", "unit": "words", "max": 150},
    {"type": "json_schema", "path": "items", "schema": {"type": "array", "minItems": 1}},
]
EQUALS_VARIANT: list[JSONObject] = [
    *CHECKS[:4],
    {"type": "equals", "path": "items.0.name", "value": "kettle"},
]


def bench_checks(answers: list[AnswerUnderTest], checks: list[JSONObject]) -> float:
    started = time.perf_counter()
    for answer in answers:
        score_checks(checks, (), answer)
    elapsed = time.perf_counter() - started
    return len(answers) * len(checks) / elapsed


def bench_baseline(answers: list[AnswerUnderTest]) -> float:
    needles = ["refund", "guarantee", "thirty days", "kettle", "items"]
    texts = [answer.text for answer in answers]
    started = time.perf_counter()
    found = 0
    for text in texts:
        for needle in needles:
            if text.__contains__(needle):
                found += 1
    elapsed = time.perf_counter() - started
    return len(texts) * len(needles) / elapsed


def main() -> None:
    answers = make_answers(random.Random(7))
    score_checks(CHECKS, (), answers[1])  # compile the pattern and schema once, as in service
    for label, checks in (("json_schema with path", CHECKS), ("equals with path", EQUALS_VARIANT)):
        rate = bench_checks(answers, checks)
        verdict = "meets" if rate >= BAR_PER_SECOND else "MISSES"
        print(
            f"checks ({label}): {rate:,.0f} evaluations/s - {verdict} the {BAR_PER_SECOND:,}/s bar"
        )
    print(f"baseline str.__contains__ loop: {bench_baseline(answers):,.0f} lookups/s")


if __name__ == "__main__":
    main()
