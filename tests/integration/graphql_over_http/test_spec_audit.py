"""The GraphQL-over-HTTP spec's reference audit, ``serverAudits`` of the npm package
graphql-http (pinned in ``audit/package-lock.json``, installed by ``make install``), run
against the app served on loopback: every audit - MUST, SHOULD and MAY - passes."""

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from casebook.config import Settings
from tests.support.live_server import live_server

AUDIT = Path(__file__).parent / "audit"


def _audit(url: str) -> list[dict[str, Any]]:
    node = shutil.which("node")
    assert node is not None, "Node.js is needed to run graphql-http's audit"
    assert (AUDIT / "node_modules" / "graphql-http").is_dir(), (
        f"graphql-http is not installed in {AUDIT}: run `make install`"
    )
    done = subprocess.run(
        [node, "audit.mjs", url],
        cwd=AUDIT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


@pytest.mark.usefixtures("sessionmaker")
def test_the_app_passes_every_graphql_over_http_audit(settings: Settings) -> None:
    with live_server(settings) as host:
        results = _audit(f"http://{host}/graphql")
    failed = [r for r in results if r["status"] != "ok"]
    shown = "\n".join(json.dumps(r, ensure_ascii=False) for r in failed)
    assert len(results) > 50, results
    assert failed == [], f"{len(failed)} of {len(results)} audits not ok:\n{shown}"
