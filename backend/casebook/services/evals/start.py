"""Starting an eval run: confirmed estimate, snapshot of the cases, work items, the job.

In one transaction: the run row (the dataset version and grading configuration it
pins), its agents at their versions, the case revisions it answers (``INSERT …
SELECT`` from the version, tag filter applied, anonymised cases left out and
counted), one work item per case, agent and repetition (``INSERT … SELECT`` again),
the job that executes it (recorded before it is queued), and the audit entry. The job
is handed to a worker once the transaction has committed.
"""

from sqlalchemy import Integer, func, insert, literal, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import (
    Agent,
    AgentVersion,
    EvalItem,
    EvalRun,
    EvalRunAgent,
    EvalRunCase,
)
from casebook.domain.access.catalog import Permission
from casebook.domain.evals.inputs import EvalRunRequest
from casebook.domain.evals.progress import ANSWER, PENDING, QUEUED
from casebook.services.agents.agents import version_for_label
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.evals import channels
from casebook.services.evals.estimate import check_confirmation, checked
from casebook.services.evals.planning import PlannedAgent, plan_run, snapshot_select
from casebook.services.kernel import audit, jobs
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import Conflict, NotFound
from casebook.services.kernel.job_actor import payload_identity

JOB_KIND = "eval_run"
RUN_FIELD = "eval_run_id"
AGENT_NAME_CHARS = 200


async def _version_to_pin(
    session: AsyncSession, ctx: ServiceContext, planned: PlannedAgent
) -> AgentVersion:
    """The version the run pins: the planned one, or for a local agent's label the version
    of that label, recorded now when it is new - under the agent's row lock, so two runs
    starting with one new label record one version. Its configuration must be the one the
    estimate counted."""
    if planned.label is None:
        return planned.version
    agent = await session.get(Agent, planned.agent.id, with_for_update=True, populate_existing=True)
    if agent is None:
        raise NotFound("agent")
    version = await version_for_label(session, ctx, agent, planned.label)
    if version.config != planned.version.config:
        raise Conflict(
            f"the estimate is out of date: the agent {agent.name} was configured since. "
            "Estimate the run again and confirm the new estimate"
        )
    return version


async def start_eval_run(
    ctx: ServiceContext, request: EvalRunRequest, confirmation: str
) -> EvalRun:
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    request = checked(request)
    async with ctx.transaction() as session:
        plan = await plan_run(session, actor, request)
        check_confirmation(ctx.settings, actor, request, plan, confirmation)
        versions = [await _version_to_pin(session, ctx, planned) for planned in plan.agents]
        dataset_id = plan.dataset.id
        assert dataset_id is not None
        run = EvalRun(
            organization_id=actor.organization_id,
            dataset_id=dataset_id,
            dataset_version=plan.version,
            scoring=plan.scoring,
            status=QUEUED,
            repetitions=request.repetitions,
            tags=list(request.tags) if request.tags is not None else None,
            concurrency=request.concurrency,
            budget_usd=request.budget_usd,
            baseline_run_id=request.baseline_run_id,
            confirm_flips=request.confirm_flips,
            started_by_user_id=actor.user_id,
            anonymised_left_out=plan.anonymised_left_out,
        )
        session.add(run)
        await session.flush()
        assert run.id is not None
        for position, (planned, version) in enumerate(zip(plan.agents, versions, strict=True)):
            session.add(
                EvalRunAgent(
                    run_id=run.id,
                    position=position,
                    agent_id=version.agent_id,
                    agent_version=version.version,
                    agent_name=planned.agent.name[:AGENT_NAME_CHARS],
                    agent_kind=planned.agent.kind,
                    version_label=version.label,
                )
            )
        await session.flush()
        snapshot = snapshot_select(run.id, dataset_id, plan.version, request.tags)
        cases = await session.execute(
            insert(EvalRunCase).from_select(
                ["run_id", "case_id", "revision_id", "revision"], snapshot
            )
        )
        repetition = (
            func.generate_series(1, request.repetitions).table_valued("repetition").render_derived()
        )
        items = (
            select(
                col(EvalRunCase.run_id),
                col(EvalRunCase.case_id),
                col(EvalRunCase.revision_id),
                col(EvalRunAgent.id),
                repetition.c.repetition.cast(Integer),
                literal(ANSWER),
                literal(PENDING),
            )
            .select_from(EvalRunCase)
            .join(EvalRunAgent, col(EvalRunAgent.run_id) == col(EvalRunCase.run_id))
            .join(repetition, literal(True))
            .where(col(EvalRunCase.run_id) == run.id)
            .order_by(repetition.c.repetition, col(EvalRunCase.case_id), col(EvalRunAgent.position))
        )
        await session.execute(
            insert(EvalItem).from_select(
                [
                    "run_id",
                    "case_id",
                    "revision_id",
                    "run_agent_id",
                    "repetition",
                    "purpose",
                    "status",
                ],
                items,
            )
        )
        run.cases = cases.rowcount  # type: ignore[attr-defined]
        run.total = run.cases * len(plan.agents) * request.repetitions
        job = jobs.queued_job(
            actor.organization_id,
            JOB_KIND,
            {RUN_FIELD: run.id, **payload_identity(actor)},
            actor.user_id,
        )
        session.add(job)
        await session.flush()
        run.job_id = job.id
        await audit.record(
            session,
            actor,
            "eval_run.start",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={
                "eval_run_id": run.id,
                "dataset_version": plan.version,
                "agents": [[v.agent_id, v.version] for v in versions],
                "version_label": request.version_label,
                "repetitions": request.repetitions,
                "tags": run.tags,
                "cases": run.cases,
                "anonymised_left_out": plan.anonymised_left_out,
                "budget_usd": request.budget_usd,
                "baseline_run_id": request.baseline_run_id,
            },
            request_id=ctx.request_id,
        )
    assert job.id is not None
    await jobs.hand_to_worker(ctx.redis, job.id)
    await channels.publish_run_event(ctx.redis, run.organization_id, channels.STARTED, run.id)
    return run
