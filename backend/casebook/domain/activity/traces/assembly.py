"""A trace's spans formed into turns, whatever order and however many requests they came in.

A span is placed once its *local root* is known: the span above it with no parent, or
whose parent runs in another process (the exporter flags a remote parent) or belongs to
another agent. Exporters send a span when it ends and a parent ends after its children,
so a local root comes last and closes its subtree: until it comes, the spans under it
wait. A span whose parent never comes waits until the settling window has passed, then
is placed as its own local root.

Under a local root, the outermost invocations (agent, chain or LLM spans) are the turns.
A turn's steps are its LLM spans (what the model wrote, and the calls it asked for) and
its tool and retriever spans (a tool call with its arguments, result and status), in the
order they started; what runs inside a tool is the tool's own, not a step. A tool or
retriever span outside any invocation belongs to the nearest turn that starts after it
(or the last before it). An LLM invocation that brings no new question - its input ends
with the tool results of calls asked for before - continues the turn before it.

Spans that arrive after their turn was stored *extend* its run: their steps are added
after the run's steps and their figures to the run's. Every span placed records its
role, so a repeated span is known and a later child finds its run.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

import orjson

from casebook.domain.activity.ingestion import StepDraft
from casebook.domain.activity.traces.conventions import (
    ACTIONS,
    INVOCATIONS,
    ChatMessage,
    Meaning,
    ToolCall,
    answer_in,
    meaning_of,
    question_in,
)
from casebook.domain.activity.traces.limits import (
    ATTRIBUTE_TEXT_MAX,
    ATTRIBUTES_MAX_CHARS,
    ERROR_MAX,
    NAME_MAX,
    RESULT_MAX,
    SPANS_KEPT_PER_RUN,
    TEXT_MAX,
)
from casebook.domain.activity.traces.spans import SpanFacts
from casebook.domain.activity.traces.text import cut, cut_json, cut_object
from casebook.domain.jsonvalue import JSONObject, JSONValue

# What a placed span is to its run: the turn's root, a step (an LLM's), an action step
# (a tool's or retriever's), inside an action, within the turn (a nested agent or chain,
# anything else under it), or above the turns (the request around them).
Role = Literal["turn", "step", "action", "inside", "within", "above"]
ROLES: tuple[str, ...] = ("turn", "step", "action", "inside", "within", "above")
# Roles whose late children are steps of the run (under an action they are the tool's own).
_EXTENDED_BY_STEPS = frozenset({"turn", "step", "within"})


@dataclass(frozen=True, slots=True)
class PlacedSpan:
    """A span already placed: stored with its run (``run_id``) or dropped (None)."""

    span_id: str
    parent_id: str | None
    agent_id: int
    run_id: int | None
    role: str


@dataclass(frozen=True, slots=True)
class WaitingSpan:
    """A span not yet placed, and whether its wait is over (its settling window passed)."""

    facts: SpanFacts
    agent_id: int
    settled: bool = False


@dataclass
class StepPlan:
    step: StepDraft
    at_ns: int
    call_id: str | None = None
    # Asked for by a model (an LLM's output), not seen run as a tool span.
    requested: bool = False


@dataclass
class Figures:
    input_tokens: int | None = None
    output_tokens: int | None = None
    cost_usd: float | None = None
    model: str | None = None

    def add(self, meaning: Meaning) -> None:
        self.input_tokens = _plus(self.input_tokens, meaning.input_tokens)
        self.output_tokens = _plus(self.output_tokens, meaning.output_tokens)
        self.cost_usd = _plus(self.cost_usd, meaning.cost_usd)
        self.model = self.model or meaning.model

    def merge(self, other: "Figures") -> None:
        self.input_tokens = _plus(self.input_tokens, other.input_tokens)
        self.output_tokens = _plus(self.output_tokens, other.output_tokens)
        self.cost_usd = _plus(self.cost_usd, other.cost_usd)
        self.model = self.model or other.model


_N = TypeVar("_N", int, float)


def _plus(total: _N | None, more: _N | None) -> _N | None:
    if more is None:
        return total
    return more if total is None else total + more


@dataclass
class TurnPlan:
    """One turn formed from spans: the question asked, and the run that answered it."""

    trace_id: str
    span_id: str
    agent_id: int
    agent: str
    version_label: str | None
    session: str | None
    user: str | None
    question: str | None
    history: tuple[tuple[str, str], ...]
    # It brings no new question: it goes on with the turn before it in its conversation.
    continues: bool
    steps: list[StepPlan]
    # A continuing turn's calls and texts before it, as its input shows them: its steps
    # when there is no turn before it to go on with.
    prior_steps: list[StepPlan]
    # Results of calls asked for before this turn, found in its input (by call id, else
    # by tool name and arguments): they fill the calls of the turn it continues.
    results: list[tuple[ToolCall, str]]
    error: str | None
    figures: Figures
    start_ns: int
    end_ns: int
    attributes: list[JSONObject]
    resource: JSONObject
    # Every span of the turn, by (trace id, span id), with its role.
    roles: dict[tuple[str, str], str] = field(default_factory=dict)


@dataclass
class Extension:
    """Spans that came after their run was stored: what they add to it."""

    run_id: int
    steps: list[StepPlan]
    results: list[tuple[ToolCall, str]]
    figures: Figures
    end_ns: int
    attributes: list[JSONObject]
    roles: dict[tuple[str, str], str]


@dataclass
class TracePlan:
    turns: list[TurnPlan] = field(default_factory=list)
    extensions: list[Extension] = field(default_factory=list)
    # Spans still waiting for their local root.
    waiting: list[WaitingSpan] = field(default_factory=list)
    # Spans placed with no turn to keep them on (no invocation in their local tree).
    dropped: list[WaitingSpan] = field(default_factory=list)


def assemble(placed: Sequence[PlacedSpan], waiting: Sequence[WaitingSpan]) -> TracePlan:
    """What one trace's waiting spans become, given the spans of it already placed."""
    facts = {w.facts.span_id: w for w in waiting}
    known = {p.span_id: p for p in placed}
    plan = TracePlan()
    groups: dict[str, list[WaitingSpan]] = {}
    late: dict[str, list[WaitingSpan]] = {}
    tops: dict[str, tuple[str, str]] = {}
    for span in waiting:
        where, top = _top(span.facts.span_id, facts, known, tops)
        if where == "root":
            groups.setdefault(top, []).append(span)
        elif where == "late":
            late.setdefault(top, []).append(span)
        else:
            plan.waiting.append(span)
    for root, members in groups.items():
        turns = _turns(root, members)
        if turns:
            plan.turns.extend(turns)
        else:
            plan.dropped.extend(members)
    for parent, members in late.items():
        holder = known[parent]
        if holder.run_id is None:
            plan.dropped.extend(members)
            continue
        plan.extensions.append(_extension(holder, members))
    plan.turns.sort(key=lambda t: (t.start_ns, t.span_id))
    plan.turns = _merged_continuations(plan.turns)
    return plan


def _top(
    span_id: str,
    facts: Mapping[str, WaitingSpan],
    known: Mapping[str, PlacedSpan],
    tops: dict[str, tuple[str, str]],
) -> tuple[str, str]:
    """Where a waiting span stands: ("root", its local root), ("late", the placed span it
    hangs under) or ("waiting", the highest span of it present)."""
    path: list[str] = []
    current = span_id
    found: tuple[str, str]
    while True:
        if current in tops:
            found = tops[current]
            break
        if current in path:  # a cycle of parents: it closes on itself
            found = ("root", current)
            break
        path.append(current)
        span = facts[current]
        parent = span.facts.parent_id
        if parent is None or span.facts.parent_remote is True:
            found = ("root", current)
            break
        if parent in known:
            holder = known[parent]
            if holder.agent_id != span.agent_id:
                found = ("root", current)
            elif holder.role == "above":
                # A new subtree under the request around earlier turns: its own turns.
                found = ("root", current)
            else:
                found = ("late", parent)
            break
        if parent in facts:
            if facts[parent].agent_id != span.agent_id:
                found = ("root", current)
                break
            current = parent
            continue
        found = ("root", current) if span.settled else ("waiting", current)
        break
    for step in path:
        tops[step] = found
    return found


# Turns of a local tree ------------------------------------------------------------------


@dataclass
class _Node:
    span: WaitingSpan
    meaning: Meaning
    children: list["_Node"] = field(default_factory=list)

    @property
    def facts(self) -> SpanFacts:
        return self.span.facts


@dataclass
class _Turn:
    roots: list[_Node]
    members: list[tuple[_Node, str]] = field(default_factory=list)


def _tree(root_id: str, members: Sequence[WaitingSpan]) -> dict[str, _Node]:
    nodes = {m.facts.span_id: _Node(m, meaning_of(m.facts)) for m in members}
    for node in nodes.values():
        parent = node.facts.parent_id
        if node.facts.span_id != root_id and parent in nodes:
            nodes[parent].children.append(node)
    for node in nodes.values():
        node.children.sort(key=lambda n: (n.facts.start_ns, n.facts.span_id))
    return nodes


def _turns(root_id: str, members: Sequence[WaitingSpan]) -> list[TurnPlan]:
    nodes = _tree(root_id, members)
    turns: dict[str, _Turn] = {}
    orphans: list[tuple[_Node, list[_Node]]] = []
    above: list[_Node] = []

    def visit(node: _Node, turn: _Turn | None, inside: bool, ancestors: list[_Node]) -> None:
        kind = node.meaning.kind
        if inside:
            assert turn is not None
            turn.members.append((node, "inside"))
        elif turn is None and kind in INVOCATIONS:
            turn = turns[node.facts.span_id] = _Turn([node])
            turn.members.append((node, "turn"))
        elif turn is None and kind in ACTIONS:
            orphans.append((node, list(ancestors)))
            for child in node.children:
                visit_orphan_child(child, node)
            return
        elif turn is None:
            above.append(node)
        elif kind in ACTIONS:
            turn.members.append((node, "action"))
            inside = True
        elif kind == "llm":
            turn.members.append((node, "step"))
        else:
            turn.members.append((node, "within"))
        for child in node.children:
            visit(child, turn, inside, [*ancestors, node])

    inside_orphans: dict[str, list[_Node]] = {}

    def visit_orphan_child(node: _Node, action: _Node) -> None:
        inside_orphans.setdefault(action.facts.span_id, []).append(node)
        for child in node.children:
            visit_orphan_child(child, action)

    visit(nodes[root_id], None, False, [])
    if not turns:
        return []
    ordered = sorted(turns.values(), key=lambda t: (t.roots[0].facts.start_ns, _id(t)))
    for action, ancestors in orphans:
        target = _nearest_turn(action, ancestors, ordered)
        target.members.append((action, "action"))
        target.members.extend((n, "inside") for n in inside_orphans.get(action.facts.span_id, []))
    first = ordered[0]
    first.members.extend((node, "above") for node in above)
    plans = [_plan(turn) for turn in ordered]
    return _merged_continuations(plans)


def _id(turn: _Turn) -> str:
    return turn.roots[0].facts.span_id


def _nearest_turn(action: _Node, ancestors: list[_Node], ordered: list[_Turn]) -> _Turn:
    """The turn under the nearest ancestor that holds any: the first starting after the
    action, else the last before it."""
    under: dict[str, set[str]] = {}
    for turn in ordered:
        under[_id(turn)] = set()
    for ancestor in reversed(ancestors):
        candidates = [t for t in ordered if _descends(t.roots[0], ancestor)]
        if candidates:
            after = [t for t in candidates if t.roots[0].facts.start_ns >= action.facts.start_ns]
            return after[0] if after else candidates[-1]
    return ordered[0]


def _descends(node: _Node, ancestor: _Node) -> bool:
    stack = list(ancestor.children)
    while stack:
        current = stack.pop()
        if current is node:
            return True
        stack.extend(current.children)
    return False


def _text_step(text: str) -> StepDraft:
    return StepDraft("text", text=cut(text, TEXT_MAX))


def _call_step(call: ToolCall, status: str, result: str | None) -> StepDraft:
    return StepDraft(
        "tool_call",
        tool_name=cut(call.name, NAME_MAX),
        arguments=arguments_object(call.arguments),
        status=status,
        result=cut(result, RESULT_MAX) if result is not None else None,
    )


def arguments_object(value: JSONValue) -> JSONObject:
    """A call's arguments as the object a step keeps: an object as it is, anything else
    (a list, a text that is not JSON) under ``input``, cut to its bound."""
    if value is None:
        return {}
    if isinstance(value, dict):
        return cut_object(value, RESULT_MAX)
    if isinstance(value, str):
        return {"input": cut(value, RESULT_MAX)}
    return cut_object({"input": value}, RESULT_MAX)


def _error_of(node: _Node) -> str | None:
    facts = node.facts
    if facts.error is None:
        return None
    for event in facts.events:
        if event.name == "exception":
            kind = event.attributes.get("exception.type")
            message = event.attributes.get("exception.message")
            said = ": ".join(str(v) for v in (kind, message) if isinstance(v, str) and v)
            if said:
                return cut(said, ERROR_MAX)
    return cut(facts.error or f"the span {facts.name!r} ended with an error", ERROR_MAX)


def _steps_of(node: _Node, role: str) -> list[StepPlan]:
    meaning, facts = node.meaning, node.facts
    if role == "action" and meaning.kind == "tool" and meaning.tool is not None:
        failed = facts.error is not None
        result = meaning.tool_result
        if failed and result is None:
            result = _error_of(node)
        step = _call_step(meaning.tool, "failed" if failed else "ok", result)
        return [StepPlan(step, facts.start_ns, meaning.tool.call_id)]
    if role == "action" and meaning.kind == "retriever":
        query = question_in(meaning.input_text) or ""
        listed = "\n\n".join(f"[{n}] {d}" for n, d in enumerate(meaning.documents, start=1))
        call = ToolCall(facts.name or "retriever", {"query": query})
        status = "failed" if facts.error is not None else "ok"
        result = listed or meaning.output_text or (_error_of(node) if status == "failed" else None)
        return [StepPlan(_call_step(call, status, result), facts.start_ns)]
    if role in ("turn", "step") and meaning.kind == "llm":
        steps = []
        said = meaning.output_said
        if said.strip():
            steps.append(StepPlan(_text_step(said), facts.end_ns))
        for call in meaning.requested_calls:
            steps.append(
                StepPlan(_call_step(call, "ok", None), facts.end_ns, call.call_id, requested=True)
            )
        return steps
    return []


def _ask(
    meaning: Meaning,
) -> tuple[str | None, tuple[tuple[str, str], ...], bool, list[ChatMessage]]:
    """The question an invocation's input asks, the turns before it, whether it brings no
    new question, and the messages after the question (calls and their results)."""
    messages = list(meaning.input_messages)
    if not messages:
        return question_in(meaning.input_text), (), False, []
    last_user = max((i for i, m in enumerate(messages) if m.role == "user" and m.text), default=-1)
    if last_user < 0:
        return None, (), True, messages
    first = last_user
    while first > 0 and messages[first - 1].role == "user":
        first -= 1
    question = "\n\n".join(m.text for m in messages[first : last_user + 1] if m.text)
    history = tuple(
        (m.role, m.text) for m in messages[:first] if m.role in ("user", "assistant") and m.text
    )
    after = messages[last_user + 1 :]
    return question, history, bool(after), after


def _results_in(messages: Sequence[ChatMessage]) -> list[tuple[ToolCall, str]]:
    """Tool results found in an input, each with the call it answers (by call id)."""
    calls = {c.call_id: c for m in messages for c in m.tool_calls if c.call_id}
    found = []
    for message in messages:
        if message.role == "tool":
            call = calls.get(message.tool_call_id or "")
            if call is None:
                call = ToolCall("", None, message.tool_call_id)
            found.append((call, message.text))
    return found


def _prior_steps(after: Sequence[ChatMessage], at_ns: int) -> list[StepPlan]:
    """The calls asked for and answered before an invocation, as its input shows them."""
    results = {m.tool_call_id: m.text for m in after if m.role == "tool" and m.tool_call_id}
    steps = []
    for message in after:
        if message.role == "assistant" and message.text.strip():
            steps.append(StepPlan(_text_step(message.text), at_ns))
        for call in message.tool_calls:
            result = results.get(call.call_id) if call.call_id else None
            steps.append(StepPlan(_call_step(call, "ok", result), at_ns, call.call_id, True))
    return steps


def _first_session(nodes: Sequence[_Node], pick: Callable[[Meaning], str | None]) -> str | None:
    for node in nodes:
        found = pick(node.meaning)
        if found and found.strip():
            return found.strip()
    return None


def _plan(turn: _Turn) -> TurnPlan:
    root = turn.roots[0]
    members = sorted(turn.members, key=lambda m: (m[0].facts.start_ns, m[0].facts.span_id))
    in_order = [root] + [n for n, role in members if n is not root and role != "above"]
    question, history, continues, after = _ask(root.meaning)
    continues = continues and root.meaning.kind == "llm"
    if root.meaning.kind != "llm" and not root.meaning.input_messages and question is None:
        # An agent that did not record its input: the first model call's input asks.
        first_llm = next((n for n, role in members if role == "step"), None)
        if first_llm is not None:
            question, history, _, _ = _ask(first_llm.meaning)
    results = _results_in(after) if continues else []
    figures = Figures()
    llms = [n for n, role in members if role in ("turn", "step") and n.meaning.kind == "llm"]
    for node in llms:
        figures.add(node.meaning)
    if not llms:
        figures.add(root.meaning)
    if root.meaning.kind == "llm" and root.meaning.model:
        figures.model = root.meaning.model
    figures.model = cut(figures.model, NAME_MAX) if figures.model else None
    steps: list[StepPlan] = []
    for node, role in members:
        steps.extend(_steps_of(node, role))
        if role == "step" and node.meaning.input_messages:
            _, _, _, later = _ask(node.meaning)
            results.extend(_results_in(later))
    steps.sort(key=lambda s: s.at_ns)
    steps = _without_duplicate_calls(steps)
    _fill(steps, results)
    if root.meaning.kind != "llm":
        answer = answer_in(root.meaning.output_text) or root.meaning.output_said or None
        if answer:
            steps = _with_final_answer(steps, answer, root.facts.end_ns)
    return TurnPlan(
        trace_id=root.facts.trace_id,
        span_id=root.facts.span_id,
        agent_id=root.span.agent_id,
        agent=root.facts.agent,
        version_label=root.facts.version_label,
        session=_first_session(in_order, lambda m: m.session),
        user=_first_session(in_order, lambda m: m.user),
        question=cut(question, TEXT_MAX) if question else None,
        history=tuple((role, cut(text, TEXT_MAX)) for role, text in history),
        continues=continues,
        steps=steps,
        prior_steps=_prior_steps(after, root.facts.start_ns) if continues else [],
        results=results,
        error=_error_of(root),
        figures=figures,
        start_ns=min(n.facts.start_ns for n, _ in members),
        end_ns=max(n.facts.end_ns for n, _ in members),
        attributes=[e for n, role in members if (e := span_entry(n.facts, n.meaning, role))],
        resource=root.facts.resource,
        roles={(n.facts.trace_id, n.facts.span_id): role for n, role in members},
    )


def _without_duplicate_calls(steps: list[StepPlan]) -> list[StepPlan]:
    """A call a model asked for and a tool span that ran it are one step: the tool's,
    with the asked-for arguments when the tool span recorded none."""
    ran = [s for s in steps if not s.requested and s.step.kind == "tool_call"]
    matched: set[int] = set()
    kept: list[StepPlan] = []
    for plan in steps:
        if not plan.requested:
            kept.append(plan)
            continue
        twin = next(
            (
                i
                for i, tool in enumerate(ran)
                if i not in matched
                and (
                    (plan.call_id is not None and tool.call_id == plan.call_id)
                    or (
                        (plan.call_id is None or tool.call_id is None)
                        and tool.step.tool_name == plan.step.tool_name
                        and tool.at_ns >= plan.at_ns - 1
                    )
                )
            ),
            None,
        )
        if twin is None:
            kept.append(plan)
            continue
        matched.add(twin)
        tool = ran[twin]
        if not tool.step.arguments and plan.step.arguments:
            tool.step = StepDraft(
                "tool_call",
                tool_name=tool.step.tool_name,
                arguments=plan.step.arguments,
                status=tool.step.status,
                result=tool.step.result,
            )
    return kept


def fill_results(steps: list[StepDraft], results: Sequence[tuple[ToolCall, str]]) -> int:
    """Results found later given to the calls that had none: by the same tool and
    arguments, in order. How many were filled."""
    filled = 0
    for call, result in results:
        wanted = arguments_object(call.arguments) if call.name else None
        for index, step in enumerate(steps):
            if step.kind != "tool_call" or step.result is not None:
                continue
            if call.name and (
                step.tool_name != cut(call.name, NAME_MAX) or step.arguments != wanted
            ):
                continue
            steps[index] = StepDraft(
                "tool_call",
                tool_name=step.tool_name,
                arguments=step.arguments,
                status=step.status,
                result=cut(result, RESULT_MAX),
            )
            filled += 1
            break
    return filled


def _fill(steps: list[StepPlan], results: Sequence[tuple[ToolCall, str]]) -> None:
    drafts = [s.step for s in steps]
    if fill_results(drafts, results):
        for plan, draft in zip(steps, drafts, strict=True):
            plan.step = draft


def _with_final_answer(steps: list[StepPlan], answer: str, at_ns: int) -> list[StepPlan]:
    """The agent's own output is its answer: it replaces a model's last text when no tool
    call came after that text."""
    kept = list(steps)
    last_call = max((i for i, s in enumerate(kept) if s.step.kind == "tool_call"), default=-1)
    last_text = max((i for i, s in enumerate(kept) if s.step.kind == "text"), default=-1)
    if last_text > last_call:
        kept.pop(last_text)
    kept.append(StepPlan(_text_step(answer), at_ns))
    return kept


def extension_of(run_id: int, plan: TurnPlan) -> Extension:
    """A continuing turn as what it adds to the stored run it goes on with."""
    return Extension(
        run_id=run_id,
        steps=plan.steps,
        results=plan.results,
        figures=plan.figures,
        end_ns=plan.end_ns,
        attributes=plan.attributes,
        roles=plan.roles,
    )


def _merged_continuations(plans: list[TurnPlan]) -> list[TurnPlan]:
    """A continuing invocation of the same conversation joins the turn before it."""
    kept: list[TurnPlan] = []
    for plan in plans:
        before = kept[-1] if kept else None
        if plan.continues and before is not None and before.session == plan.session:
            merge_into(before, plan)
        else:
            kept.append(plan)
    return kept


def merge_into(turn: TurnPlan, more: TurnPlan) -> None:
    """``more`` goes on with ``turn``: its steps after the turn's, results given to the
    calls that waited for them, figures added."""
    drafts = [s.step for s in turn.steps]
    fill_results(drafts, more.results)
    for plan, draft in zip(turn.steps, drafts, strict=True):
        plan.step = draft
    turn.steps.extend(more.steps)
    turn.figures.merge(more.figures)
    turn.end_ns = max(turn.end_ns, more.end_ns)
    turn.error = turn.error or more.error
    turn.attributes.extend(more.attributes)
    turn.roles.update(more.roles)
    turn.user = turn.user or more.user


def _extension(holder: PlacedSpan, members: Sequence[WaitingSpan]) -> Extension:
    assert holder.run_id is not None
    nodes = {m.facts.span_id: _Node(m, meaning_of(m.facts)) for m in members}
    for node in nodes.values():
        parent = node.facts.parent_id
        if parent in nodes:
            nodes[parent].children.append(node)
    tops = [n for n in nodes.values() if n.facts.parent_id not in nodes]
    placed: list[tuple[_Node, str]] = []

    def visit(node: _Node, inside: bool) -> None:
        kind = node.meaning.kind
        if inside:
            role = "inside"
        elif kind in ACTIONS:
            role = "action"
        elif kind == "llm":
            role = "step"
        else:
            role = "within"
        placed.append((node, role))
        for child in node.children:
            visit(child, inside or role == "action")

    for top in sorted(tops, key=lambda n: n.facts.start_ns):
        visit(top, holder.role not in _EXTENDED_BY_STEPS)
    placed.sort(key=lambda p: (p[0].facts.start_ns, p[0].facts.span_id))
    steps: list[StepPlan] = []
    results: list[tuple[ToolCall, str]] = []
    figures = Figures()
    for node, role in placed:
        steps.extend(_steps_of(node, role))
        if role == "step":
            figures.add(node.meaning)
            _, _, _, later = _ask(node.meaning)
            results.extend(_results_in(later))
    steps.sort(key=lambda s: s.at_ns)
    return Extension(
        run_id=holder.run_id,
        steps=_without_duplicate_calls(steps),
        results=results,
        figures=figures,
        end_ns=max(n.facts.end_ns for n, _ in placed),
        attributes=[e for n, role in placed if (e := span_entry(n.facts, n.meaning, role))],
        roles={(n.facts.trace_id, n.facts.span_id): role for n, role in placed},
    )


# What does not map ----------------------------------------------------------------------


def span_entry(facts: SpanFacts, meaning: Meaning, role: str) -> JSONObject | None:
    """What a span says that no field of the run holds: its unmapped attributes and
    events, with its name, kind and role; None when it says nothing more."""
    attributes = {
        key: cut_json(value, ATTRIBUTE_TEXT_MAX)
        for key, value in facts.attributes.items()
        if key not in meaning.consumed
    }
    if meaning.system_instructions:
        attributes["gen_ai.system_instructions"] = cut(
            meaning.system_instructions, ATTRIBUTE_TEXT_MAX
        )
    events: list[JSONValue] = [
        {"name": e.name, "attributes": cut_object(e.attributes, ATTRIBUTE_TEXT_MAX)}
        for index, e in enumerate(facts.events)
        if index not in meaning.consumed_events and e.name != "exception"
    ]
    if not attributes and not events and role in ("turn", "step", "action"):
        return None
    entry: JSONObject = {
        "span_id": facts.span_id,
        "name": cut(facts.name, NAME_MAX),
        "kind": meaning.kind,
        "role": role,
    }
    if attributes:
        entry["attributes"] = attributes
    if events:
        entry["events"] = events
    return entry


def run_attributes(
    entries: Sequence[JSONObject], resource: JSONObject, kept: JSONObject | None = None
) -> JSONObject:
    """A run's unmapped attributes: the resource's and each span's entry, within
    ``ATTRIBUTES_MAX_CHARS`` of JSON; what does not fit is counted in ``left_out``."""
    result: JSONObject = dict(kept) if kept else {}
    held = result.get("spans")
    spans: list[JSONValue] = list(held) if isinstance(held, list) else []
    left_out = result.get("left_out")
    dropped = int(left_out) if isinstance(left_out, int) else 0
    if "resource" not in result and resource:
        result["resource"] = cut_object(resource, ATTRIBUTE_TEXT_MAX)
    size = len(orjson.dumps(result))
    for entry in entries:
        encoded = len(orjson.dumps(entry)) + 1
        if len(spans) >= SPANS_KEPT_PER_RUN or size + encoded > ATTRIBUTES_MAX_CHARS:
            dropped += 1
            continue
        spans.append(entry)
        size += encoded
    if spans:
        result["spans"] = spans
    if dropped:
        result["left_out"] = dropped
        result["left_out_reason"] = (
            f"a run keeps at most {SPANS_KEPT_PER_RUN} spans' attributes and "
            f"{ATTRIBUTES_MAX_CHARS:,} characters of them"
        )
    return result
