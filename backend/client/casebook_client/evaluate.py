"""``evaluate()``: an eval run of a local agent, answered by a function of yours.

    from casebook_client import evaluate

    def answer(case):                       # or async def
        return my_agent.reply(case.input, history=case.history)

    result = evaluate(dataset="RGF0YXNldDox", agent="QWdlbnQ6Nw==", task=answer,
                      baseline="last", min_pass_rate=0.9)
    assert result.passed, result.verdict.reasons

It starts the run (or, with ``resume=``, joins one already started - by another client, or
one whose client died), answers its work until the run ends, confirmation reruns included,
and returns the run with its summary, comparison and the gate's verdict. Several processes
may evaluate the same run at once: each claims its own items.
"""

import asyncio
import functools
import sys
import threading
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ParamSpec, TextIO, TypeVar

from casebook_client import gate
from casebook_client.api.eval_run_summary import EvalRunSummaryEvalRun
from casebook_client.api.fragments import ComparisonFields
from casebook_client.api.input_types import EvalRunInput
from casebook_client.clients import AsyncCasebook
from casebook_client.connection import ApiError
from casebook_client.progress import Progress, progress_for
from casebook_client.runs import (
    Echo,
    baseline_id,
    outcome,
    pass_rate_bar,
    start_run,
    until_ended,
)
from casebook_client.tasks import Task, answerer
from casebook_client.version_label import default_version_label
from casebook_client.work import LEASE_SECONDS, Tally, WorkLoop

P = ParamSpec("P")
R = TypeVar("R")
DEFAULT_CONCURRENCY = 8
RUN_CONCURRENCY_MAX = 64
# Requests in flight at once: a claim, two submissions, a renewal, and one to spare.
CONNECTIONS = 5


def run_concurrency(concurrency: int) -> int:
    """The run's concurrency (the items its clients hold at once) for a client answering
    ``concurrency`` at once: twice as many, up to the API's 64."""
    return min(RUN_CONCURRENCY_MAX, 2 * concurrency)


@dataclass(frozen=True)
class Evaluation:
    """How the run went: its summary and comparison as the API reads them, the gate's
    verdict, and what this client answered."""

    run_id: str
    run: EvalRunSummaryEvalRun
    verdict: gate.Verdict
    answered: Tally

    @property
    def status(self) -> str:
        return self.run.status.value

    @property
    def comparison(self) -> ComparisonFields | None:
        return self.run.comparison

    @property
    def passed(self) -> bool:
        return self.verdict.exit_code == gate.PASSED


def _quiet(_: str) -> None:
    pass


async def answer_run(
    api: AsyncCasebook,
    run_id: str,
    task: Task,
    *,
    concurrency: int,
    progress: Progress,
    lease_seconds: float = LEASE_SECONDS,
) -> Tally:
    """Answer the run's work with ``task`` until the run ends."""
    # Not waited for once stopped: a sync task cannot be interrupted on its thread.
    pool = ThreadPoolExecutor(concurrency, thread_name_prefix="casebook-task")
    loop = WorkLoop(
        api,
        run_id,
        answerer(task, pool),
        concurrency=concurrency,
        progress=progress,
        lease_seconds=lease_seconds,
    )
    try:
        return await loop.run()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


async def aevaluate(
    dataset: str | None = None,
    agent: str | None = None,
    task: Task | None = None,
    *,
    version_label: str | None = None,
    concurrency: int = DEFAULT_CONCURRENCY,
    repetitions: int = 1,
    tags: Sequence[str] | None = None,
    baseline: str | None = None,
    min_pass_rate: float | str | None = None,
    url: str | None = None,
    api_key: str | None = None,
    resume: str | None = None,
    dataset_version: int | None = None,
    budget_usd: float | None = None,
    confirm_flips: int | None = None,
    progress: bool | None = None,
    lease_seconds: float = LEASE_SECONDS,
    out: TextIO | None = None,
    echo: Echo = _quiet,
) -> Evaluation:
    """``evaluate()`` in asyncio. ``progress``: None a bar on a terminal only, True always,
    False never. ``lease_seconds``: how long a claim holds its items between renewals (what
    this client leaves unanswered if it dies waits that long for another)."""
    if task is None:
        raise ValueError("task= is required: the function that answers a case")
    if not 1 <= concurrency <= 64:
        raise ValueError("concurrency: between 1 and 64")
    bar = pass_rate_bar(min_pass_rate)
    async with AsyncCasebook(url, api_key, connections=CONNECTIONS) as api:
        if resume is not None:
            run_id = resume
            echo(f"joining eval run {run_id}")
        else:
            if dataset is None or agent is None:
                raise ValueError("dataset= and agent= are required, unless resume= names a run")
            run_input = EvalRunInput(
                dataset_id=dataset,
                agent_ids=[agent],
                version=dataset_version,
                repetitions=repetitions,
                tags=list(tags) if tags is not None else None,
                # Room for the next items to be claimed while the last are submitted.
                concurrency=run_concurrency(concurrency),
                baseline_run_id=await baseline_id(api, baseline, dataset, [agent], echo),
                budget_usd=budget_usd,
                version_label=version_label or default_version_label(),
            )
            if confirm_flips is not None:
                run_input.confirm_flips = confirm_flips
            started = await start_run(api, run_input)
            run_id = started.run_id
            echo(f"started eval run {run_id} (version label {run_input.version_label})")
        shown = progress_for(out or sys.stderr, shown=progress)
        tally = await answer_run(
            api, run_id, task, concurrency=concurrency, progress=shown, lease_seconds=lease_seconds
        )
        await until_ended(api, run_id)
        ended = await outcome(api, run_id, bar)
    return Evaluation(run_id, ended.run, ended.verdict, tally)


def blocking(coroutine: Callable[P, Coroutine[Any, Any, R]]) -> Callable[P, R]:
    """``coroutine`` called as a plain function, with its very signature: on an event loop of
    its own, and from inside a running one (a notebook) on a thread of its own."""

    @functools.wraps(coroutine)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(coroutine(*args, **kwargs))
        done: dict[str, Any] = {}

        def run() -> None:
            try:
                done["result"] = asyncio.run(coroutine(*args, **kwargs))
            except BaseException as error:
                done["error"] = error

        thread = threading.Thread(target=run, name="casebook-evaluate")
        thread.start()
        thread.join()
        if "error" in done:
            raise done["error"]
        result: R = done["result"]
        return result

    return call


# Start an eval run of a local agent and answer it with ``task``; the run, its summary,
# comparison and gate verdict: ``aevaluate`` as a plain function, with its arguments. Ctrl-C
# gives back what this client holds, so another takes it at once (``resume=`` to go on).
evaluate = blocking(aevaluate)


__all__ = ["ApiError", "Evaluation", "aevaluate", "evaluate"]
