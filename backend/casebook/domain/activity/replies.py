"""One question, one answer (spec: "every reply of an agent has an Add to dataset control,
once, on its last step: a reply written in steps - a tool call, then the answer - is one
case"; "the agent's whole reply to the question - every step it wrote before the next
question - is the answer").

An integrator may record a reply as several agent turns in a row - a tool call, then the
answer, each its own turn. They are one reply to the question before them, written by one
run: ``one_reply`` joins the parts - every step in order; cost, latency and tokens added up
(unknown only when no part knows them); the first model named; the first part's version,
flags and start; the last error. A later part keeps its turn's place and id in the conversation, with no
text and no run of its own (``continues_reply``).
"""

import operator
from collections.abc import Sequence
from dataclasses import replace
from functools import reduce
from typing import TypeVar

from casebook.domain.activity.ingestion import RunRecord

Figure = TypeVar("Figure", int, float)


def _added(values: Sequence[Figure | None]) -> Figure | None:
    known = [value for value in values if value is not None]
    return reduce(operator.add, known) if known else None


def continues_reply(role: str, reply_open: bool) -> bool:
    """Whether an agent turn is a later part of the reply before it: it follows an agent's
    turn with no question between."""
    return role == "agent" and reply_open


def one_reply(parts: Sequence[RunRecord]) -> RunRecord:
    """The parts of one reply, oldest first, as the one run that wrote it."""
    first = parts[0]
    errors = [part.error for part in parts if part.error]
    return replace(
        first,
        steps=tuple(step for part in parts for step in part.steps),
        model=next((part.model for part in parts if part.model), None),
        cost_usd=_added([part.cost_usd for part in parts]),
        latency_ms=_added([part.latency_ms for part in parts]),
        input_tokens=_added([part.input_tokens for part in parts]),
        output_tokens=_added([part.output_tokens for part in parts]),
        error=errors[-1] if errors else None,
    )


def reply_content(parts: Sequence[str]) -> str:
    """The text of a reply recorded in parts, as a reply's message holds it."""
    return "\n\n".join(part for part in parts if part)
