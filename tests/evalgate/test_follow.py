"""``casebook eval`` follows a run over the websocket, and by polling when the websocket is
refused or closes before the run has ended - never exiting early on a run still going."""

import io
from collections.abc import Iterator
from typing import Any

import pytest

from casebook.evalgate import command
from casebook.evalgate.client import SubscriptionRefused, Unreachable


def _progress(status: str, answered: int) -> dict[str, Any]:
    return {
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
    }


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

    def subscribe(self, query: str, variables: dict[str, Any]) -> Iterator[dict[str, Any]]:
        assert "evalRunProgress" in query and variables == {"id": "RUN"}
        for progress in self.streamed:
            yield {"evalRunProgress": progress}
        if self.raising is not None:
            raise self.raising

    def execute(self, query: str, variables: dict[str, Any]) -> dict[str, Any]:
        assert "progress" in query
        self.polls += 1
        return {"evalRun": {"progress": self.polled.pop(0)}}


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "POLL_SECONDS", 0.0)


@pytest.mark.parametrize(
    ("streamed", "raising", "polled", "polls"),
    [
        # The subscription to the end: no poll.
        ([_progress("RUNNING", 1), _progress("FINISHED", 4)], None, [], 0),
        # Refused before anything (an older server, a proxy without websockets).
        ([], SubscriptionRefused("websocket refused"), [_progress("FINISHED", 4)], 1),
        # Closed mid-run, or ended before the run did: polling carries on to the end.
        ([_progress("RUNNING", 1)], Unreachable("closed"), [_progress("RUNNING", 2)] * 2
         + [_progress("FINISHED", 4)], 3),
        ([_progress("RUNNING", 1)], None, [_progress("CONFIRMING", 3), _progress("FINISHED", 4)], 2),
    ],
)  # fmt: skip
def test_following_a_run_to_its_end(
    streamed: list[dict[str, Any]],
    raising: Exception | None,
    polled: list[dict[str, Any]],
    polls: int,
) -> None:
    stack = Stack(streamed, raising, polled)
    out = io.StringIO()
    seen = list(command._events(stack, "RUN", out))  # type: ignore[arg-type]
    assert seen[-1]["status"] == "FINISHED"
    assert stack.polls == polls
    assert ("polling" in out.getvalue()) == (polls > 0)


def test_progress_lines_are_printed_at_most_once_a_second_and_always_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events = [_progress("RUNNING", n) for n in (0, 1, 2, 3)] + [_progress("FINISHED", 4)]
    stack = Stack(events, None, [])
    ticks = iter([0.0, 0.2, 0.4, 1.3, 1.4])
    out = io.StringIO()
    command._follow(stack, "RUN", out, lambda: next(ticks))  # type: ignore[arg-type]
    lines = out.getvalue().splitlines()
    assert [line.split()[2] for line in lines] == ["0/4,", "3/4,", "4/4,"]
    assert lines[-1].startswith("[finished]")
