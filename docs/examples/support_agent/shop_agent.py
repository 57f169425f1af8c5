"""The demo organization's shop assistant: a small support agent with no model, so the demo
runs offline and says the same thing every time. `casebook dev` answers the demo's eval runs
with it (docs/demo.md); copy it as the shape of your own agent's task.

It answers from the shop's knowledge base (the Markdown files in ``knowledge/``, the same
documents the demo uploads as its "Shop policies" knowledge base) by plain word overlap
between the question and each paragraph, and it calls the shop's tools: ``lookup_order``
(read-only) and ``cancel_order`` (changes something, so an eval run - always isolated -
gets it reported as blocked instead of executed).

Two versions, as a team would have them side by side on two branches:

- version 1 answers with the first sentence of the best paragraph, and reads an order
  number from the question only;
- version 2 answers with the whole paragraph (the caveat in its second sentence included),
  reads the order number from the earlier turns too - and checks an order's status before
  cancelling it, with a rule that is too strict: an order being packed has not shipped,
  and the shop's policy lets it be cancelled.

    casebook eval --dataset … --agent … --task shop_agent:answer --version-label v2
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from casebook_client import Answer, EvalCase, ToolCall

KNOWLEDGE_DIR = Path(__file__).with_name("knowledge")
VERSIONS = (1, 2)
NEWEST_VERSION = 2

# The shop's order system, as far as this example needs one.
ORDERS = {"12345": "being packed", "881": "being packed", "990": "shipped on 2 December"}
# Orders version 2 agrees to cancel: too few (the policy says "until it ships").
CANCELLABLE_IN_V2 = frozenset({"received"})

ORDER_NUMBER = re.compile(r"\border\s+#?(\d{3,6})\b", re.IGNORECASE)
WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "at",
        "be",
        "by",
        "can",
        "could",
        "do",
        "does",
        "for",
        "from",
        "have",
        "how",
        "i",
        "in",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "so",
        "that",
        "the",
        "their",
        "there",
        "this",
        "to",
        "was",
        "what",
        "when",
        "where",
        "which",
        "who",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "can't",
        "already",
        "about",
        "any",
    ]
)
# A question sharing fewer words than this with every paragraph is not about the shop.
MIN_OVERLAP = 2
OFF_TOPIC = (
    "I can help with orders, returns, delivery and the warranty. "
    "Is there something about an order or a product I can do for you?"
)


def words(text: str) -> frozenset[str]:
    """The text's content words, lower-cased, a plural or past "-s"/"-ed" cut off words
    longer than four letters (so "returned" meets "return", "takes" meets "take")."""
    found = set()
    for word in WORD.findall(text.lower()):
        if word in STOPWORDS:
            continue
        if len(word) > 4 and word.endswith("ed"):
            word = word[:-2]
        elif len(word) > 4 and word.endswith("s"):
            word = word[:-1]
        found.add(word)
    return frozenset(found)


@dataclass(frozen=True)
class Passage:
    document: str
    text: str
    words: frozenset[str] = field(compare=False)

    @property
    def first_sentence(self) -> str:
        return SENTENCE_END.split(self.text, maxsplit=1)[0]


def read_passages(folder: Path = KNOWLEDGE_DIR) -> tuple[Passage, ...]:
    """Every paragraph of every Markdown document, headings left out, in file-name order."""
    passages = []
    for path in sorted(folder.glob("*.md")):
        for paragraph in path.read_text(encoding="utf-8").split("\n\n"):
            text = " ".join(paragraph.split())
            if text and not text.startswith("#"):
                passages.append(Passage(path.name, text, words(text)))
    return tuple(passages)


def best_passage(question: str, passages: Sequence[Passage]) -> Passage | None:
    """The paragraph sharing the most words with the question (the earlier one on a tie),
    or None when none shares ``MIN_OVERLAP``."""
    asked = words(question)
    best, best_overlap = None, MIN_OVERLAP - 1
    for passage in passages:
        overlap = len(asked & passage.words)
        if overlap > best_overlap:
            best, best_overlap = passage, overlap
    return best


def order_number(question: str, earlier: Iterable[str]) -> str | None:
    """The order the question is about: named in it, else (in the caller's choice) in the
    earlier turns, newest first."""
    for text in (question, *reversed(tuple(earlier))):
        found = ORDER_NUMBER.search(text)
        if found:
            return found.group(1)
    return None


def lookup_order(order_id: str) -> str:
    return ORDERS.get(order_id, "not found")


@dataclass(frozen=True)
class Reply:
    text: str
    tool_calls: tuple[ToolCall, ...] = ()


def _lookup(order_id: str) -> tuple[str, ToolCall]:
    status = lookup_order(order_id)
    return status, ToolCall("lookup_order", {"order_id": order_id}, "ok", status)


def _cancel(order_id: str, version: int, may_cancel: bool) -> Reply:
    calls: list[ToolCall] = []
    if version >= 2:
        status, call = _lookup(order_id)
        calls.append(call)
        if status not in CANCELLABLE_IN_V2:
            return Reply(
                f"Order {order_id} is {status}, so it can no longer be cancelled.", tuple(calls)
            )
    calls.append(
        ToolCall("cancel_order", {"order_id": order_id}, "ok" if may_cancel else "blocked")
    )
    return Reply(
        f"Order {order_id} is cancelled; the refund reaches your card in 5 working days.",
        tuple(calls),
    )


def reply(
    question: str,
    earlier: Sequence[str] = (),
    *,
    version: int = NEWEST_VERSION,
    may_cancel: bool = False,
    passages: Sequence[Passage] | None = None,
) -> Reply:
    """The agent's answer to ``question`` after the ``earlier`` turns' texts. ``may_cancel``:
    whether cancelling really happens (never in an eval run, which is isolated)."""
    if version not in VERSIONS:
        raise ValueError(f"version must be one of {VERSIONS}, not {version!r}")
    order_id = order_number(question, earlier if version >= 2 else ())
    asked = question.lower()
    if order_id and "cancel" in asked:
        return _cancel(order_id, version, may_cancel)
    if order_id:
        status, call = _lookup(order_id)
        if "address" in asked:
            return Reply(
                f"Yes, until it ships: which address should order {order_id} go to?", (call,)
            )
        return Reply(f"Order {order_id} is {status}.", (call,))
    passage = best_passage(question, passages if passages is not None else read_passages())
    if passage is None:
        return Reply(OFF_TOPIC)
    return Reply(passage.text if version >= 2 else passage.first_sentence)


def version_of(label: str | None, agent_version: int) -> int:
    """Which behaviour a run asked for: its version label ("v1", "v2"), else the newest."""
    if label and label.strip().lower().lstrip("v").isdigit():
        number = int(label.strip().lower().lstrip("v"))
        if number in VERSIONS:
            return number
    return NEWEST_VERSION


def answer(case: EvalCase) -> Answer:
    """The task `casebook eval --task shop_agent:answer` and `evaluate()` call."""
    earlier = [turn.content for turn in case.history]
    given = reply(
        case.input,
        earlier,
        version=version_of(case.version_label, case.agent_version),
        may_cancel=case.may_execute("cancel_order"),
    )
    return Answer(given.text, tool_calls=given.tool_calls)
