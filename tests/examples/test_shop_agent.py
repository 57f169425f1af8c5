"""The demo's shop assistant (docs/examples/support_agent/shop_agent.py) as code: its answers
come from the knowledge files and its rules, so a question it was never shown is answered
the same way, and the two versions differ exactly where the demo says they do."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from casebook_client import EvalCase
from casebook_client.cases import Tool, Turn

AGENT_FILE = Path(__file__).resolve().parents[2] / "docs/examples/support_agent/shop_agent.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("shop_agent", AGENT_FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("shop_agent", module)
    spec.loader.exec_module(module)
    return module


shop = _load()
TOOLS = (
    Tool("lookup_order", "An order's status", {}, True),
    Tool("cancel_order", "Cancels an order", {}, False),
)


def case(text: str, *, label: str | None = None, history: tuple[str, ...] = ()) -> EvalCase:
    turns = tuple(Turn("user" if i % 2 == 0 else "assistant", t) for i, t in enumerate(history))
    return EvalCase(text, turns, (), "Q2FzZTox", 1, 0, "answer", TOOLS, "QWdlbnQ6MQ==",
                    "Shop assistant", 1, label, "item-1")  # fmt: skip


def calls(reply: object) -> list[tuple[str, dict[str, str], str]]:
    return [(c.name, dict(c.arguments or {}), c.status) for c in reply.tool_calls]  # type: ignore[attr-defined]


def test_words_drop_stopwords_and_meet_simple_inflections() -> None:
    assert shop.words("Can I return what was returned? It takes weeks") == {
        "return",
        "take",
        "week",
    }


def test_answers_come_from_the_knowledge_files_not_from_the_question(tmp_path: Path) -> None:
    (tmp_path / "pets.md").write_text("# Pets\n\nDogs may ride in the shop's delivery van.\n")
    passages = shop.read_passages(tmp_path)
    assert [p.text for p in passages] == ["Dogs may ride in the shop's delivery van."]
    answered = shop.reply("Can my dogs ride in your delivery van?", passages=passages)
    assert answered.text == "Dogs may ride in the shop's delivery van."
    assert shop.reply("How long is the return window?", passages=passages).text == shop.OFF_TOPIC


@pytest.mark.parametrize("version", shop.VERSIONS)
def test_both_versions_answer_the_shop_policies(version: int) -> None:
    assert "30 days" in shop.reply("How long is the return window?", version=version).text
    assert "3 to 5 working days" in shop.reply("How long does delivery take?", version=version).text
    assert (
        "two-year"
        in shop.reply("Is my toaster under warranty, and how long?", version=version).text
    )
    assert shop.reply("Write a haiku about our prices.", version=version).text == shop.OFF_TOPIC


@pytest.mark.parametrize("version", shop.VERSIONS)
def test_an_order_is_looked_up_with_the_read_only_tool(version: int) -> None:
    answered = shop.reply("Where is my order 990?", version=version)
    assert answered.text == "Order 990 is shipped on 2 December."
    assert calls(answered) == [("lookup_order", {"order_id": "990"}, "ok")]
    assert shop.reply("Where is order 4242?", version=version).text == "Order 4242 is not found."


def test_version_2_keeps_the_caveat_version_1_cuts_off() -> None:
    question = "Can I return a kettle I already used?"
    assert shop.reply(question, version=1).text == "A used item cannot be returned."
    assert "covered by the warranty" in shop.reply(question, version=2).text


def test_version_2_reads_the_order_from_earlier_turns() -> None:
    earlier = ["I ordered a toaster yesterday, order 881.", "Order 881 is being packed."]
    question = "And can you change the delivery address instead?"
    first = shop.reply(question, earlier, version=1)
    assert calls(first) == [] and "881" not in first.text
    second = shop.reply(question, earlier, version=2)
    assert calls(second) == [("lookup_order", {"order_id": "881"}, "ok")]
    assert "order 881" in second.text


def test_version_1_cancels_and_version_2_refuses_an_order_being_packed() -> None:
    first = shop.reply("Please cancel order 12345.", version=1)
    assert calls(first) == [("cancel_order", {"order_id": "12345"}, "blocked")]
    assert "cancelled" in first.text
    second = shop.reply("Please cancel order 12345.", version=2)
    assert calls(second) == [("lookup_order", {"order_id": "12345"}, "ok")]
    assert "can no longer be cancelled" in second.text


def test_cancelling_executes_only_where_it_may() -> None:
    answered = shop.reply("Cancel order 881 please", version=1, may_cancel=True)
    assert calls(answered) == [("cancel_order", {"order_id": "881"}, "ok")]


def test_the_task_picks_the_version_from_the_runs_label_and_reports_blocked_calls() -> None:
    assert (
        shop.answer(case("Please cancel order 12345.", label="v1")).tool_calls[0].status
        == "blocked"
    )
    assert "no longer" in (shop.answer(case("Please cancel order 12345.", label="v2")).text or "")
    assert "no longer" in (shop.answer(case("Please cancel order 12345.")).text or "")
    assert shop.version_of("my-laptop", 3) == shop.NEWEST_VERSION
    earlier = ("I ordered a toaster yesterday, order 881.", "Thanks! How can I help?")
    answered = shop.answer(case("Can you change the address?", label="v2", history=earlier))
    assert [c.name for c in answered.tool_calls] == ["lookup_order"]


def test_an_unknown_version_is_refused() -> None:
    with pytest.raises(ValueError, match="version must be one of"):
        shop.reply("hello", version=3)
