"""Grading one answer of an eval run: the case as the run pinned it, the configuration the
run started with (spec: "The run keeps the grading configuration … it started with").

The grading is computed outside any transaction (the judge may take seconds); the score
row it gives is stored with the item's change in one transaction (``execution``). An
agent that failed to answer, or a case none of the run's scorers can check, gives a
score "not graded" with the reason - never a made-up verdict.
"""

from dataclasses import dataclass

from casebook.db.models import EvalItem, EvalRun, EvalRunAgent
from casebook.domain.activity.model import Reply
from casebook.domain.grading.answer import AnswerUnderTest, MadeToolCall
from casebook.domain.grading.applicability import require_applicable_scorers
from casebook.domain.grading.case_score import needs_judge, score_case
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.results import NothingToGrade
from casebook.domain.grading.structured_scorer import STRUCTURED, structured_settings
from casebook.services.evals.score_draft import ScoreDraft
from casebook.services.grading.judging import JudgeRun, run_judge
from casebook.services.grading.score_records import answer_copy, fill_grading, same_model
from casebook.services.grading.structured.default_model import with_organization_default
from casebook.services.grading.structured.scoring import StructuredGrading, grade_structured
from casebook.services.grading.structured.staleness import CaseReference
from casebook.services.kernel.context import ServiceContext

NOT_ANSWERED = "not graded: the agent did not answer ({error})"


def run_key(run_id: int, agent_position: int, purpose: str) -> str:
    """The label a run's scores of one agent carry (two agents of a run may share a name):
    its repetitions of a case are numbered within it; a confirmation rerun has its own."""
    key = f"eval-run:{run_id}/agent:{agent_position + 1}"
    return key if purpose == "answer" else f"{key}/{purpose}"


@dataclass(frozen=True)
class Graded:
    score: ScoreDraft
    structured: StructuredGrading | None
    judge_cost_usd: float


def made_calls(reply: Reply) -> tuple[MadeToolCall, ...]:
    return tuple(
        MadeToolCall(s.tool_name, dict(s.arguments or {}), s.status == "blocked")
        for s in reply.steps
        if s.kind == "tool_call" and s.tool_name
    )


def _row(
    run: EvalRun, agent: EvalRunAgent, item: EvalItem, case: CaseReference, reply: Reply
) -> ScoreDraft:
    assert run.id is not None and item.id is not None
    return ScoreDraft(
        organization_id=run.organization_id,
        dataset_id=run.dataset_id,
        case_id=item.case_id,
        case_revision_id=case.revision_id,
        case_revision=case.revision,
        dataset_version=run.dataset_version,
        answer_chars=len(reply.text),
        cost_usd=reply.cost_usd,
        latency_ms=reply.latency_ms,
        agent_name=agent.agent_name,
        agent_version=str(agent.agent_version),
        answering_model=reply.model[:200] if reply.model else None,
        scored_by_user_id=run.started_by_user_id,
        run_key=run_key(run.id, agent.position, item.purpose),
        repetition=item.repetition,
        source_run_id=item.activity_run_id,
        eval_run_id=run.id,
        eval_item_id=item.id,
        agent_id=agent.agent_id,
    )


async def _structured(
    ctx: ServiceContext,
    run: EvalRun,
    config: ScoringConfig,
    scorers: tuple[str, ...],
    case: CaseReference,
    text: str,
) -> StructuredGrading | None:
    settings = structured_settings(config)
    if STRUCTURED not in scorers or settings is None:
        return None
    settings = await with_organization_default(ctx, run.organization_id, settings)
    return await grade_structured(
        ctx, run.organization_id, settings, case.content, case.reference_revision_id, text
    )


async def grade_answer(
    ctx: ServiceContext,
    run: EvalRun,
    config: ScoringConfig,
    agent: EvalRunAgent,
    item: EvalItem,
    case: CaseReference,
    reply: Reply,
) -> Graded:
    score = _row(run, agent, item, case, reply)
    calls = made_calls(reply)
    if reply.error:
        score.outcome_reason = NOT_ANSWERED.format(error=reply.error)
        score.answer_text, score.answer_cut, score.redacted = answer_copy(reply.text)
        return Graded(score, None, 0.0)
    try:
        scorers = require_applicable_scorers(config, case.content)
    except NothingToGrade as nothing:
        score.outcome_reason = f"not graded: {nothing}"
        score.answer_text, score.answer_cut, score.redacted = answer_copy(reply.text)
        return Graded(score, None, 0.0)
    answer = AnswerUnderTest(reply.text, calls, reply.cost_usd, reply.latency_ms)
    judge_run: JudgeRun | None = (
        await run_judge(ctx, run.organization_id, config, case.content, answer)
        if needs_judge(config, case.content)
        else None
    )
    structured = await _structured(ctx, run, config, scorers, case, reply.text)
    graded = score_case(
        config,
        case.content,
        answer,
        verdict=judge_run.verdict if judge_run else None,
        extension_results={STRUCTURED: structured.result} if structured else None,
    )
    fill_grading(score, graded, judge_run, answer=reply.text, tool_calls=calls)
    score.judged_on_answering_model = bool(
        judge_run and judge_run.called and same_model(reply.model, config.judge.model)
    )
    judge_cost = (judge_run.cost_usd or 0.0) if judge_run else 0.0
    return Graded(score, structured, judge_cost)


def graded_offline(config: ScoringConfig, case: CaseReference) -> bool:
    """Whether grading an answer to the case calls no model (no judge, no structured
    scorer): it is then graded as soon as the answer arrives and stored with it."""
    try:
        scorers = require_applicable_scorers(config, case.content)
    except NothingToGrade:
        return True
    if needs_judge(config, case.content):
        return False
    return not (STRUCTURED in scorers and structured_settings(config) is not None)
