"""What happens to each tool call a model agent's model makes."""

from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.agents.model import ToolSpec
from casebook.domain.agents.tool_calls import Disposition, decide, parse_arguments, status_of

READ = ToolSpec("lookup", read_only=True, endpoint="https://t.example.com/l")
WRITE = ToolSpec("refund", read_only=False, endpoint="https://t.example.com/r")
NOWHERE = ToolSpec("escalate", read_only=True)


def test_an_isolated_run_blocks_writes_and_runs_reads() -> None:
    assert decide(READ, "lookup", "{}", isolated=True).disposition is Disposition.EXECUTE
    blocked = decide(WRITE, "refund", '{"id": 1}', isolated=True)
    assert blocked.disposition is Disposition.BLOCK and status_of(blocked) == "blocked"
    assert blocked.told.startswith("blocked: this run is isolated")
    assert blocked.arguments == {"id": 1}
    assert decide(WRITE, "refund", "{}", isolated=False).disposition is Disposition.EXECUTE


def test_a_tool_without_an_endpoint_is_not_available_here() -> None:
    decided = decide(NOWHERE, "escalate", {}, isolated=False)
    assert decided.disposition is Disposition.UNAVAILABLE and status_of(decided) == "failed"
    assert decided.told.startswith("not available here")


def test_unknown_tools_and_unreadable_arguments_are_failed_calls() -> None:
    assert decide(None, "ghost", "{}", isolated=False).told == "no such tool: ghost"
    assert decide(READ, "lookup", "{not json", isolated=False).disposition is (
        Disposition.BAD_ARGUMENTS
    )
    assert decide(READ, "lookup", "[1]", isolated=False).disposition is Disposition.BAD_ARGUMENTS


@given(st.text())
def test_any_argument_text_is_read_as_an_object_or_a_reason(raw: str) -> None:
    parsed = parse_arguments(raw)
    assert isinstance(parsed, dict | str)
