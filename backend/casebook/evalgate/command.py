"""``casebook eval``: estimate, start, follow, summarize, write JUnit XML, gate.

Exit codes: 0 the gate passed; 1 a confirmed regression, a pass rate under
``--min-pass-rate`` or a run that did not finish (``gate``); 2 a usage error, a refusal
by the API (not found, forbidden, a field refused) or a connection error.
"""

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

from casebook.evalgate import documents, gate, report
from casebook.evalgate.client import ApiError, GraphQLClient, SubscriptionRefused, Unreachable
from casebook.evalgate.junit import junit_xml

API_KEY_VARIABLE = "CASEBOOK_API_KEY"
URL_VARIABLE = "CASEBOOK_URL"
DEFAULT_URL = "http://127.0.0.1:8000"
ENDED = ("FINISHED", "FAILED", "CANCELLED")
POLL_SECONDS = 1.0
PRINT_EVERY_SECONDS = 1.0


class UsageError(Exception):
    pass


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dataset", required=True, help="the dataset's id")
    parser.add_argument(
        "--agent", action="append", required=True, help="an agent's id; repeat to compare"
    )
    parser.add_argument("--version", type=int, help="the dataset version (default: the newest)")
    parser.add_argument("--repetitions", type=int, default=1, help="1 to 10 (default 1)")
    parser.add_argument("--tag", action="append", help="only cases with this tag; repeatable")
    parser.add_argument("--concurrency", type=int, help="answers in flight (default 8)")
    parser.add_argument(
        "--baseline", help="an earlier run's id, or `last` for the dataset's newest finished run"
    )
    parser.add_argument("--confirm-flips", type=int, help="flipped cases rerun (default 20)")
    parser.add_argument("--budget-usd", type=float, help="stop the run when this is spent")
    parser.add_argument(
        "--min-pass-rate", help="fail below this pass rate for any agent: 0.8 or 80%%"
    )
    parser.add_argument("--junit", type=Path, help="write JUnit XML here")
    parser.add_argument(
        "--url",
        default=os.environ.get(URL_VARIABLE, DEFAULT_URL),
        help=f"the API (default ${URL_VARIABLE} or {DEFAULT_URL})",
    )


def _run_input(args: argparse.Namespace, baseline_id: str | None) -> dict[str, Any]:
    chosen: dict[str, Any] = {
        "datasetId": args.dataset,
        "agentIds": args.agent,
        "repetitions": args.repetitions,
        "version": args.version,
        "tags": args.tag,
        "baselineRunId": baseline_id,
        "budgetUsd": args.budget_usd,
    }
    if args.concurrency is not None:
        chosen["concurrency"] = args.concurrency
    if args.confirm_flips is not None:
        chosen["confirmFlips"] = args.confirm_flips
    return chosen


def _last_run(client: GraphQLClient, dataset_id: str, agents: list[str]) -> str | None:
    """The dataset's newest finished run that answered one of these agents."""
    edges = client.execute(documents.LAST_RUNS, {"datasetId": dataset_id})["evalRuns"]["edges"]
    for edge in edges:
        run = edge["node"]
        answered = {(agent.get("agent") or {}).get("id") for agent in run["agents"]}
        if run["status"] == "FINISHED" and answered & set(agents):
            return str(run["id"])
    return None


def _events(client: GraphQLClient, run_id: str, out: TextIO) -> Iterator[dict[str, Any]]:
    """Progress over the websocket; by polling when the websocket is refused, or when it
    closes before the run has ended (an API process restarting, a proxy's timeout)."""
    try:
        for data in client.subscribe(documents.PROGRESS_SUBSCRIPTION, {"id": run_id}):
            progress = data["evalRunProgress"]
            yield progress
            if progress["status"] in ENDED:
                return
        print("the subscription ended early; following progress by polling", file=out)
    except SubscriptionRefused as refused:
        print(f"{refused}; following progress by polling instead", file=out, flush=True)
    except Unreachable as lost:
        print(f"{lost}; following progress by polling instead", file=out, flush=True)
    while True:
        progress = client.execute(documents.PROGRESS_POLL, {"id": run_id})["evalRun"]["progress"]
        yield progress
        if progress["status"] in ENDED:
            return
        time.sleep(POLL_SECONDS)


def _follow(client: GraphQLClient, run_id: str, out: TextIO, clock: Callable[[], float]) -> None:
    printed_at = -PRINT_EVERY_SECONDS
    last_status = None
    last_line = None
    for progress in _events(client, run_id, out):
        line = report.progress_line(progress)
        now = clock()
        ended = progress["status"] in ENDED
        if ended or progress["status"] != last_status or now - printed_at >= PRINT_EVERY_SECONDS:
            if line != last_line:
                print(line, file=out, flush=True)
            printed_at, last_status, last_line = now, progress["status"], line
        if ended:
            return


def _all_results(client: GraphQLClient, run_id: str) -> list[dict[str, Any]]:
    nodes: list[dict[str, Any]] = []
    after = None
    while True:
        page = client.execute(documents.RESULTS_PAGE, {"id": run_id, "after": after})
        results = page["evalRun"]["results"]
        nodes.extend(edge["node"] for edge in results["edges"])
        if not results["pageInfo"]["hasNextPage"]:
            return nodes
        after = results["pageInfo"]["endCursor"]


def run_eval(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    api_key = os.environ.get(API_KEY_VARIABLE, "").strip()
    if not api_key:
        raise UsageError(f"set {API_KEY_VARIABLE} to an API key with runs:view and datasets:run")
    min_pass_rate = gate.parse_pass_rate(args.min_pass_rate) if args.min_pass_rate else None
    if not 1 <= args.repetitions <= 10:
        raise UsageError("--repetitions: between 1 and 10")
    with GraphQLClient(args.url, api_key) as client:
        baseline_id = args.baseline
        if baseline_id == "last":
            baseline_id = _last_run(client, args.dataset, args.agent)
            print(
                f"baseline: run {baseline_id}"
                if baseline_id
                else "baseline: no earlier finished run of these agents, nothing to compare with",
                file=out,
                flush=True,
            )
        run_input = _run_input(args, baseline_id)
        estimate = client.execute(documents.ESTIMATE, {"input": run_input})["estimateEvalRun"]
        for line in report.estimate_lines(estimate):
            print(line, file=out, flush=True)
        started = client.execute(
            documents.START, {"input": run_input, "confirmation": estimate["confirmation"]}
        )["startEvalRun"]
        run_id = str(started["id"])
        print(f"started eval run {run_id}", file=out, flush=True)
        _follow(client, run_id, out, time.monotonic)
        run = client.execute(documents.SUMMARY, {"id": run_id})["evalRun"]
        results = _all_results(client, run_id)
    print("", file=out)
    for line in report.summary_lines(run):
        print(line, file=out)
    for line in report.comparison_lines(run["comparison"]):
        print(line, file=out)
    if args.junit is not None:
        args.junit.parent.mkdir(parents=True, exist_ok=True)
        args.junit.write_bytes(junit_xml(f"casebook.{run['dataset']['name']}", results))
        print(f"JUnit XML: {args.junit}", file=out)
    comparison = run["comparison"] or {}
    verdict = gate.decide(
        status=run["status"],
        status_reason=run["statusReason"],
        confirmed_regressions=comparison.get("confirmedRegressions", 0),
        rates=[
            gate.AgentRate(agent["agentName"], agent["passRate"])
            for agent in run["summary"]["agents"]
        ],
        min_pass_rate=min_pass_rate,
    )
    for reason in verdict.reasons:
        print(f"gate: {reason}", file=out)
    print(
        "gate: passed" if verdict.exit_code == gate.PASSED else "gate: failed", file=out, flush=True
    )
    return verdict.exit_code


def main(args: argparse.Namespace) -> int:
    try:
        return run_eval(args)
    except (UsageError, ValueError) as error:
        print(f"casebook eval: {error}", file=sys.stderr)
    except ApiError as error:
        print(f"casebook eval: the API refused: {error}", file=sys.stderr)
    except Unreachable as error:
        print(f"casebook eval: {error}", file=sys.stderr)
    except OSError as error:
        print(f"casebook eval: {type(error).__name__}: {error}", file=sys.stderr)
    return gate.UNUSABLE
