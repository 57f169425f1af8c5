"""The benchmarks run to their end: a small size of each, against the test services.

A benchmark that no longer runs measures nothing, and nothing else would notice: the
figures in a closing note come from these scripts.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.services import RunningServices

pytestmark = pytest.mark.waits_on_processes

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

SMALL_RUNS = [
    ("ingest_bench.py", ["--runs", "200", "--batch", "100"], "runs/s"),
    ("otlp_bench.py", ["--traces", "200"], "traces/s"),
    ("erasure_bench.py", ["--cases", "200", "--versions", "10"], "raw SQL UPDATE"),
    (
        "client_eval_bench.py",
        ["--cases", "40", "--slow-cases", "32", "--starts", "2", "--shared-cases", "40"],
        "every item answered once",
    ),
    ("results_bench.py", ["--cases", "30", "--requests", "2"], "statements for a page"),
    (
        "first_item_bench.py",
        ["--runs", "2", "--rounds", "1", "--warm-up", "1", "--cases", "1"],
        "polling / woken",
    ),
]


@pytest.mark.parametrize(
    ("script", "arguments", "figure"), SMALL_RUNS, ids=[s for s, *_ in SMALL_RUNS]
)
def test_a_benchmark_runs_to_its_figures(
    services: RunningServices, script: str, arguments: list[str], figure: str
) -> None:
    environment = {
        **os.environ,
        "DATABASE_URL": services.database_url,
        "REDIS_URL": services.redis_url,
    }
    finished = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *arguments],
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert figure in finished.stdout
