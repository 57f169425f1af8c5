"""A trace's spans formed into turns whatever order they came in: local roots, waiting,
settling, turns and their steps, continuations, and spans that come after their run."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.activity.traces.assembly import PlacedSpan, TracePlan, assemble
from casebook.domain.activity.traces.spans import SpanFacts
from tests.domain.activity.traces.builders import genai, messages, span, text_part, waiting


def _agent_turn() -> list[SpanFacts]:
    """An agent span (1) around an LLM call asking for a tool (2), the tool (3) with an LLM
    call inside it (4: the tool's own), and the LLM call that answers (5)."""
    asked = genai([text_part("Where is 7?")])
    call = {"type": "tool_call", "id": "c1", "name": "find", "arguments": {"id": 7}}
    return [
        span("1", start=1, end=20, gen_ai__operation__name="invoke_agent", user__id="ana"),
        span(
            "2",
            "1",
            start=2,
            gen_ai__operation__name="chat",
            gen_ai__input__messages=messages(asked),
            gen_ai__output__messages=messages(genai([call], "assistant")),
            gen_ai__usage__input_tokens=10,
        ),
        span(
            "3",
            "1",
            start=4,
            end=8,
            gen_ai__operation__name="execute_tool",
            gen_ai__tool__name="find",
            gen_ai__tool__call__id="c1",
            gen_ai__tool__call__result="at the depot",
        ),
        span("4", "3", start=5, gen_ai__operation__name="chat", gen_ai__usage__input_tokens=99),
        span(
            "5",
            "1",
            start=10,
            gen_ai__operation__name="chat",
            gen_ai__output__messages=messages(genai([text_part("At the depot.")], "assistant")),
            gen_ai__usage__input_tokens=20,
        ),
    ]


def _summary(plan: TracePlan) -> list[tuple[str | None, list[tuple[str, str | None]]]]:
    return [
        (
            turn.question,
            [(s.step.kind, s.step.tool_name or s.step.text or s.step.result) for s in turn.steps],
        )
        for turn in plan.turns
    ]


def test_an_agent_turn_has_its_calls_and_answer_and_not_what_ran_inside_a_tool() -> None:
    plan = assemble([], waiting(*_agent_turn()))
    [turn] = plan.turns
    assert _summary(plan) == [("Where is 7?", [("tool_call", "find"), ("text", "At the depot.")])]
    assert turn.steps[0].step.arguments == {"id": 7}  # the model's, the tool span had none
    assert turn.steps[0].step.result == "at the depot"
    assert turn.figures.input_tokens == 30  # not the tool's own model call
    assert turn.user == "ana"
    roles = {span_id[-1]: role for (_, span_id), role in turn.roles.items()}
    assert roles == {"1": "turn", "2": "step", "3": "action", "4": "inside", "5": "step"}


@given(st.permutations(list(range(5))))
def test_the_order_spans_come_in_changes_nothing(order: list[int]) -> None:
    spans = _agent_turn()
    expected = _summary(assemble([], waiting(*spans)))
    assert _summary(assemble([], waiting(*[spans[i] for i in order]))) == expected


def test_children_wait_for_their_parent_and_a_settled_orphan_is_its_own_root() -> None:
    spans = _agent_turn()
    children = assemble([], waiting(*spans[1:]))
    assert children.turns == [] and len(children.waiting) == 4
    orphan = span("9", "8", gen_ai__operation__name="chat", gen_ai__input__messages="[]")
    assert assemble([], waiting(orphan)).waiting
    settled = assemble([], waiting(orphan, settled=True))
    assert settled.waiting == [] and [t.span_id for t in settled.turns] == [orphan.span_id]


def test_a_remote_parent_or_another_agents_parent_makes_a_local_root() -> None:
    remote = span(
        "2",
        "ff",
        remote=True,
        gen_ai__operation__name="chat",
        gen_ai__input__messages=messages(genai([text_part("Hi?")])),
        gen_ai__output__messages=messages(genai([text_part("Hello.")], "assistant")),
    )
    assert _summary(assemble([], waiting(remote))) == [("Hi?", [("text", "Hello.")])]
    other = PlacedSpan("ff".rjust(16, "0"), None, 2, None, "above")
    not_remote = span("2", "ff", **{k: v for k, v in remote.attributes.items() if False})
    plan = assemble([other], waiting(not_remote))
    assert plan.waiting == [] and plan.dropped  # placed as a root: no invocation in it


def test_a_tool_outside_any_invocation_joins_the_turn_after_it() -> None:
    chat = {
        "gen_ai__operation__name": "chat",
        "gen_ai__input__messages": messages(genai([text_part("Q?")])),
        "gen_ai__output__messages": messages(genai([text_part("A.")], "assistant")),
    }
    spans = [
        span("1", start=1, end=30, http__route="/chat"),
        span(
            "2",
            "1",
            start=2,
            openinference__span__kind="RETRIEVER",
            input__value="Q?",
            **{"retrieval.documents.0.document.content": "Doc one"},
        ),
        span("3", "1", start=5, **chat),
    ]
    plan = assemble([], waiting(*spans))
    [turn] = plan.turns
    assert [(s.step.kind, s.step.tool_name) for s in turn.steps] == [
        ("tool_call", "span 2"),
        ("text", None),
    ]
    assert turn.steps[0].step.result == "[1] Doc one"
    assert turn.steps[0].step.arguments == {"query": "Q?"}
    assert {role for role in turn.roles.values()} == {"turn", "action", "above"}


def test_a_model_call_with_no_new_question_goes_on_with_the_turn_before() -> None:
    asked = genai([text_part("Where is 7?")])
    call = {"type": "tool_call", "id": "c1", "name": "find", "arguments": {"id": 7}}
    requested = genai([call], "assistant")
    answered = genai([{"type": "tool_call_response", "id": "c1", "response": "depot"}], "tool")
    first = span(
        "1",
        start=1,
        gen_ai__operation__name="chat",
        gen_ai__input__messages=messages(asked),
        gen_ai__output__messages=messages(requested),
    )
    second = span(
        "2",
        start=5,
        gen_ai__operation__name="chat",
        gen_ai__input__messages=messages(asked, requested, answered),
        gen_ai__output__messages=messages(genai([text_part("In the depot.")], "assistant")),
    )
    plan = assemble([], waiting(first, second))
    assert _summary(plan) == [("Where is 7?", [("tool_call", "find"), ("text", "In the depot.")])]
    assert plan.turns[0].steps[0].step.result == "depot"
    alone = assemble([], waiting(second)).turns[0]
    assert alone.continues and [s.step.tool_name for s in alone.prior_steps] == ["find"]


def test_spans_after_their_run_extend_it_and_inside_an_action_are_kept_as_attributes() -> None:
    placed = [
        PlacedSpan("1".rjust(16, "0"), None, 1, 41, "turn"),
        PlacedSpan("3".rjust(16, "0"), "1".rjust(16, "0"), 1, 41, "action"),
    ]
    late_tool = span("6", "1", gen_ai__operation__name="execute_tool", gen_ai__tool__name="late")
    inside = span("7", "3", gen_ai__operation__name="chat", gen_ai__usage__input_tokens=5)
    plan = assemble(placed, waiting(late_tool, inside))
    assert plan.turns == []
    by_run = {(e.run_id, tuple(sorted(e.roles.values()))) for e in plan.extensions}
    assert by_run == {(41, ("action",)), (41, ("inside",))}
    steps = [s.step.tool_name for e in plan.extensions for s in e.steps]
    assert steps == ["late"]
    assert all(e.figures.input_tokens is None for e in plan.extensions)


def test_parents_in_a_cycle_end_and_nothing_hangs() -> None:
    a = span("1", "2", gen_ai__operation__name="chat")
    b = span("2", "1", gen_ai__operation__name="chat")
    plan = assemble([], waiting(a, b))
    assert len(plan.turns) + len(plan.dropped) + len(plan.waiting) >= 1


@given(st.lists(st.tuples(st.integers(0, 7), st.integers(-1, 7), st.booleans()), max_size=12))
def test_any_forest_of_spans_is_placed_or_waits_each_span_once(
    shape: list[tuple[int, int, bool]],
) -> None:
    kinds = itertools.cycle(["invoke_agent", "chat", "execute_tool", "x", "chat"])
    spans = {}
    for n, (me, parent, settled) in enumerate(shape):
        key = str(me + 1)
        if key in spans:
            continue
        spans[key] = waiting(
            span(
                key,
                str(parent + 1) if parent >= 0 else None,
                start=n,
                gen_ai__operation__name=next(kinds),
            ),
            settled=settled,
        )[0]
    plan = assemble([], list(spans.values()))
    placed = [key for t in plan.turns for key in t.roles]
    seen = placed + [(w.facts.trace_id, w.facts.span_id) for w in plan.waiting + plan.dropped]
    assert sorted(seen) == sorted((w.facts.trace_id, w.facts.span_id) for w in spans.values())
