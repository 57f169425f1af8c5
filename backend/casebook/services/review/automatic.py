"""What goes to review without a person sending it (spec: "Review").

- A score asked for by hand - ``scoreAnswer``, Score against a case - follows its
  dataset's **Review by a person** setting, and, when the low-confidence routing is on,
  goes when the judge was least sure (``domain.review.settings``).
- An eval run, once it has rerun what flipped, sends the regressions it confirmed and
  the answers the judge failed on with an error - not one it skipped - one score per case
  and agent (``domain.evals.comparison.review_candidates``); with the low-confidence
  routing on, also one answer per case and agent whose repetitions disagree or whose
  judge graded at the pass mark.

Both go through the queue's one replacement (``placing.send_scores``) in the
transaction that records the score or finishes the run.
"""

from collections import defaultdict

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Dataset, EvalRun, Score
from casebook.domain.evals.comparison import review_candidates
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.domain.review.queue import SentBy
from casebook.domain.review.settings import (
    ReviewByPerson,
    automatic_sending,
    graded_at_pass_mark,
    repetitions_disagree,
)
from casebook.services.evals.results import compare_runs, confirmed_regressions, read_results
from casebook.services.kernel import audit
from casebook.services.review.placing import lock_queue, send_scores


def _pass_at(score: Score) -> int:
    return read_scoring_config(score.config).judge.pass_at


async def _repetition_outcomes(session: AsyncSession, score: Score) -> list[str]:
    if score.run_key is None:
        return []
    rows = await session.execute(
        select(col(Score.outcome)).where(
            Score.dataset_id == score.dataset_id,
            Score.run_key == score.run_key,
            Score.case_id == score.case_id,
            Score.agent_name == score.agent_name,
        )
    )
    return [str(outcome) for outcome in rows.scalars()]


async def send_by_settings(session: AsyncSession, dataset: Dataset, score: Score) -> str | None:
    """Send a score asked for by hand as its dataset's settings say; why, or None."""
    assert dataset.id is not None
    current = await session.get(Dataset, dataset.id)
    setting = ReviewByPerson(current.review_by_person if current else dataset.review_by_person)
    low = bool(current.review_low_confidence if current else dataset.review_low_confidence)
    outcomes = await _repetition_outcomes(session, score) if low else []
    why = automatic_sending(
        setting,
        low,
        score.outcome,
        verdict=score.verdict,
        pass_at=_pass_at(score),
        repetition_outcomes=outcomes,
    )
    if why is None:
        return None
    await lock_queue(session, dataset.id)
    placed, _ = await send_scores(session, dataset.id, [score], why)
    return why.value if placed.queued else None


async def _low_confidence_picks(
    session: AsyncSession, run: EvalRun, already: set[int]
) -> list[int]:
    """Per case and agent (a run key) none of whose answers is sent already, the first answer whose judge graded at the
    pass mark, or - when its repetitions disagree - its first failing one."""
    rows = (
        await session.execute(
            select(Score)
            .where(Score.eval_run_id == run.id, col(Score.run_key).not_like("%/confirm"))
            .order_by(col(Score.id))
        )
    ).scalars()
    groups: dict[tuple[int, str], list[Score]] = defaultdict(list)
    for score in rows:
        groups[(score.case_id, score.run_key or "")].append(score)
    picks: list[int] = []
    for scores in groups.values():
        if any(score.id in already for score in scores):
            continue
        disagree = repetitions_disagree(score.outcome for score in scores)
        chosen = next(
            (
                score
                for score in scores
                if (disagree and score.outcome == "fail")
                or graded_at_pass_mark(score.verdict, _pass_at(score))
            ),
            None,
        )
        if chosen is not None and chosen.id is not None:
            picks.append(chosen.id)
    return picks


async def send_eval_run(session: AsyncSession, run: EvalRun) -> list[int]:
    """An eval run that just finished sends what it should; the ids queued."""
    assert run.id is not None
    baseline = await session.get(EvalRun, run.baseline_run_id) if run.baseline_run_id else None
    found = await read_results(session, [run] + ([baseline] if baseline is not None else []))
    current = found[0]
    compared = compare_runs(current, found[1]) if len(found) > 1 else None
    ids = list(review_candidates(current.results, confirmed_regressions(compared)))
    dataset = await session.get(Dataset, run.dataset_id)
    low: list[int] = []
    if dataset is not None and dataset.review_low_confidence:
        low = await _low_confidence_picks(session, run, set(ids))
    if not ids and not low:
        return []
    await lock_queue(session, run.dataset_id)
    rows = {
        score.id: score
        for score in (
            await session.execute(
                select(Score).where(col(Score.id).in_(ids + low)).with_for_update()
            )
        ).scalars()
    }
    queued: list[int] = []
    for wanted, why in ((ids, SentBy.EVAL_RUN), (low, SentBy.LOW_CONFIDENCE)):
        scores = [rows[i] for i in wanted if i in rows]
        placed, _ = await send_scores(session, run.dataset_id, scores, why)
        queued.extend(placed.queued)
    await audit.record(
        session,
        None,
        "review.send",
        organization_id=run.organization_id,
        resource_type="dataset",
        resource_id=run.dataset_id,
        summary={"eval_run_id": run.id, "queued": queued, "sent": ids + low},
    )
    return queued
