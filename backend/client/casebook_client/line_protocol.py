"""``casebook eval --exec``'s line protocol (docs/test-from-ci.md#the-line-protocol).

Casebook writes one JSON object per line to the child's stdin, the case
(``EvalCase.to_json``); the child writes one JSON object per line to its stdout, the
answer::

    {"answer": "…", "toolCalls": [{"name": "…", "arguments": {…}, "status": "ok"}],
     "costUsd": 0.001, "latencyMs": 420, "model": "…", "inputTokens": 12, "outputTokens": 40}

or ``{"error": "why it could not answer"}``. Only ``answer`` (or ``toolCalls``) is needed;
a key not listed here is refused by name, so a misspelt one is not lost silently.
"""

import json
from typing import Any

from casebook_client.answers import Answer, NotAnAnswer, ToolCall

ANSWER_KEYS = frozenset(
    {"answer", "toolCalls", "costUsd", "latencyMs", "model", "inputTokens", "outputTokens", "error"}
)
CALL_KEYS = frozenset({"name", "arguments", "status", "result"})
LINE_SHOWN = 200


def case_line(case: dict[str, Any]) -> bytes:
    """One case, as the line written to the child (no newline inside: JSON escapes it)."""
    return json.dumps(case, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def _shown(line: str) -> str:
    return line if len(line) <= LINE_SHOWN else line[: LINE_SHOWN - 1] + "…"


def _unknown(given: dict[str, Any], known: frozenset[str], what: str) -> None:
    unknown = sorted(set(given) - known)
    if unknown:
        raise NotAnAnswer(
            f"{what} has keys the protocol does not know: {', '.join(map(repr, unknown))} "
            f"(known: {', '.join(sorted(known))})"
        )


def _text(value: object, what: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise NotAnAnswer(f"{what} must be a string or null")


def _call(raw: object, at: str) -> ToolCall:
    if not isinstance(raw, dict):
        raise NotAnAnswer(f"{at} must be an object")
    _unknown(raw, CALL_KEYS, at)
    name = raw.get("name")
    if not isinstance(name, str):
        raise NotAnAnswer(f"{at}.name must be a string")
    arguments = raw.get("arguments")
    if arguments is not None and not isinstance(arguments, dict):
        raise NotAnAnswer(f"{at}.arguments must be an object or null")
    status = raw.get("status", "ok")
    if not isinstance(status, str):
        raise NotAnAnswer(f"{at}.status must be ok, blocked or failed")
    return ToolCall(name, arguments, status, _text(raw.get("result"), f"{at}.result"))


def answer_from_line(line: str) -> Answer:
    """The child's answer line, read; ``NotAnAnswer`` names what is wrong with it."""
    try:
        given = json.loads(line)
    except ValueError:
        raise NotAnAnswer(
            f"the agent wrote a line that is not JSON: {_shown(line.strip())!r}"
        ) from None
    if not isinstance(given, dict):
        raise NotAnAnswer(f"the agent wrote JSON that is not an object: {_shown(line.strip())!r}")
    _unknown(given, ANSWER_KEYS, "the answer")
    if "error" in given and given["error"] is not None:
        error = given["error"]
        return Answer(error=error if isinstance(error, str) else json.dumps(error))
    calls = given.get("toolCalls")
    calls = [] if calls is None else calls
    if not isinstance(calls, list):
        raise NotAnAnswer("toolCalls must be a list")
    return Answer(
        text=_text(given.get("answer"), "answer"),
        tool_calls=tuple(_call(call, f"toolCalls.{i}") for i, call in enumerate(calls)),
        cost_usd=given.get("costUsd"),
        latency_ms=given.get("latencyMs"),
        model=_text(given.get("model"), "model"),
        input_tokens=given.get("inputTokens"),
        output_tokens=given.get("outputTokens"),
    )
