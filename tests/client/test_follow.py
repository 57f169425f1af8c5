"""``casebook eval`` follows a run the server answers over the websocket, and by polling
when the websocket is refused or closes before the run has ended - never returning early on
a run still going. Progress lines are printed at most once a second and always at the end."""

import io
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest

from casebook_client.cli import follow
from casebook_client.progress import Lines


def _progress(status: str, answered: int) -> dict[str, Any]:
    return {
        "runId": "RUN",
        "status": status,
        "statusReason": None,
        "total": 4,
        "answered": answered,
        "scored": answered,
        "passed": answered,
        "failed": 0,
        "notGraded": 0,
        "costUsd": 0.0,
        "etaSeconds": None,
        "sequence": answered,
    }


class Model(SimpleNamespace):
    """What a generated model offers here: its fields dumped as the API spells them."""

    def model_dump(self, **_: Any) -> dict[str, Any]:
        return dict(self.payload)


class Stack:
    """The API as the command sees it: ``streamed`` over the websocket, then ``raising``;
    ``polled`` over HTTP."""

    def __init__(
        self,
        streamed: list[dict[str, Any]],
        raising: Exception | None,
        polled: list[dict[str, Any]],
    ) -> None:
        self.streamed, self.raising, self.polled = streamed, raising, polled
        self.polls = 0

    async def follow_eval_run(self, id: str) -> AsyncIterator[Any]:
        assert id == "RUN"
        for progress in self.streamed:
            yield SimpleNamespace(eval_run_progress=Model(payload=progress))
        if self.raising is not None:
            raise self.raising

    async def eval_run_progress(self, id: str) -> Any:
        self.polls += 1
        return SimpleNamespace(eval_run=SimpleNamespace(progress=Model(payload=self.polled.pop(0))))


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(follow, "POLL_SECONDS", 0.0)


@pytest.mark.parametrize(
    ("streamed", "raising", "polled", "polls"),
    [
        # The subscription to the end: no poll.
        ([_progress("RUNNING", 1), _progress("FINISHED", 4)], None, [], 0),
        # Refused before anything (no websockets installed, a proxy without websockets).
        ([], NotImplementedError("Subscriptions require 'websockets' package."),
         [_progress("FINISHED", 4)], 1),
        ([], OSError("refused"), [_progress("FINISHED", 4)], 1),
        # Closed mid-run, or ended before the run did: polling carries on to the end.
        ([_progress("RUNNING", 1)], ConnectionError("closed"), [_progress("RUNNING", 2)] * 2
         + [_progress("FINISHED", 4)], 3),
        ([_progress("RUNNING", 1)], None, [_progress("CONFIRMING", 3), _progress("FINISHED", 4)], 2),
    ],
)  # fmt: skip
async def test_following_a_run_to_its_end(
    streamed: list[dict[str, Any]],
    raising: Exception | None,
    polled: list[dict[str, Any]],
    polls: int,
) -> None:
    stack = Stack(streamed, raising, polled)
    out = io.StringIO()
    seen = [progress async for progress in follow.events(stack, "RUN", out)]  # type: ignore[arg-type]
    assert seen[-1]["status"] == "FINISHED"
    assert stack.polls == polls
    assert ("polling" in out.getvalue()) == (polls > 0)


def test_progress_lines_are_printed_at_most_once_a_second_and_always_at_the_end() -> None:
    events = [_progress("RUNNING", n) for n in (0, 1, 2, 3)] + [_progress("FINISHED", 4)]
    ticks = iter([0.0, 0.2, 0.4, 1.3, 1.4])
    out = io.StringIO()
    lines = Lines(out, lambda: next(ticks))
    for progress in events:
        lines.update(progress)
    lines.close()
    printed = out.getvalue().splitlines()
    assert [line.split()[2] for line in printed] == ["0/4,", "3/4,", "4/4,"]
    assert printed[-1].startswith("[finished]")


def test_a_last_line_held_back_is_printed_when_the_progress_closes() -> None:
    ticks = iter([0.0, 0.1, 0.2])
    out = io.StringIO()
    lines = Lines(out, lambda: next(ticks))
    lines.update(_progress("RUNNING", 1))
    lines.update(_progress("RUNNING", 2))  # within the second: held back
    assert len(out.getvalue().splitlines()) == 1
    lines.close()
    assert out.getvalue().splitlines()[-1].split()[2] == "2/4,"
