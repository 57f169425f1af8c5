"""A reply recorded as agent turns in a row is one reply: "a reply written in steps - a tool
call, then the answer - is one case"."""

from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.activity.ingestion import RunRecord, run_text
from casebook.domain.activity.model import Step
from casebook.domain.activity.replies import continues_reply, one_reply, reply_content


def _part(*steps: Step, **figures: object) -> RunRecord:
    given: dict[str, object] = {
        "model": None,
        "cost_usd": None,
        "latency_ms": None,
        "input_tokens": None,
        "output_tokens": None,
        "isolated": False,
        "eval": False,
        "agent_version": None,
        "error": None,
        "started_at": None,
        **figures,
    }
    return RunRecord(steps=steps, **given)  # type: ignore[arg-type]


def test_the_parts_are_one_reply_with_every_step_and_the_figures_added_up() -> None:
    called = _part(
        Step.call("refund_order", {"order_id": "1"}, "ok", "refunded"),
        cost_usd=0.25,
        latency_ms=100.0,
        input_tokens=10,
        model="gpt-4o",
        agent_version=2,
    )
    answered = _part(Step.said("Refunded."), cost_usd=0.5, latency_ms=200.0, output_tokens=7)
    whole = one_reply([called, answered])
    assert [s.kind for s in whole.steps] == ["tool_call", "text"]
    assert (whole.cost_usd, whole.latency_ms) == (0.75, 300.0)
    assert (whole.input_tokens, whole.output_tokens) == (10, 7)
    assert (whole.model, whole.agent_version, whole.error) == ("gpt-4o", 2, None)
    assert run_text(whole) == "Refunded."


def test_a_figure_no_part_knows_stays_unknown_and_the_last_error_is_kept() -> None:
    whole = one_reply([_part(error="timeout"), _part(Step.said("Late."), error="cut off")])
    assert (whole.cost_usd, whole.input_tokens) == (None, None)
    assert whole.error == "cut off"


def test_only_an_agent_turn_after_an_agent_turn_continues_a_reply() -> None:
    assert continues_reply("agent", reply_open=True)
    assert not continues_reply("agent", reply_open=False)
    assert not continues_reply("user", reply_open=True)


@given(st.lists(st.text(max_size=20), max_size=6))
def test_the_reply_text_is_every_parts_text_in_order(parts: list[str]) -> None:
    joined = reply_content(parts)
    assert joined == "\n\n".join(p for p in parts if p)
    assert reply_content([joined]) == joined
