"""Starting an eval run and reading how it ended: the baseline ``last`` stands for, the
estimate and start, then the summary, the comparison and the gate's verdict."""

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from casebook_client import gate
from casebook_client.api.estimate_eval_run import EstimateEvalRunEstimateEvalRun
from casebook_client.api.eval_run_summary import EvalRunSummaryEvalRun
from casebook_client.api.fragments import ComparisonFields
from casebook_client.api.input_types import EvalRunInput
from casebook_client.clients import AsyncCasebook
from casebook_client.progress import ENDED

Echo = Callable[[str], None]
ENDED_POLL_SECONDS = 0.5


def _quiet(_: str) -> None:
    pass


async def last_run(api: AsyncCasebook, dataset_id: str, agent_ids: Sequence[str]) -> str | None:
    """The dataset's newest finished run that answered one of these agents."""
    runs = (await api.last_eval_runs(dataset_id=dataset_id, first=50)).eval_runs.edges
    wanted = set(agent_ids)
    for edge in runs:
        run = edge.node
        answered = {a.agent.id for a in run.agents if a.agent is not None} | {
            a.agent_id for a in run.agents
        }
        if run.status.value == "FINISHED" and answered & wanted:
            return run.id
    return None


async def baseline_id(
    api: AsyncCasebook,
    baseline: str | None,
    dataset_id: str,
    agent_ids: Sequence[str],
    echo: Echo = _quiet,
) -> str | None:
    """``baseline`` as a run id: ``last`` looked up, an id as it is, None for none."""
    if baseline != "last":
        return baseline
    found = await last_run(api, dataset_id, agent_ids)
    echo(
        f"baseline: run {found}"
        if found
        else "baseline: no earlier finished run of these agents, nothing to compare with"
    )
    return found


@dataclass(frozen=True)
class Started:
    run_id: str
    estimate: EstimateEvalRunEstimateEvalRun


async def start_run(api: AsyncCasebook, run_input: EvalRunInput) -> Started:
    """Estimate, then start exactly what was estimated."""
    estimate = (await api.estimate_eval_run(input=run_input)).estimate_eval_run
    started = await api.start_eval_run(input=run_input, confirmation=estimate.confirmation)
    return Started(started.start_eval_run.id, estimate)


@dataclass(frozen=True)
class Outcome:
    run: EvalRunSummaryEvalRun
    verdict: gate.Verdict

    @property
    def comparison(self) -> ComparisonFields | None:
        return self.run.comparison


async def until_ended(api: AsyncCasebook, run_id: str) -> str:
    """The run's status once it has ended (polled: the caller answered its work already)."""
    while True:
        status = (await api.eval_run_progress(id=run_id)).eval_run.progress.status.value
        if status in ENDED:
            return status
        await asyncio.sleep(ENDED_POLL_SECONDS)


def verdict_of(run: EvalRunSummaryEvalRun, min_pass_rate: float | None) -> gate.Verdict:
    comparison = run.comparison
    return gate.decide(
        status=run.status.value,
        status_reason=run.status_reason,
        confirmed_regressions=comparison.confirmed_regressions if comparison else 0,
        rates=[gate.AgentRate(a.agent_name, a.pass_rate) for a in run.summary.agents],
        min_pass_rate=min_pass_rate,
    )


async def outcome(api: AsyncCasebook, run_id: str, min_pass_rate: float | None) -> Outcome:
    run = (await api.eval_run_summary(id=run_id)).eval_run
    return Outcome(run, verdict_of(run, min_pass_rate))


def pass_rate_bar(value: float | str | None) -> float | None:
    """``0.8``, ``"80%"`` or None, as a fraction."""
    if value is None:
        return None
    if isinstance(value, str):
        return gate.parse_pass_rate(value)
    return gate.parse_pass_rate(str(value))
