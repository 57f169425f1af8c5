"""The estimate shown before an eval run starts: answers to produce, and what they cost.

"The estimate comes first": how many answers the run produces (cases × agents ×
repetitions), each agent's estimated cost from the price table, and the judge's.
A model's cost is tokens × its price per million: the prompt counted at about four
characters a token (the agent's instructions, the case's earlier turns and its
question), the answer assumed at ``ANSWER_TOKENS``. The judge reads the case, the
answer and its instructions and writes a short verdict. A webhook or local agent's
cost is unknown until it reports it, a model missing from the price table is unknown, and
neither is ever said to be free. A cost under a cent is said as such.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

CHARS_PER_TOKEN = 4
ANSWER_TOKENS = 400
JUDGE_REPLY_TOKENS = 300
JUDGE_INSTRUCTIONS_TOKENS = 600
TOKENS_PER_PRICE_UNIT = 1_000_000
WEBHOOK_UNKNOWN = "unknown until the webhook reports its cost"
LOCAL_UNKNOWN = "unknown until your code reports its cost"
NO_JUDGE = "free (no judge)"


@dataclass(frozen=True, slots=True)
class Price:
    """USD per million tokens."""

    input_per_million: float
    output_per_million: float


@dataclass(frozen=True, slots=True)
class CaseSize:
    """What a case weighs in a prompt, and whether the judge grades it."""

    prompt_chars: int
    judged: bool


@dataclass(frozen=True, slots=True)
class CostFigure:
    usd: float | None  # None: unknown, and ``text`` says why
    text: str


def tokens(chars: int) -> int:
    return math.ceil(max(0, chars) / CHARS_PER_TOKEN)


def cost_words(usd: float) -> str:
    """ "$1.20"; "under a cent" for a cost above nothing and below a cent; "$0.00" for none."""
    if usd <= 0:
        return "$0.00"
    if usd < 0.01:
        return "under a cent"
    return f"${usd:,.2f}"


def _usd(price: Price, input_tokens: int, output_tokens: int) -> float:
    spent = input_tokens * price.input_per_million + output_tokens * price.output_per_million
    return spent / TOKENS_PER_PRICE_UNIT


def model_agent_cost(
    cases: Sequence[CaseSize],
    *,
    model: str,
    price: Price | None,
    instructions_chars: int,
    repetitions: int,
) -> CostFigure:
    """A model agent answering every case ``repetitions`` times."""
    if price is None:
        return CostFigure(None, f"unknown: the price table has no price for {model}")
    prompt = sum(tokens(instructions_chars) + tokens(case.prompt_chars) for case in cases)
    usd = _usd(price, prompt, ANSWER_TOKENS * len(cases)) * repetitions
    return CostFigure(usd, cost_words(usd))


def webhook_agent_cost() -> CostFigure:
    return CostFigure(None, WEBHOOK_UNKNOWN)


def local_agent_cost() -> CostFigure:
    return CostFigure(None, LOCAL_UNKNOWN)


def judge_cost(
    cases: Sequence[CaseSize],
    *,
    model: str | None,
    price: Price | None,
    answers_per_case: int,
) -> CostFigure:
    """The judge grading each answer of every case it grades."""
    judged = [case for case in cases if case.judged]
    if not judged:
        return CostFigure(0.0, NO_JUDGE)
    if model is None:
        return CostFigure(None, "unknown: the judge has no model")
    if price is None:
        return CostFigure(None, f"unknown: the price table has no price for {model}")
    prompt = sum(
        JUDGE_INSTRUCTIONS_TOKENS + tokens(case.prompt_chars) + ANSWER_TOKENS for case in judged
    )
    usd = _usd(price, prompt, JUDGE_REPLY_TOKENS * len(judged)) * answers_per_case
    return CostFigure(usd, cost_words(usd))


def total_cost_text(figures: Sequence[CostFigure]) -> str:
    """Everything known added up; what is unknown said after it, never counted as free."""
    known = sum(f.usd for f in figures if f.usd is not None)
    unknown = list(dict.fromkeys(f.text for f in figures if f.usd is None))
    if not unknown:
        return cost_words(known)
    reasons = "; ".join(unknown)
    if all(f.usd is None for f in figures):
        return reasons if reasons.startswith("unknown") else f"unknown: {reasons}"
    return f"{cost_words(known)} plus what is unknown ({reasons})"
