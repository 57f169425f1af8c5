"""Keeps processes up: a crashed one is restarted with backoff (``casebook dev``'s parts,
``casebook serve --workers N``'s API processes).

API, worker, console — and the embedded PostgreSQL and Redis when ``dev``
started them — each run as a *part*. A part that stops is started again after
a wait that doubles with each failure in a row (and resets once it has stayed
up a while). A part that keeps failing — ``give_up_after`` failures within
``window`` seconds — stops everything, with a message naming it, rather than
restarting for ever.
"""

import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TextIO


class Part(Protocol):
    name: str

    def start(self) -> None: ...

    def running(self) -> bool: ...

    def ask_to_stop(self) -> None: ...

    def stop(self) -> None: ...

    def how_it_ended(self) -> str: ...


class ChildProcess:
    """A command run as a child process."""

    def __init__(self, name: str, argv: Sequence[str], env: dict[str, str]) -> None:
        self.name, self.argv, self.env = name, list(argv), env
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(self.argv, env=self.env)

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def ask_to_stop(self) -> None:
        """SIGTERM, without waiting for it to be obeyed."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.ask_to_stop()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def how_it_ended(self) -> str:
        code = self.process.returncode if self.process is not None else None
        if code is not None and code < 0:
            return f"was killed by signal {-code}"
        return f"exited with code {code}"


class Service:
    """A server started and checked through functions (the embedded PostgreSQL, Redis)."""

    def __init__(
        self,
        name: str,
        start: Callable[[], object],
        running: Callable[[], bool],
        stop: Callable[[], None] = lambda: None,
    ) -> None:
        self.name = name
        self._start, self._running, self._stop = start, running, stop

    def start(self) -> None:
        self._start()

    def running(self) -> bool:
        return self._running()

    def ask_to_stop(self) -> None:
        """Nothing: a server is stopped, and waited for, by ``stop`` alone."""

    def stop(self) -> None:
        self._stop()

    def how_it_ended(self) -> str:
        return "stopped"


@dataclass
class _Watch:
    part: Part
    failures: deque[float] = field(default_factory=deque)
    in_a_row: int = 0
    started_at: float = 0.0
    restart_at: float | None = None


class Supervisor:
    def __init__(
        self,
        parts: Sequence[Part],
        *,
        first_delay: float = 1.0,
        max_delay: float = 30.0,
        give_up_after: int = 5,
        window: float = 120.0,
        healthy_after: float = 60.0,
        tick: float = 0.5,
        out: TextIO = sys.stderr,
        speaker: str = "casebook dev",
    ) -> None:
        self._watches = [_Watch(part) for part in parts]
        self.first_delay, self.max_delay = first_delay, max_delay
        self.give_up_after, self.window = give_up_after, window
        self.healthy_after, self.tick = healthy_after, tick
        self.out, self.speaker = out, speaker
        self.stopping = threading.Event()
        self.gave_up: str | None = None

    def _say(self, message: str) -> None:
        print(f"{self.speaker}: {message}", file=self.out, flush=True)

    def _start(self, watch: _Watch, now: float) -> None:
        watch.part.start()
        watch.started_at, watch.restart_at = now, None

    def _on_stopped(self, watch: _Watch, now: float) -> None:
        if now - watch.started_at >= self.healthy_after:
            watch.in_a_row = 0
        watch.in_a_row += 1
        watch.failures.append(now)
        while watch.failures and now - watch.failures[0] > self.window:
            watch.failures.popleft()
        name, ended = watch.part.name, watch.part.how_it_ended()
        if len(watch.failures) >= self.give_up_after:
            self.gave_up = (
                f"{name} {ended} and failed {len(watch.failures)} times in "
                f"{self.window:.0f} s; giving up and stopping everything"
            )
            self._say(self.gave_up)
            self.stopping.set()
            return
        delay = min(self.max_delay, self.first_delay * 2 ** (watch.in_a_row - 1))
        watch.restart_at = now + delay
        self._say(f"{name} {ended}; restarting it in {delay:.1f} s")

    def check(self, now: float) -> None:
        """One round: note parts that stopped, restart those whose wait is over."""
        for watch in self._watches:
            if self.stopping.is_set():
                return
            if watch.restart_at is None and not watch.part.running():
                self._on_stopped(watch, now)
            elif watch.restart_at is not None and now >= watch.restart_at:
                try:
                    self._start(watch, now)
                except Exception as error:  # a start that fails counts as a crash
                    self._say(f"{watch.part.name} could not be started ({error})")
                    watch.restart_at = None
                    self._on_stopped(watch, now)
                else:
                    self._say(f"{watch.part.name} restarted")

    def run(self) -> int:
        """Start every part and keep them up until ``stopping`` is set; 1 if it gave up."""
        now = time.monotonic()
        for watch in self._watches:
            if watch.part.running():  # started before supervision began (embedded servers)
                watch.started_at = now
            else:
                self._start(watch, now)
        while not self.stopping.wait(self.tick):
            self.check(time.monotonic())
        self.stop_all()
        return 1 if self.gave_up else 0

    def stop_all(self) -> None:
        """Stop every part, last started first. Processes are all asked at once and then
        waited for in turn, so their graceful shutdowns overlap: one after another, a few
        API processes with open connections could outlast a container's stop grace."""
        for watch in reversed(self._watches):
            watch.part.ask_to_stop()
        for watch in reversed(self._watches):
            watch.part.stop()
