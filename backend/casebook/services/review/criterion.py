"""A decision's note made a judge criterion (spec: "Review"): "The note left with a
decision is often the rule the judge missed, so the card offers to make it a judge
criterion: for that case alone, as a ``judge`` check in a new version of the dataset, or
for every case, in the rubric, which switches the judge on."

Both need ``datasets:edit`` on the dataset, and go through the edits they are: a case
edit (a new version, refused as a conflict on a stale base) or a change of the scoring
configuration (under the dataset's row lock). The note is grading evidence: a criterion
made of the note's own words needs ``runs:view`` and access to the answering agent, as
reading the note does; words given in ``text`` need neither.
"""

from dataclasses import dataclass
from enum import StrEnum

from casebook.db.models import ReviewDecision, Score
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import holds
from casebook.domain.cases.columns import case_fields
from casebook.domain.review.decision import criterion_text, judge_check
from casebook.services.datasets import cases
from casebook.services.datasets.case_views import CaseView
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading import config as scoring_config
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Forbidden
from casebook.services.review.reading import agents_readable, current_decisions


class Scope(StrEnum):
    THIS_CASE = "this_case"
    EVERY_CASE = "every_case"


@dataclass(frozen=True)
class CriterionMade:
    scope: Scope
    case: CaseView | None = None
    version: int | None = None
    scoring: scoring_config.ScoringView | None = None
    criterion_id: str | None = None


async def _decided(ctx: ServiceContext, score_id: int) -> tuple[Score, ReviewDecision, int]:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        score, dataset = await sharing.load_child_authorized(
            session,
            actor,
            DATASET_KIND,
            Score,
            score_id,
            Permission.DATASETS_EDIT,
            parent_key=Score.dataset_id,
            label="score",
        )
    (found,) = await current_decisions(ctx, [score_id])
    if found is None:
        raise BadUserInput.at("input.scoreId", "holds no decision: a note is left with one")
    return score, found.decision, int(dataset.latest_version)


async def _note_readable(ctx: ServiceContext, score: Score) -> bool:
    actor = ctx.require_actor()
    if not holds(actor, Permission.RUNS_VIEW):
        return False
    if score.agent_id is None:
        return True
    (readable,) = await agents_readable(ctx, [score.agent_id])
    return readable


async def criterion_from_note(
    ctx: ServiceContext,
    score_id: int,
    scope: Scope,
    *,
    text: str | None,
    base_version: int | None,
) -> CriterionMade:
    score, decision, latest = await _decided(ctx, score_id)
    if text is None and not await _note_readable(ctx, score):
        raise Forbidden(
            "the note is grading evidence: making a criterion of its words needs runs:view "
            "and access to the answering agent; give the criterion's words in text"
        )
    try:
        words = criterion_text(decision.note, text)
    except ValueError as refused:
        if text is not None:
            raise BadUserInput.at("input.text", str(refused)) from None
        raise BadUserInput.at(
            "input.scoreId", f"its decision's note {refused}; give the criterion's words in text"
        ) from None
    if scope is Scope.EVERY_CASE:
        view, criterion_id = await scoring_config.add_rubric_criterion(ctx, score.dataset_id, words)
        return CriterionMade(scope, scoring=view, criterion_id=criterion_id)
    current = await cases.get_case(ctx, score.case_id)
    checks = list(case_fields(current.content).get("checks") or [])
    written = await cases.update_case(
        ctx,
        score.case_id,
        base_version=base_version if base_version is not None else latest,
        patch={"checks": [*checks, judge_check(words)]},
    )
    return CriterionMade(scope, case=written.case, version=written.version)
