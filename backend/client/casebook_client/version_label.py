"""The version label a run is answered under when none is given: the git commit the code is
at (``-dirty`` when tracked files differ from it: the code answering is not that commit),
else the machine's host name. A label not seen before becomes the agent's next version."""

import socket
import subprocess
from pathlib import Path

LABEL_MAX = 200
GIT_SECONDS = 5.0


def _git(directory: Path, *args: str) -> subprocess.CompletedProcess[str] | None:
    try:
        return subprocess.run(
            ["git", *args],
            cwd=directory,
            capture_output=True,
            text=True,
            timeout=GIT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None


def git_label(directory: Path) -> str | None:
    """``<commit>`` or ``<commit>-dirty`` for the repository ``directory`` is in, or None."""
    head = _git(directory, "rev-parse", "--short=12", "HEAD")
    if head is None or head.returncode != 0 or not head.stdout.strip():
        return None
    commit = head.stdout.strip()
    # Tracked files only: a CI checkout holds untracked build output and reports.
    changed = _git(directory, "status", "--porcelain", "--untracked-files=no")
    dirty = changed is not None and changed.returncode == 0 and bool(changed.stdout.strip())
    return f"{commit}-dirty" if dirty else commit


def default_version_label(directory: Path | None = None) -> str:
    label = git_label(directory or Path.cwd()) or socket.gethostname().strip() or "local"
    return label[:LABEL_MAX]
