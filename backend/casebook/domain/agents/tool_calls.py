"""What happens to a tool call a model agent's model makes (spec: Agents).

Every call is recorded as a step with its arguments and status. A call of a tool
the agent declares read-only, or any call in a run that is not isolated, is
executed at the tool's endpoint. In an **isolated** run a tool that is not
read-only is never executed: the call is recorded as *blocked* and the model is
told so, and it still counts as a call the agent made. A tool with no endpoint
answers "not available here". A model that keeps calling tools is stopped after
``MAX_TOOL_ROUNDS`` rounds with a clear error.
"""

from dataclasses import dataclass
from enum import Enum

import orjson

from casebook.domain.activity.model import CallStatus
from casebook.domain.agents.model import ToolSpec
from casebook.domain.jsonvalue import JSONObject
from casebook.domain.storable_text import json_problem

MAX_TOOL_ROUNDS = 8
TOOL_RESULT_MAX_CHARS = 20_000


class Disposition(Enum):
    EXECUTE = "execute"
    BLOCK = "block"
    UNAVAILABLE = "unavailable"
    UNKNOWN_TOOL = "unknown_tool"
    BAD_ARGUMENTS = "bad_arguments"


@dataclass(frozen=True, slots=True)
class CallDecision:
    disposition: Disposition
    # What the model is told instead of a result when the call is not executed.
    told: str = ""
    arguments: JSONObject | None = None


def blocked_message(tool: str) -> str:
    return (
        f"blocked: this run is isolated and {tool} changes something, so it was not executed; "
        "answer without its result"
    )


def not_available_message(tool: str) -> str:
    return f"not available here: {tool} has no endpoint that executes it"


def loop_bound_error(rounds: int = MAX_TOOL_ROUNDS) -> str:
    return (
        f"the agent was stopped after {rounds} rounds of tool calls without an answer; "
        "check its instructions and tools for a call it keeps repeating"
    )


def parse_arguments(raw: object) -> JSONObject | str:
    """A call's arguments as an object, or why they cannot be read. Providers send a JSON
    string (OpenAI) or an object (Anthropic)."""
    value = raw
    if isinstance(raw, str):
        if not raw.strip():
            return {}
        try:
            value = orjson.loads(raw)
        except orjson.JSONDecodeError:
            return "the arguments are not valid JSON"
    if value is None:
        return {}
    if not isinstance(value, dict):
        return "the arguments must be a JSON object"
    problem = json_problem(value, "")
    if problem is not None:
        return f"the arguments cannot be kept: {problem.path or 'a value'} {problem.message}"
    return value


def decide(
    tool: ToolSpec | None, name: str, raw_arguments: object, *, isolated: bool
) -> CallDecision:
    """Whether to execute one call, and if not, what the model is told."""
    parsed = parse_arguments(raw_arguments)
    if tool is None:
        arguments = parsed if isinstance(parsed, dict) else None
        return CallDecision(Disposition.UNKNOWN_TOOL, f"no such tool: {name}", arguments)
    if isinstance(parsed, str):
        return CallDecision(Disposition.BAD_ARGUMENTS, f"{name} was not called: {parsed}")
    if isolated and not tool.read_only:
        return CallDecision(Disposition.BLOCK, blocked_message(name), parsed)
    if tool.endpoint is None:
        return CallDecision(Disposition.UNAVAILABLE, not_available_message(name), parsed)
    return CallDecision(Disposition.EXECUTE, "", parsed)


def reported_call_problem(
    declared: ToolSpec | None, name: str, status: str, *, isolated: bool
) -> str | None:
    """Why an agent that executes its own tools (a webhook agent, a local agent) may not
    report a call as it did, or None: in an isolated run a tool that is not declared
    read-only is never executed, so such a call is reported as blocked."""
    if isolated and status == "ok" and (declared is None or not declared.read_only):
        return (
            f"{name} is not declared read-only and this run is isolated, so the call must "
            "not be executed and is reported as blocked"
        )
    return None


def status_of(decision: CallDecision) -> CallStatus:
    """The status a call not executed is recorded with."""
    return "blocked" if decision.disposition is Disposition.BLOCK else "failed"


def clipped_result(text: str) -> str:
    if len(text) <= TOOL_RESULT_MAX_CHARS:
        return text
    return text[:TOOL_RESULT_MAX_CHARS] + f"… [cut at {TOOL_RESULT_MAX_CHARS:,} characters]"
