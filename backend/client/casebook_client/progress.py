"""How a run's progress is shown while it goes: a bar on a terminal (tqdm), a line at most
once a second where the output is a log (``casebook eval`` in CI), or nothing."""

import time
from collections.abc import Callable
from typing import Any, Protocol, TextIO

from casebook_client.report import progress_line

ENDED = frozenset({"FINISHED", "FAILED", "CANCELLED"})
PRINT_EVERY_SECONDS = 1.0


class Progress(Protocol):
    def update(self, progress: dict[str, Any]) -> None:
        """The run's progress as the API gives it (``EvalProgress``, camelCase keys)."""

    def close(self) -> None: ...


class Silent:
    def update(self, progress: dict[str, Any]) -> None:
        pass

    def close(self) -> None:
        pass


class Lines:
    """A progress line when the status changes, at most once a second otherwise, and always
    the last one; never the same line twice in a row."""

    def __init__(self, out: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.out, self.clock = out, clock
        self.printed_at = -PRINT_EVERY_SECONDS
        self.status: str | None = None
        self.line: str | None = None
        self.pending: dict[str, Any] | None = None

    def update(self, progress: dict[str, Any]) -> None:
        now = self.clock()
        ended = progress["status"] in ENDED
        if (
            ended
            or progress["status"] != self.status
            or now - self.printed_at >= PRINT_EVERY_SECONDS
        ):
            self._print(progress, now)
            self.pending = None
        else:
            self.pending = progress

    def _print(self, progress: dict[str, Any], now: float) -> None:
        line = progress_line(progress)
        if line != self.line:
            print(line, file=self.out, flush=True)
        self.printed_at, self.status, self.line = now, progress["status"], line

    def close(self) -> None:
        if self.pending is not None:
            self._print(self.pending, self.clock())
            self.pending = None


class Bar:
    """A tqdm bar of answers stored, with what passed and failed so far."""

    def __init__(self, out: TextIO) -> None:
        from tqdm import tqdm

        self.bar = tqdm(total=None, unit="answer", file=out, dynamic_ncols=True, leave=True)

    def update(self, progress: dict[str, Any]) -> None:
        total = progress["total"]
        if self.bar.total != total:
            self.bar.total = total
        self.bar.n = min(progress["answered"], total)
        status = progress["status"].lower()
        self.bar.set_description_str(status, refresh=False)
        self.bar.set_postfix_str(
            f"{progress['passed']} passed, {progress['failed']} failed, "
            f"{progress['notGraded']} not graded",
            refresh=False,
        )
        self.bar.refresh()

    def close(self) -> None:
        self.bar.close()


def progress_for(out: TextIO, *, shown: bool | None = None, lines: bool = False) -> Progress:
    """A bar where ``out`` is a terminal; elsewhere lines when ``lines``, else nothing.
    ``shown`` forces the choice: True a bar, False nothing."""
    if shown is False:
        return Silent()
    terminal = shown is True or (hasattr(out, "isatty") and out.isatty())
    if terminal:
        return Bar(out)
    return Lines(out) if lines else Silent()
