"""``casebook eval``: estimate, start (or ``--resume`` a run), answer or follow, summarize,
write JUnit XML, gate.

With ``--task package.module:function`` or ``--exec "command …"`` the agent is a local
agent and this command answers its run where the code is, as ``evaluate()`` does; without
either, the server calls the agent (a model or webhook agent) and the command follows.

Exit codes: 0 the gate passed; 1 a confirmed regression, a pass rate under
``--min-pass-rate`` or a run that did not finish (``gate``); 2 a usage error, a refusal by
the API (not found, forbidden, a field refused) or a connection error.
"""

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from casebook_client import gate
from casebook_client.api.input_types import EvalRunInput
from casebook_client.cli.follow import follow
from casebook_client.clients import AsyncCasebook
from casebook_client.connection import (
    API_KEY_VARIABLE,
    DEFAULT_URL,
    URL_VARIABLE,
    ApiError,
    MissingApiKey,
    Unreachable,
)
from casebook_client.evaluate import CONNECTIONS, answer_run
from casebook_client.exec_task import ExecCommandError, ExecTask
from casebook_client.junit import junit_xml
from casebook_client.progress import progress_for
from casebook_client.report import comparison_lines, estimate_lines, summary_lines
from casebook_client.runs import baseline_id, outcome, start_run, until_ended
from casebook_client.tasks import Task, TaskNotFound, load_task
from casebook_client.version_label import default_version_label
from casebook_client.work import LEASE_SECONDS

DEFAULT_LOCAL_CONCURRENCY = 8


class UsageError(Exception):
    pass


def parser() -> argparse.ArgumentParser:
    found = argparse.ArgumentParser(
        prog="casebook eval",
        description="An eval run against a Casebook API, with the API key in "
        f"${API_KEY_VARIABLE}. Exits 0 when the gate passes, 1 on a confirmed regression, a "
        "pass rate under --min-pass-rate or a run that did not finish, 2 on a usage or "
        "connection error.",
    )
    found.add_argument("--dataset", help="the dataset's id (not needed with --resume)")
    found.add_argument(
        "--agent", action="append", help="an agent's id; repeat to compare (one with --task/--exec)"
    )
    answering = found.add_mutually_exclusive_group()
    answering.add_argument(
        "--task",
        metavar="MODULE:FUNCTION",
        help="answer with this Python function (sync or async), given each case",
    )
    answering.add_argument(
        "--exec",
        metavar="COMMAND",
        dest="exec_command",
        help="answer with this program, one per concurrency slot: a case per line of JSON on "
        "its stdin, an answer per line on its stdout (docs/test-from-ci.md)",
    )
    found.add_argument(
        "--version-label",
        help="the version your code answers as (default: the git commit, -dirty when changed, "
        "else the host name)",
    )
    found.add_argument("--resume", metavar="RUN", help="answer a run already started")
    found.add_argument(
        "--lease-seconds",
        type=float,
        default=LEASE_SECONDS,
        help="how long a claim holds its items between renewals: what a client that dies "
        f"leaves unanswered waits this long for another (default {LEASE_SECONDS:g})",
    )
    found.add_argument("--version", type=int, help="the dataset version (default: the newest)")
    found.add_argument("--repetitions", type=int, default=1, help="1 to 10 (default 1)")
    found.add_argument("--tag", action="append", help="only cases with this tag; repeatable")
    found.add_argument("--concurrency", type=int, help="answers in flight (default 8)")
    found.add_argument(
        "--baseline", help="an earlier run's id, or `last` for the dataset's newest finished run"
    )
    found.add_argument("--confirm-flips", type=int, help="flipped cases rerun (default 20)")
    found.add_argument("--budget-usd", type=float, help="stop the run when this is spent")
    found.add_argument(
        "--min-pass-rate", help="fail below this pass rate for any agent: 0.8 or 80%%"
    )
    found.add_argument("--junit", type=Path, help="write JUnit XML here")
    found.add_argument(
        "--url",
        default=os.environ.get(URL_VARIABLE, DEFAULT_URL),
        help=f"the API (default ${URL_VARIABLE} or {DEFAULT_URL})",
    )
    return found


def _run_input(args: argparse.Namespace, baseline: str | None, local: bool) -> EvalRunInput:
    chosen = EvalRunInput(
        dataset_id=args.dataset,
        agent_ids=args.agent,
        version=args.version,
        repetitions=args.repetitions,
        tags=args.tag,
        baseline_run_id=baseline,
        budget_usd=args.budget_usd,
    )
    if args.concurrency is not None:
        chosen.concurrency = args.concurrency
    elif local:
        chosen.concurrency = DEFAULT_LOCAL_CONCURRENCY
    if args.confirm_flips is not None:
        chosen.confirm_flips = args.confirm_flips
    if local:
        chosen.version_label = args.version_label or default_version_label()
    return chosen


def _check(args: argparse.Namespace) -> float | None:
    local = args.task is not None or args.exec_command is not None
    if args.resume is None and (not args.dataset or not args.agent):
        raise UsageError("--dataset and --agent are required (or --resume RUN)")
    if args.resume is not None and not local:
        raise UsageError("--resume answers a local agent's run: give --task or --exec")
    if local and args.agent and len(args.agent) > 1:
        raise UsageError("--task/--exec answer for one local agent: give one --agent")
    if args.version_label is not None and not local:
        raise UsageError("--version-label names your code's version: give --task or --exec")
    if not 1 <= args.lease_seconds <= 3600:
        raise UsageError("--lease-seconds: between 1 and 3600")
    if not 1 <= args.repetitions <= 10:
        raise UsageError("--repetitions: between 1 and 10")
    if args.concurrency is not None and not 1 <= args.concurrency <= 64:
        raise UsageError("--concurrency: between 1 and 64")
    return gate.parse_pass_rate(args.min_pass_rate) if args.min_pass_rate else None


def _say(out: TextIO) -> Any:
    return lambda line: print(line, file=out, flush=True)


def _task(args: argparse.Namespace) -> Task | ExecTask | None:
    """The answering code, found before anything starts: a function that cannot be imported
    or a command that cannot be split is a usage error, not a run left unanswered."""
    if args.task is not None:
        return load_task(args.task)
    if args.exec_command is not None:
        return ExecTask(args.exec_command)
    return None


async def _refuse_local_agents(api: AsyncCasebook, agent_ids: list[str]) -> None:
    """A local agent is answered by its clients only: without --task or --exec its run would
    wait for one, so it is not started."""
    for agent_id in agent_ids:
        try:
            agent = (await api.get_agent(id=agent_id)).agent
        except ApiError:
            continue  # the estimate refuses it, naming the field (agentIds.0)
        if agent.kind.value == "LOCAL":
            raise UsageError(
                f"{agent.name} is a local agent, answered by your code: give --task "
                'package.module:function or --exec "command …"'
            )


async def run_eval(args: argparse.Namespace, out: TextIO) -> int:
    bar = _check(args)
    task = _task(args)
    if isinstance(task, ExecTask):
        await task.start()  # a command that cannot start is told before the run starts
    try:
        return await _run(args, out, bar, task)
    finally:
        if isinstance(task, ExecTask):
            await task.close()


async def _run(
    args: argparse.Namespace, out: TextIO, bar: float | None, task: Task | ExecTask | None
) -> int:
    local = task is not None
    say = _say(out)
    async with AsyncCasebook(args.url, None, connections=CONNECTIONS) as api:
        if args.resume is not None:
            run_id = args.resume
            say(f"joining eval run {run_id}")
        else:
            if not local:
                await _refuse_local_agents(api, args.agent)
            baseline = await baseline_id(api, args.baseline, args.dataset, args.agent, say)
            run_input = _run_input(args, baseline, local)
            started = await start_run(api, run_input)
            for line in estimate_lines(started.estimate.model_dump(by_alias=True, mode="json")):
                say(line)
            run_id = started.run_id
            label = f" as version {run_input.version_label!r}" if local else ""
            say(f"started eval run {run_id}{label}")
        if task is not None:
            tally = await answer_run(
                api,
                run_id,
                task,
                concurrency=args.concurrency or DEFAULT_LOCAL_CONCURRENCY,
                progress=progress_for(out, lines=True),
                lease_seconds=args.lease_seconds,
            )
            refused = f", {len(tally.refused)} refused" if tally.refused else ""
            say(
                f"answered {tally.stored} ({tally.errors} errors, {tally.confirmations} "
                f"confirmation reruns){refused}"
            )
            await until_ended(api, run_id)
        else:
            await follow(api, run_id, out)
        ended = await outcome(api, run_id, bar)
        results = await api.results(run_id) if args.junit is not None else []
    run = ended.run.model_dump(by_alias=True, mode="json")
    print("", file=out)
    for line in summary_lines(run):
        print(line, file=out)
    for line in comparison_lines(run["comparison"]):
        print(line, file=out)
    if args.junit is not None:
        args.junit.parent.mkdir(parents=True, exist_ok=True)
        nodes = [node.model_dump(by_alias=True, mode="json") for node in results]
        args.junit.write_bytes(junit_xml(f"casebook.{ended.run.dataset.name}", nodes))
        print(f"JUnit XML: {args.junit}", file=out)
    for reason in ended.verdict.reasons:
        print(f"gate: {reason}", file=out)
    passed = ended.verdict.exit_code == gate.PASSED
    print("gate: passed" if passed else "gate: failed", file=out, flush=True)
    return ended.verdict.exit_code


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as usage:  # argparse has printed why
        return gate.UNUSABLE if usage.code else 0
    try:
        return asyncio.run(run_eval(args, out or sys.stdout))
    except (UsageError, ValueError, MissingApiKey, TaskNotFound, ExecCommandError) as error:
        print(f"casebook eval: {error}", file=sys.stderr)
    except ApiError as error:
        print(f"casebook eval: the API refused: {error}", file=sys.stderr)
    except Unreachable as error:
        print(f"casebook eval: {error}", file=sys.stderr)
    except OSError as error:
        print(f"casebook eval: {type(error).__name__}: {error}", file=sys.stderr)
    except KeyboardInterrupt:
        print("casebook eval: interrupted; what this client held was given back", file=sys.stderr)
        return 130
    return gate.UNUSABLE
