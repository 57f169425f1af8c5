"""Starting an eval run: confirmed estimate, snapshot of the cases, work items, the job.

In one transaction: the run row (the dataset version and grading configuration it
pins), its agents at their versions, the case revisions it answers (``INSERT …
SELECT`` from the version, tag filter applied, anonymised cases left out and
counted), one work item per case, agent and repetition (``INSERT … SELECT`` again),
the job that executes it (recorded before it is queued), and the audit entry. The job
is handed to a worker once the transaction has committed.
"""

from sqlalchemy import Integer, func, insert, literal, select
from sqlmodel import col

from casebook.db.models import EvalItem, EvalRun, EvalRunAgent, EvalRunCase, Job
from casebook.domain.access.catalog import Permission
from casebook.domain.evals.inputs import EvalRunRequest
from casebook.domain.evals.progress import ANSWER, PENDING, QUEUED
from casebook.observability import tracing
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.evals import channels
from casebook.services.evals.estimate import check_confirmation, checked
from casebook.services.evals.planning import plan_run, snapshot_select
from casebook.services.kernel import audit, jobs
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.job_actor import payload_identity

JOB_KIND = "eval_run"
RUN_FIELD = "eval_run_id"
AGENT_NAME_CHARS = 200


async def start_eval_run(
    ctx: ServiceContext, request: EvalRunRequest, confirmation: str
) -> EvalRun:
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    request = checked(request)
    async with ctx.transaction() as session:
        plan = await plan_run(session, actor, request)
        check_confirmation(ctx.settings, actor, request, plan, confirmation)
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
        for position, planned in enumerate(plan.agents):
            session.add(
                EvalRunAgent(
                    run_id=run.id,
                    position=position,
                    agent_id=planned.version.agent_id,
                    agent_version=planned.version.version,
                    agent_name=planned.agent.name[:AGENT_NAME_CHARS],
                    agent_kind=planned.agent.kind,
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
        job = Job(
            organization_id=actor.organization_id,
            kind=JOB_KIND,
            status=jobs.QUEUED,
            payload={RUN_FIELD: run.id, **payload_identity(actor)},
            created_by_user_id=actor.user_id,
            trace_context=tracing.carrier(),
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
                "agents": [[a.version.agent_id, a.version.version] for a in plan.agents],
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
