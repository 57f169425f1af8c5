"""Runs already stored, extended by the spans that came after them.

A span that arrives after its turn was stored - a late child, or a model call that goes
on with the turn (its input ends with the results of the calls the turn asked for) -
adds to the run: the results to the calls that waited for them, its steps after the
run's, its tokens and cost to the run's, its end to the run's latency, its unmapped
attributes to the run's. The reply message is rewritten from the steps, as recording
writes it. Under the run's row lock, in the caller's transaction.
"""

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import AgentVersion, Message, Run, RunStep
from casebook.domain.activity.ingestion import STEPS_PER_RUN_MAX, StepDraft, validate_steps
from casebook.domain.activity.model import reply_text
from casebook.domain.activity.traces.assembly import (
    Extension,
    Figures,
    fill_results,
    run_attributes,
)
from casebook.domain.activity.traces.drafts import Redactor
from casebook.domain.agents.model import config_from_json
from casebook.services.activity.ingestion import STEP_COLUMNS, step_rows
from casebook.services.kernel.bulk import copy_rows, raw_connection


async def extend_runs(
    session: AsyncSession, organization_id: int, extensions: Sequence[Extension]
) -> tuple[set[int], int]:
    """Apply what each extension adds to its run; the runs extended (a run deleted since is
    not), and how many credentials were redacted from what was added."""
    redactor = Redactor()
    extended: set[int] = set()
    for run_id in sorted({e.run_id for e in extensions}):
        run = (
            await session.execute(
                select(Run)
                .where(col(Run.id) == run_id, Run.organization_id == organization_id)
                .with_for_update()
                .execution_options(populate_existing=True)
            )
        ).scalar_one_or_none()
        if run is None:
            continue
        await _extend(session, run, [e for e in extensions if e.run_id == run_id], redactor)
        extended.add(run_id)
    return extended, redactor.count


async def _extend(
    session: AsyncSession, run: Run, extensions: Sequence[Extension], redactor: Redactor
) -> None:
    assert run.id is not None
    held = (
        await session.execute(
            select(RunStep).where(RunStep.run_id == run.id).order_by(col(RunStep.position))
        )
    ).scalars()
    drafts = [StepDraft(s.kind, s.text, s.tool_name, s.arguments, s.status, s.result) for s in held]
    attributes = run.attributes
    latest_end = 0
    for extension in extensions:
        fill_results(drafts, [(call, redactor.text(result)) for call, result in extension.results])
        drafts.extend(redactor.step(s.step) for s in extension.steps)
        total = Figures(run.input_tokens, run.output_tokens, run.cost_usd, run.model)
        total.merge(extension.figures)
        run.input_tokens, run.output_tokens = total.input_tokens, total.output_tokens
        run.cost_usd, run.model = total.cost_usd, total.model
        attributes = redactor.object(run_attributes(extension.attributes, {}, kept=attributes))
        latest_end = max(latest_end, extension.end_ns)
    left_out = max(0, len(drafts) - STEPS_PER_RUN_MAX)
    if left_out:
        attributes = {**(attributes or {}), "steps_left_out": left_out}
        drafts = drafts[:STEPS_PER_RUN_MAX]
    steps = validate_steps(drafts, "steps")
    run.attributes = attributes
    run.has_transcript = bool(steps)
    if run.started_at is not None and latest_end:
        ended = datetime.fromtimestamp(latest_end / 1e9, UTC)
        run.latency_ms = max(run.latency_ms or 0.0, (ended - run.started_at).total_seconds() * 1e3)
    version = (
        await session.get(AgentVersion, run.agent_version_id) if run.agent_version_id else None
    )
    read_only = (
        {t.name: t.read_only for t in config_from_json(version.config).tools} if version else {}
    )
    await session.execute(delete(RunStep).where(col(RunStep.run_id) == run.id))
    await session.flush()
    if steps:
        await copy_rows(
            await raw_connection(session), STEP_COLUMNS, step_rows(run.id, steps, read_only)
        )
    await session.execute(
        update(Message).where(col(Message.id) == run.message_id).values(content=reply_text(steps))
    )
