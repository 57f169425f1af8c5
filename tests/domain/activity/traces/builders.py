"""Span facts built by hand for the domain tests: ids, parents, attributes as a test says."""

import json
from typing import Any

from casebook.domain.activity.traces.assembly import WaitingSpan
from casebook.domain.activity.traces.spans import EventFacts, SpanFacts
from casebook.domain.jsonvalue import JSONObject

TRACE = "0af7651916cd43dd8448eb211c80319c"


def span(
    span_id: str,
    parent: str | None = None,
    *,
    start: int = 1,
    end: int | None = None,
    trace: str = TRACE,
    remote: bool | None = None,
    error: str | None = None,
    agent: str = "bot",
    events: tuple[EventFacts, ...] = (),
    **attributes: Any,
) -> SpanFacts:
    return SpanFacts(
        trace_id=trace,
        span_id=span_id.rjust(16, "0"),
        parent_id=parent.rjust(16, "0") if parent else None,
        parent_remote=remote,
        name=f"span {span_id}",
        span_kind="internal",
        start_ns=start * 1_000_000,
        end_ns=(end if end is not None else start + 1) * 1_000_000,
        error=error,
        agent=agent,
        version_label=None,
        attributes={k.replace("__", "."): v for k, v in attributes.items()},
        events=events,
    )


def waiting(*spans: SpanFacts, agent_id: int = 1, settled: bool = False) -> list[WaitingSpan]:
    return [WaitingSpan(s, agent_id, settled) for s in spans]


def genai(parts: list[dict[str, Any]], role: str = "user") -> dict[str, Any]:
    return {"role": role, "parts": parts}


def text_part(content: str) -> dict[str, Any]:
    return {"type": "text", "content": content}


def messages(*items: dict[str, Any]) -> str:
    return json.dumps(list(items))


def attrs(**given: Any) -> JSONObject:
    return {k.replace("__", "."): v for k, v in given.items()}
