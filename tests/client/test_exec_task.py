"""``--exec``'s children: one long-lived process per slot, a case per line in and an answer
per line out; a child that dies or breaks the protocol fails its item with the reason and is
replaced for the next."""

import sys
from pathlib import Path

import pytest

from casebook_client.answers import Answer
from casebook_client.cases import EvalCase
from casebook_client.exec_task import ExecCommandError, ExecTask

AGENT = """
import json, os, sys
for line in sys.stdin:
    case = json.loads(line)
    if case["input"] == "die":
        sys.exit(3)
    if case["input"] == "chatter":
        print("debug output on stdout", flush=True)
        continue
    print("to stderr", file=sys.stderr, flush=True)
    print(json.dumps({"answer": f"{os.getpid()}: {case['input']}"}), flush=True)
"""


def _case(text: str) -> EvalCase:
    return EvalCase(
        input=text, history=(), tags=(), case_id="C", case_revision=1, repetition=1,
        purpose="answer", tools=(), agent_id="A", agent_name="Local", agent_version=1,
        version_label="v", item_id="I",
    )  # fmt: skip


@pytest.fixture
def script(tmp_path: Path) -> str:
    (tmp_path / "agent.py").write_text(AGENT)
    return f"{sys.executable} {tmp_path / 'agent.py'}"


async def test_a_child_answers_case_after_case(script: str) -> None:
    agent = ExecTask(script)
    try:
        await agent.start()
        first, second = await agent(_case("one")), await agent(_case("two"))
        assert first.text and second.text and first.text.endswith(": one")
        assert first.text.split(":")[0] == second.text.split(":")[0]  # the same process
        assert agent.started == 1
    finally:
        await agent.close()


async def test_a_child_that_dies_fails_its_item_and_is_replaced(script: str) -> None:
    agent = ExecTask(script)
    try:
        died = await agent(_case("die"))
        assert died == Answer(error="the agent process exited (code 3) before answering; restarted")
        after = await agent(_case("again"))
        assert after.text and after.text.endswith(": again") and agent.started == 2
    finally:
        await agent.close()


async def test_a_child_out_of_step_with_the_protocol_is_replaced(script: str) -> None:
    agent = ExecTask(script)
    try:
        broken = await agent(_case("chatter"))
        assert broken.error is not None
        assert "not JSON: 'debug output on stdout'" in broken.error and "restarted" in broken.error
        assert (await agent(_case("next"))).text is not None and agent.started == 2
    finally:
        await agent.close()


@pytest.mark.parametrize(
    ("command", "said"),
    [("", "the command is empty"), ("'unclosed", "--exec: No closing quotation")],
)
def test_a_command_that_is_not_one(command: str, said: str) -> None:
    with pytest.raises(ExecCommandError, match=said):
        ExecTask(command)


async def test_a_command_that_cannot_start_is_told_at_once() -> None:
    with pytest.raises(ExecCommandError, match="cannot start '/no/such/agent'"):
        await ExecTask("/no/such/agent").start()
