"""Scoring an answer against a case, and reading scores (spec: "Grading", "Scoring a run").

An answer given directly - its text, tool calls, cost, latency, and which agent
and version answered - is graded with every scorer the dataset configures,
against the case as the newest version holds it. Scoring needs ``runs:view``
and ``datasets:run`` on the dataset; reading scores needs ``datasets:view``.

A case none of the configured scorers can check is refused before the judge
is called and nothing is kept. A score keeps a copy of the configuration, the
judge's pins, the dataset version and case revision it was graded against,
and a copy of the answer of at most 8,000 characters with credentials
redacted; what the judge wrote goes through the same redaction.

The structured reference scorer (``services.structured_scoring``) grades
beside the judge when the dataset switches it on and the case holds a JSON
reference; its result is handed in by name, and the score keeps its quality,
breakdown and what it was computed from. An answer given with a run key is
numbered among the repetitions of its case and agent in that run
(``services.repetitions``). The dataset's Review by a person and low-confidence settings
then decide whether it goes to review (``services.review.automatic``).
"""

from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select

from casebook.db.models import Score
from casebook.db.pagination import Page, keyset_page
from casebook.domain.access.catalog import Permission
from casebook.domain.errors import FieldError
from casebook.domain.grading.answer import AnswerUnderTest, MadeToolCall
from casebook.domain.grading.applicability import require_applicable_scorers
from casebook.domain.grading.case_score import needs_judge, score_case
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.domain.grading.outcome import OUTCOME_STATUSES
from casebook.domain.grading.results import NothingToGrade
from casebook.domain.grading.structured_scorer import STRUCTURED, structured_settings
from casebook.domain.measures import cost_problem, latency_problem
from casebook.services.datasets.cases import load_case
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading.judging import run_judge
from casebook.services.grading.score_records import fill_grading, same_model
from casebook.services.grading.structured.default_model import with_organization_default
from casebook.services.grading.structured.records import record_structured
from casebook.services.grading.structured.repetitions import assign_repetition, checked_run_key
from casebook.services.grading.structured.scoring import StructuredGrading, grade_structured
from casebook.services.grading.structured.staleness import CaseReference, references_now
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, NotFound, ServiceError
from casebook.services.kernel.stored_text import stored_optional_text
from casebook.services.review.automatic import send_by_settings
from casebook.services.review.events import publish_queue_changed

ANSWER_MAX_CHARS = 1_000_000
MAX_TOOL_CALLS = 500
TOOL_NAME_MAX = 200
AGENT_NAME_MAX = 200
AGENT_VERSION_MAX = 100
MODEL_NAME_MAX = 200


@dataclass(frozen=True)
class GivenAnswer:
    text: str
    tool_calls: tuple[MadeToolCall, ...] = ()
    cost_usd: float | None = None
    latency_ms: float | None = None
    agent_name: str | None = None
    agent_version: str | None = None
    answering_model: str | None = None
    run_key: str | None = None
    # The run in Activity whose answer this is (Score against a case), and its agent.
    source_run_id: int | None = None
    agent_id: int | None = None
    # Who asked the question that run answered: a member's id, or an end user's name.
    asked_by_user_id: int | None = None
    asked_by_end_user: str | None = None

    def redacted_labels(self) -> "GivenAnswer":
        """The labels stored with the score, redacted as every stored text is."""
        return replace(
            self,
            agent_name=stored_optional_text(self.agent_name),
            agent_version=stored_optional_text(self.agent_version),
            answering_model=stored_optional_text(self.answering_model),
            run_key=stored_optional_text(self.run_key),
        )

    def checked(self) -> "GivenAnswer":
        errors: list[FieldError] = []
        if len(self.text) > ANSWER_MAX_CHARS:
            errors.append(FieldError("answer", f"is longer than {ANSWER_MAX_CHARS:,} characters"))
        if len(self.tool_calls) > MAX_TOOL_CALLS:
            errors.append(FieldError("toolCalls", f"holds more than {MAX_TOOL_CALLS} calls"))
        errors.extend(
            FieldError(f"toolCalls.{i}.name", f"must be 1 to {TOOL_NAME_MAX} characters")
            for i, call in enumerate(self.tool_calls[:MAX_TOOL_CALLS])
            if not call.name.strip() or len(call.name) > TOOL_NAME_MAX
        )
        for name, value, problem_of in (
            ("costUsd", self.cost_usd, cost_problem),
            ("latencyMs", self.latency_ms, latency_problem),
        ):
            problem = problem_of(value) if value is not None else None
            if problem is not None:
                errors.append(FieldError(name, problem))
        for name, text, limit in (
            ("agentName", self.agent_name, AGENT_NAME_MAX),
            ("agentVersion", self.agent_version, AGENT_VERSION_MAX),
            ("answeringModel", self.answering_model, MODEL_NAME_MAX),
        ):
            if text is not None and len(text) > limit:
                errors.append(FieldError(name, f"must be at most {limit} characters"))
        run_key = None
        try:
            run_key = checked_run_key(self.run_key)
        except BadUserInput as refused:
            errors.extend(refused.errors)
        if errors:
            raise BadUserInput(errors)
        return replace(self, run_key=run_key)

    def under_test(self) -> AnswerUnderTest:
        return AnswerUnderTest(self.text, self.tool_calls, self.cost_usd, self.latency_ms)


async def score_answer(ctx: ServiceContext, case_id: int, given: GivenAnswer) -> Score:
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    # Redacted first, so the bounds hold for what is stored.
    given = given.redacted_labels().checked()
    async with ctx.reading() as session:
        _, dataset = await load_case(session, actor, case_id, Permission.DATASETS_RUN)
        found = await references_now(session, dataset, (case_id,))
    if case_id not in found:
        raise NotFound("case in the newest version")
    now = found[case_id]
    case = now.content
    config = read_scoring_config(dataset.scoring)
    try:
        scorers = require_applicable_scorers(config, case)
    except NothingToGrade as refused:
        raise BadUserInput.at("caseId", f"{refused}; nothing was graded") from None
    answer = given.under_test()
    judge_run = (
        await run_judge(ctx, actor.organization_id, config, case, answer)
        if needs_judge(config, case)
        else None
    )
    structured = await _grade_structured(ctx, actor.organization_id, config, scorers, now, given)
    graded = score_case(
        config,
        case,
        answer,
        verdict=judge_run.verdict if judge_run else None,
        extension_results={STRUCTURED: structured.result} if structured else None,
    )
    score = Score(
        organization_id=actor.organization_id,
        dataset_id=dataset.id,
        case_id=case_id,
        case_revision_id=now.revision_id,
        case_revision=now.revision,
        dataset_version=dataset.latest_version,
        outcome=graded.outcome.status,
        outcome_reason=graded.outcome.reason,
        answer_chars=len(given.text),
        cost_usd=given.cost_usd,
        latency_ms=given.latency_ms,
        agent_name=given.agent_name,
        agent_version=given.agent_version,
        answering_model=given.answering_model,
        scored_by_user_id=actor.user_id,
        run_key=given.run_key,
        source_run_id=given.source_run_id,
        agent_id=given.agent_id,
        asked_by_user_id=given.asked_by_user_id,
        asked_by_end_user=given.asked_by_end_user,
    )
    fill_grading(score, graded, judge_run, answer=given.text, tool_calls=given.tool_calls)
    score.judged_on_answering_model = bool(
        judge_run and judge_run.called and same_model(given.answering_model, config.judge.model)
    )
    async with ctx.transaction() as session:
        await assign_repetition(session, score)
        session.add(score)
        await session.flush()
        await record_structured(session, score, structured)
        sent_by = await send_by_settings(session, dataset, score)
        await audit.record(
            session,
            actor,
            "score.create",
            resource_type=DATASET_KIND,
            resource_id=dataset.id,
            summary={
                "score_id": score.id,
                "case_id": case_id,
                "outcome": score.outcome,
                "redacted": score.redacted,
                "run_key": score.run_key,
                "repetition": score.repetition,
                "run_id": score.source_run_id,
                "sent_to_review": sent_by,
            },
            request_id=ctx.request_id,
        )
    if sent_by is not None:
        await publish_queue_changed(ctx.redis, actor.organization_id, [score.dataset_id])
    return score


async def _grade_structured(
    ctx: ServiceContext,
    organization_id: int,
    config: ScoringConfig,
    scorers: tuple[str, ...],
    now: CaseReference,
    given: GivenAnswer,
) -> StructuredGrading | None:
    settings = structured_settings(config)
    if STRUCTURED not in scorers or settings is None:
        return None
    settings = await with_organization_default(ctx, organization_id, settings)
    return await grade_structured(
        ctx, organization_id, settings, now.content, now.reference_revision_id, given.text
    )


async def scores_by_id(ctx: ServiceContext, score_ids: list[int]) -> list[Score | ServiceError]:
    """Each score whose dataset the actor may see, else not found; one statement."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        found = await sharing.load_children_authorized(
            session,
            actor,
            DATASET_KIND,
            Score,
            score_ids,
            Permission.DATASETS_VIEW,
            parent_key=Score.dataset_id,
            label="score",
        )
    scores: list[Score | ServiceError] = []
    for score_id in score_ids:
        loaded = found[score_id]
        scores.append(loaded if isinstance(loaded, ServiceError) else loaded[0])
    return scores


async def get_score(ctx: ServiceContext, score_id: int) -> Score:
    (found,) = await scores_by_id(ctx, [score_id])
    if isinstance(found, ServiceError):
        raise found
    return found


async def list_scores(
    ctx: ServiceContext,
    dataset_id: int,
    *,
    first: int,
    after: str | None,
    outcome: str | None = None,
) -> Page[Score]:
    """Newest first, optionally of one outcome (pass, fail, not_graded)."""
    actor = ctx.require_actor()
    if outcome is not None and outcome not in OUTCOME_STATUSES:
        raise BadUserInput.at("outcome", f"must be one of {', '.join(OUTCOME_STATUSES)}")
    query: Any = select(Score).where(Score.dataset_id == dataset_id)
    if outcome is not None:
        query = query.where(Score.outcome == outcome)
    async with ctx.reading() as session:
        await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        return await keyset_page(
            session, query, Score.id, first=first, after=after, descending=True, with_total=True
        )
