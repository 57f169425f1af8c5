"""The quickstart's examples run as docs/test-from-ci.md says: its cases imported with the
Python client, then the Python agent with ``casebook eval --task``, the Node agent with
``--exec "node agent.mjs"``, and the Python agent under the pytest plugin - every case
passing, the blocked refund included."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from casebook_client import AsyncCasebook
from tests.integration.client.conftest import api_key
from tests.integration.datasets.helpers import create_dataset
from tests.integration.evals.local_helpers import local_agent
from tests.support.graphql_client import Api

pytestmark = pytest.mark.waits_on_processes

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
TOOLS = [
    {"name": "lookup_order", "description": "An order's status", "readOnly": True},
    {"name": "request_refund", "description": "Asks for a refund", "readOnly": False},
]


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[int, str]:
    done = subprocess.run(
        args, cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True, timeout=180
    )
    return done.returncode, done.stdout + done.stderr


async def test_the_quickstart_examples_pass(owner: Api, live_url: str, tmp_path: Path) -> None:
    dataset_id = await create_dataset(owner, name="Support FAQ")
    editor = await api_key(owner, ["datasets:view", "datasets:edit"])
    async with AsyncCasebook(live_url, editor) as api:
        imported = await api.import_file(dataset_id, EXAMPLES / "support_agent" / "cases.jsonl")
    assert imported.imported == 6
    agent = await local_agent(owner, "Support agent", tools=TOOLS)
    env = {"CASEBOOK_URL": live_url, "CASEBOOK_API_KEY": await api_key(owner)}
    common = ["--dataset", dataset_id, "--agent", agent, "--baseline", "last"]
    casebook = [sys.executable, "-m", "casebook_client", "eval"]

    code, out = _run([*casebook, *common, "--task", "agent:answer", "--min-pass-rate", "100%"],
                     EXAMPLES / "support_agent", env)  # fmt: skip
    assert code == 0, out
    assert "answered 6 (0 errors" in out and "gate: passed" in out

    if shutil.which("node"):
        code, out = _run([*casebook, *common, "--exec", "node agent.mjs"],
                         EXAMPLES / "node_agent", env)  # fmt: skip
        assert code == 0, out
        assert "0 regressions (0 confirmed)" in out and "gate: passed" in out

    code, out = _run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist",
         "--rootdir", str(tmp_path), "-c", os.devnull, "-q",
         str(EXAMPLES / "support_agent" / "test_support_agent.py")],
        tmp_path,
        {**env, "CASEBOOK_DATASET": dataset_id, "CASEBOOK_AGENT": agent},
    )  # fmt: skip
    assert code == 0, out
    assert "6 passed" in out and "gate: passed" in out
