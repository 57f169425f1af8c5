"""Score again (spec: "The judge"): up to ten scores a request, graded anew by a job.

"Once the cause is fixed, Score again ... grades the same answer anew, with
the configuration it was first graded with. The agent does not run again ...
one every scorer reached a verdict on is left as it is." The answer graded is
the copy the score kept, against the case revision it was graded against.

Refused as a whole - nothing is graded - when, for any score asked about:
- the judge would grade on another prompt or configuration than the score is
  pinned to (``refusal_to_grade_again``);
- the cause is still there: the judge has no model now either, its budget is
  spent. A score whose judge had no model it could call - none chosen, its
  connection deleted - is graded by the model the dataset's judge names now,
  once it names one (``with_judge_model_of``);
- the answer cannot be graded the same: its copy was cut at 8,000
  characters, or erased.
These are checked when asked, and again by the job, which acts as the person
who asked with their access as it is then. Needs ``runs:view`` and
``datasets:run`` on the dataset, as scoring does.

**Stale structured results** (spec: structured-scoring) are the one exception
to "left as it is": a score whose structured result is stale - the case's
reference edited, or the dataset's structured configuration changed, since it
was computed - is graded again for that scorer alone, and the structured
scorer grades with the reference and structured settings of now, never the
ones it is stale against (``services.structured_rescoring``). The other
scorers keep their results, or are graded with the configuration they were
first graded with, as above.
"""

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlmodel import col

from casebook.config import get_settings
from casebook.db.case_content import content_from_json
from casebook.db.models import CaseRevision, Dataset, Job, Score
from casebook.domain.access.catalog import Permission
from casebook.domain.grading.answer import AnswerUnderTest, MadeToolCall
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.domain.grading.judge_pins import judge_pins
from casebook.domain.grading.results import ScorerResult
from casebook.domain.grading.score_again import (
    needs_judge_again,
    pins_from_json,
    refusal_to_grade_again,
    score_again,
    scorers_to_grade_again,
    with_judge_model_of,
)
from casebook.domain.grading.structured_scorer import STRUCTURED
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading.judging import judge_has_no_model, judge_unavailable, run_judge
from casebook.services.grading.score_records import fill_grading, same_model, stored_results
from casebook.services.grading.structured.records import record_structured
from casebook.services.grading.structured.rescoring import structured_again, structured_refusal
from casebook.services.grading.structured.scoring import StructuredGrading
from casebook.services.grading.structured.staleness import StructuredNow, structured_now_in
from casebook.services.kernel import audit, jobs, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Conflict, NotFound
from casebook.services.kernel.job_actor import actor_for_job, payload_identity

JOB_KIND = "rescore"
MAX_SCORES_PER_REQUEST = 10


@dataclass(frozen=True)
class Refusal:
    score_id: int
    reason: str


def _checked_ids(score_ids: list[int]) -> list[int]:
    unique = list(dict.fromkeys(score_ids))
    if not 1 <= len(unique) <= MAX_SCORES_PER_REQUEST:
        raise BadUserInput.at("scoreIds", f"name 1 to {MAX_SCORES_PER_REQUEST} scores")
    return unique


@dataclass(frozen=True)
class _Asked:
    """The dataset and the scores asked about, and what their structured results compare
    with now."""

    dataset: Dataset
    scores: list[Score]
    now: StructuredNow

    def stale(self, score: Score) -> tuple[str, ...]:
        return self.now.stale_scorers(score)


async def _dataset_and_scores(ctx: ServiceContext, dataset_id: int, score_ids: list[int]) -> _Asked:
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.reading() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_RUN
        )
        found = {
            score.id: score
            for score in (
                await session.execute(
                    select(Score).where(
                        Score.dataset_id == dataset_id, col(Score.id).in_(score_ids)
                    )
                )
            ).scalars()
        }
        missing = [score_id for score_id in score_ids if score_id not in found]
        if missing:
            raise NotFound(f"score {missing[0]} of this dataset")
        now = await structured_now_in(session, dataset, (s.case_id for s in found.values()))
    return _Asked(dataset, [found[score_id] for score_id in score_ids], now)


def _answer_refusal(score: Score) -> str | None:
    if score.answer_text is None:
        return "the answer this score graded was erased"
    if score.answer_cut:
        return (
            "the answer was longer than the 8,000 characters a score keeps, "
            "so the same answer cannot be graded again"
        )
    return None


def _needs_grading(score: Score, stale: tuple[str, ...]) -> bool:
    return bool(score.without_verdict or stale)


async def _refusal(ctx: ServiceContext, asked: _Asked, score: Score) -> str | None:
    stale = asked.stale(score)
    if not _needs_grading(score, stale):
        return None
    answer_refused = _answer_refusal(score)
    if answer_refused is not None:
        return answer_refused
    again = scorers_to_grade_again(stored_results(score), stale)
    if STRUCTURED in again:
        structured_refused = await structured_refusal(ctx, asked.dataset, score)
        if structured_refused is not None:
            return f"the structured scorer: {structured_refused}"
    if not needs_judge_again(again):
        return None
    graded_with, model_replaced = await _judge_configuration(ctx, asked.dataset, score)
    judge_now = judge_pins(read_scoring_config(asked.dataset.scoring).judge)
    pinned = refusal_to_grade_again(
        pins_from_json(score.pins), judge_now, model_replaced=model_replaced
    )
    if pinned is not None:
        return pinned
    return await judge_unavailable(ctx, score.organization_id, graded_with)


async def _judge_configuration(
    ctx: ServiceContext, dataset: Dataset, score: Score
) -> tuple[ScoringConfig, bool]:
    """The configuration the judge grades the score again with, and whether its model is the
    one the dataset names now because the score's judge had none it could call."""
    kept = read_scoring_config(score.config)
    if not await judge_has_no_model(ctx, score.organization_id, kept):
        return kept, False
    return with_judge_model_of(kept, read_scoring_config(dataset.scoring)), True


async def _refusals(ctx: ServiceContext, asked: _Asked) -> list[Refusal]:
    found = []
    for score in asked.scores:
        reason = await _refusal(ctx, asked, score)
        if reason is not None:
            assert score.id is not None
            found.append(Refusal(score.id, reason))
    return found


def _refused(refusals: list[Refusal]) -> Conflict:
    named = "; ".join(f"score {r.score_id}: {r.reason}" for r in refusals)
    return Conflict(f"nothing was graded again - {named}")


async def request_rescore(ctx: ServiceContext, dataset_id: int, score_ids: list[int]) -> Job:
    """Queue Score again for these scores of the dataset; a refusal is named at once."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    unique = _checked_ids(score_ids)
    refusals = await _refusals(ctx, await _dataset_and_scores(ctx, dataset_id, unique))
    if refusals:
        raise _refused(refusals)
    payload = {"dataset_id": dataset_id, "score_ids": unique, **payload_identity(actor)}
    return await jobs.enqueue(ctx, actor, JOB_KIND, payload)


async def request_rescore_in_groups(
    ctx: ServiceContext, dataset_id: int, score_ids: list[int]
) -> list[Job]:
    """Score again many scores of the dataset, ten a job: every one is checked first, and
    a refusal of any is named before a job is queued."""
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    unique = list(dict.fromkeys(score_ids))
    refusals = await _refusals(ctx, await _dataset_and_scores(ctx, dataset_id, unique))
    if refusals:
        raise _refused(refusals)
    queued: list[Job] = []
    for start in range(0, len(unique), MAX_SCORES_PER_REQUEST):
        group = unique[start : start + MAX_SCORES_PER_REQUEST]
        payload = {"dataset_id": dataset_id, "score_ids": group, **payload_identity(actor)}
        queued.append(await jobs.enqueue(ctx, actor, JOB_KIND, payload))
    return queued


def _answer_of(score: Score) -> AnswerUnderTest:
    calls = tuple(
        MadeToolCall(
            str(call.get("name", "")), dict(call.get("args") or {}), call.get("blocked") is True
        )
        for call in score.tool_calls
        if isinstance(call, dict)
    )
    return AnswerUnderTest(score.answer_text or "", calls, score.cost_usd, score.latency_ms)


async def _grade_again(
    ctx: ServiceContext, dataset: Dataset, score: Score, stale: tuple[str, ...]
) -> dict[str, Any]:
    if not _needs_grading(score, stale):
        return {"score_id": score.id, "status": "left", "outcome": score.outcome}
    previous = stored_results(score)
    again = scorers_to_grade_again(previous, stale)
    config = (
        (await _judge_configuration(ctx, dataset, score))[0]
        if needs_judge_again(again)
        else read_scoring_config(score.config)
    )
    async with ctx.reading() as session:
        revision = await session.get(CaseRevision, score.case_revision_id)
    if revision is None:
        raise NotFound("the case revision this score was graded against")
    case = content_from_json(revision.content)
    answer = _answer_of(score)
    structured: StructuredGrading | None = None
    if STRUCTURED in again:
        config, structured = await structured_again(ctx, score, config)
    judge_run = (
        await run_judge(ctx, score.organization_id, config, case, answer)
        if needs_judge_again(again)
        else None
    )
    further: dict[str, ScorerResult] = {STRUCTURED: structured.result} if structured else {}
    graded = score_again(
        config,
        case,
        answer,
        previous,
        verdict=judge_run.verdict if judge_run else None,
        extension_results=further,
        stale=stale,
    )
    async with ctx.transaction() as session:
        row = await session.get(Score, score.id, with_for_update=True)
        if row is None or row.rescore_count != score.rescore_count:
            # Graded by another request meanwhile: that grade stands.
            return {"score_id": score.id, "status": "left", "outcome": row and row.outcome}
        before = row.outcome
        fill_grading(row, graded, judge_run)
        await record_structured(session, row, structured)
        if judge_run is not None and judge_run.called:
            row.judged_on_answering_model = same_model(row.answering_model, config.judge.model)
        row.rescored_at = datetime.now(UTC)
        row.rescore_count += 1
        await audit.record(
            session,
            ctx.require_actor(),
            "score.rescore",
            resource_type=DATASET_KIND,
            resource_id=row.dataset_id,
            summary={
                "score_id": row.id,
                "from": before,
                "to": row.outcome,
                "graded_again": list(again),
                "stale": list(stale),
            },
            request_id=ctx.request_id,
        )
    status = "not_graded" if row.outcome == "not_graded" else "graded"
    return {"score_id": row.id, "status": status, "outcome": row.outcome}


async def score_again_now(
    ctx: ServiceContext, dataset_id: int, score_ids: list[int], run: jobs.JobRun | None = None
) -> dict[str, Any]:
    """Grade the scores again, reporting progress to ``run`` after each."""
    asked = await _dataset_and_scores(ctx, dataset_id, _checked_ids(score_ids))
    report: dict[str, Any] = {"total": len(asked.scores), "done": 0, "scores": []}
    refusals = await _refusals(ctx, asked)
    if refusals:
        report["refused"] = [{"score_id": r.score_id, "reason": r.reason} for r in refusals]
        if run is not None:
            await run.progress(report)
        raise _refused(refusals)
    for score in asked.scores:
        report["scores"].append(await _grade_again(ctx, asked.dataset, score, asked.stale(score)))
        report["done"] += 1
        if run is not None:
            await run.progress(report)
    for status in ("graded", "not_graded", "left"):
        report[status] = sum(1 for entry in report["scores"] if entry["status"] == status)
    return report


@jobs.job_handler(JOB_KIND)
async def rescore_job(run: jobs.JobRun) -> dict[str, Any]:
    actor = await actor_for_job(run.sessionmaker, run.job)
    ctx = ServiceContext(run.sessionmaker, run.redis, get_settings(), actor=actor)
    payload = run.job.payload
    return await score_again_now(ctx, int(payload["dataset_id"]), list(payload["score_ids"]), run)
