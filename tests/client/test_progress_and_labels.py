"""How progress is shown (a bar on a terminal, lines in a log, nothing where asked) and the
version label a run is answered under when none is given."""

import io
import subprocess
from pathlib import Path
from typing import Any

import pytest

from casebook_client import version_label
from casebook_client.progress import Bar, Lines, Silent, progress_for


def _progress(status: str, answered: int, total: int = 10) -> dict[str, Any]:
    return {
        "status": status, "statusReason": None, "total": total, "answered": answered,
        "scored": answered, "passed": answered - 1 if answered else 0, "failed": 1 if answered else 0,
        "notGraded": 0, "costUsd": 0.0, "etaSeconds": 3.0 if status == "RUNNING" else None,
    }  # fmt: skip


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_a_log_lines_or_nothing() -> None:
    assert isinstance(progress_for(Terminal()), Bar)
    assert isinstance(progress_for(io.StringIO(), lines=True), Lines)
    assert isinstance(progress_for(io.StringIO()), Silent)
    assert isinstance(progress_for(Terminal(), shown=False), Silent)


def test_the_bar_shows_answers_stored_and_what_passed() -> None:
    out = Terminal()
    bar = progress_for(out)
    bar.update(_progress("RUNNING", 4))
    bar.update(_progress("FINISHED", 10))
    bar.close()
    shown = out.getvalue()
    assert "4/10" in shown and "10/10" in shown
    assert "9 passed, 1 failed, 0 not graded" in shown and "finished" in shown


def test_a_log_gets_a_line_per_change_of_status_and_the_last_one() -> None:
    out = io.StringIO()
    clock = iter([0.0, 0.1, 0.2, 0.3])
    lines = Lines(out, lambda: next(clock))
    for progress in (_progress("RUNNING", 1), _progress("RUNNING", 2),
                     _progress("CONFIRMING", 10), _progress("FINISHED", 10)):  # fmt: skip
        lines.update(progress)
    lines.close()
    assert out.getvalue().splitlines() == [
        "[running] answered 1/10, scored 1: 0 passed, 1 failed, 0 not graded; cost $0.00; about 3 s left",
        "[confirming] answered 10/10, scored 10: 9 passed, 1 failed, 0 not graded; cost $0.00",
        "[finished] answered 10/10, scored 10: 9 passed, 1 failed, 0 not graded; cost $0.00",
    ]


def _git(directory: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=directory, check=True, capture_output=True)


def test_the_label_is_the_commit_dirty_when_tracked_files_changed(tmp_path: Path) -> None:
    _git(tmp_path, "init", "-q")
    (tmp_path / "agent.py").write_text("one\n")
    _git(tmp_path, "add", "agent.py")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    commit = subprocess.run(
        ["git", "rev-parse", "--short=12", "HEAD"], cwd=tmp_path, capture_output=True, text=True
    ).stdout.strip()
    assert version_label.default_version_label(tmp_path) == commit
    (tmp_path / "report.xml").write_text("untracked: a CI job's output")
    assert version_label.default_version_label(tmp_path) == commit
    (tmp_path / "agent.py").write_text("two\n")
    assert version_label.default_version_label(tmp_path) == f"{commit}-dirty"


def test_outside_a_repository_the_label_is_the_host_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(version_label.socket, "gethostname", lambda: "ci-runner-7")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    assert version_label.default_version_label(tmp_path) == "ci-runner-7"
    monkeypatch.setenv("PATH", "")  # no git at all
    assert version_label.default_version_label(tmp_path) == "ci-runner-7"
