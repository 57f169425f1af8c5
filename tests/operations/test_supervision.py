"""``casebook dev`` keeps its parts up: a crash is restarted with backoff; a crash loop
stops everything, loudly."""

import io
import sys
import threading
import time
from pathlib import Path

import pytest

from casebook.supervision import ChildProcess, Service, Supervisor

pytestmark = pytest.mark.waits_on_processes


def _child(name: str, code: str) -> ChildProcess:
    return ChildProcess(name, [sys.executable, "-c", code], env={})


def _fast(*parts, out: io.StringIO, give_up_after: int = 3) -> Supervisor:
    return Supervisor(
        parts,
        first_delay=0.05,
        max_delay=0.2,
        give_up_after=give_up_after,
        window=30,
        tick=0.02,
        out=out,
    )


def test_a_part_that_crashes_once_is_restarted_and_the_others_keep_running(
    tmp_path: Path,
) -> None:
    marker = tmp_path / "crashed-once"
    flaky = _child(
        "worker",
        f"import pathlib, sys, time\n"
        f"m = pathlib.Path({str(marker)!r})\n"
        f"if not m.exists():\n    m.touch(); sys.exit(3)\n"
        f"time.sleep(60)",
    )
    steady = _child("API", "import time; time.sleep(60)")
    out = io.StringIO()
    supervisor = _fast(steady, flaky, out=out)
    runner = threading.Thread(target=supervisor.run)
    runner.start()
    try:
        deadline = time.monotonic() + 10
        while "worker restarted" not in out.getvalue() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert "worker exited with code 3; restarting it in" in out.getvalue()
        assert flaky.running() and steady.running()
        first_api = steady.process
    finally:
        supervisor.stopping.set()
        runner.join(20)
    assert steady.process is first_api  # never restarted: it never stopped
    assert not flaky.running() and not steady.running()  # stopped with everything
    assert supervisor.gave_up is None


def test_a_part_that_keeps_crashing_stops_everything_with_a_message_naming_it() -> None:
    out = io.StringIO()
    steady = _child("API", "import time; time.sleep(60)")
    supervisor = _fast(steady, _child("worker", "raise SystemExit(7)"), out=out)
    assert supervisor.run() == 1
    assert "worker exited with code 7 and failed 3 times" in out.getvalue()
    assert "giving up and stopping everything" in out.getvalue()
    assert not steady.running()


def test_waits_double_between_failures_in_a_row() -> None:
    out = io.StringIO()
    supervisor = Supervisor(
        [_child("worker", "raise SystemExit(1)")],
        first_delay=1,
        max_delay=4,
        give_up_after=10,
        window=100,
        out=out,
    )
    watch = supervisor._watches[0]
    watch.part.start()
    watch.part.process.wait()
    now = 0.0
    for _ in range(4):
        supervisor.check(now)  # notices the stop, schedules the restart
        assert watch.restart_at is not None
        now = watch.restart_at
        supervisor.check(now)  # restarts it
        watch.part.process.wait()
    delays = [line.split("in ")[-1] for line in out.getvalue().splitlines() if "restarting" in line]
    assert delays == ["1.0 s", "2.0 s", "4.0 s", "4.0 s"]


def test_an_embedded_server_that_dies_is_started_again() -> None:
    state = {"up": True, "starts": 0}

    def start() -> None:
        state["up"], state["starts"] = True, state["starts"] + 1

    def stop() -> None:
        state["up"] = False

    server = Service("embedded Redis", start, lambda: state["up"], stop)
    out = io.StringIO()
    supervisor = _fast(server, out=out)
    supervisor._watches[0].started_at = 0.0
    state["up"] = False  # it died
    supervisor.check(100.0)
    supervisor.check(101.0)
    assert state == {"up": True, "starts": 1}
    assert "embedded Redis stopped; restarting it in" in out.getvalue()


def test_stopping_asks_every_process_before_waiting_for_any(tmp_path: Path) -> None:
    # Each takes a while to stop once asked; every one is asked before the first is done.
    code = (
        "import pathlib, signal, sys, time\n"
        "log = pathlib.Path(sys.argv[1])\n"
        "def stop(*_):\n"
        "    log.write_text(f'{time.monotonic()}\\n')\n"
        "    time.sleep(0.5)\n"
        "    log.write_text(log.read_text() + f'{time.monotonic()}\\n')\n"
        "    sys.exit(0)\n"
        "signal.signal(signal.SIGTERM, stop)\n"
        "log.write_text('ready')\n"
        "time.sleep(60)\n"
    )
    logs = [tmp_path / f"api-{n}" for n in range(3)]
    parts = [
        ChildProcess(f"API process {n}", [sys.executable, "-c", code, str(log)], env={})
        for n, log in enumerate(logs)
    ]
    supervisor = _fast(*parts, out=io.StringIO())
    runner = threading.Thread(target=supervisor.run)
    runner.start()
    deadline = time.monotonic() + 20
    while not all(log.exists() and log.read_text() == "ready" for log in logs):
        assert time.monotonic() < deadline, "the processes did not start"
        time.sleep(0.02)
    supervisor.stopping.set()
    runner.join(30)
    asked, done = zip(*(map(float, log.read_text().split()) for log in logs), strict=True)
    assert max(asked) < min(done)
    assert not any(part.running() for part in parts)
