"""The fuzz test's figures at the end of every run, `make test` included."""

from typing import Any

SUMMARIES: list[str] = []


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for line in SUMMARIES:
        terminalreporter.write_line(line)
