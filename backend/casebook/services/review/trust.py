"""Judge trust (issue 13, item 8): per dataset and criterion, how far people's decisions
bear the judge out, how often it flips on the same answer, and how often it quotes what
the answer does not hold (``domain.review.trust``). Reading it needs ``datasets:view``.

Criteria are the rubric's, by id, then the counter-example criterion, the reference
answer, and every case's own ``judge`` checks together ("case_checks"); ``verdict`` is the
judge scorer's pass or fail as a whole. A decided score counts for a criterion when the
judge graded it (an error counts for none); the same answer is one case revision and one
answer text.
"""

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlmodel import col

from casebook.db.models import Dataset, Score
from casebook.domain.access.catalog import Permission
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.domain.review.trust import Agreement, Flips, Quotes, agreement, flips
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext

VERDICT = "verdict"
LABELS = {
    VERDICT: "The judge's verdict as a whole",
    "counter_example": "Does not repeat the counter-example",
    "reference": "Agrees with the reference answer",
    "case_checks": "Each case's own judge checks",
}


@dataclass(frozen=True)
class CriterionTrust:
    criterion_id: str
    criterion_text: str
    agreement: Agreement
    flips: Flips
    quotes: Quotes


@dataclass
class _Tally:
    pairs: list[tuple[bool, bool]] = field(default_factory=list)
    answers: dict[tuple[int, str], list[bool]] = field(default_factory=lambda: defaultdict(list))
    quotes: int = 0
    unverified: int = 0

    def trust(self, criterion_id: str, text: str) -> CriterionTrust:
        return CriterionTrust(
            criterion_id,
            text,
            agreement(self.pairs),
            flips(self.answers.values()),
            Quotes(self.quotes, self.unverified),
        )


def _key(grade: dict[str, Any]) -> str | None:
    criterion = grade.get("criterion") or {}
    kind = criterion.get("kind")
    if kind == "rubric":
        return str(criterion.get("id", ""))
    if kind == "case_check":
        return "case_checks"
    if kind in ("counter_example", "reference"):
        return str(kind)
    return None


def _passed(status: Any) -> bool | None:
    return {"pass": True, "fail": False}.get(str(status))


async def judge_trust(ctx: ServiceContext, dataset_id: int) -> list[CriterionTrust]:
    """The verdict first, then the rubric's criteria in its order, then the others."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        rows = (
            await session.execute(
                select(
                    col(Score.case_revision_id),
                    col(Score.answer_text),
                    col(Score.verdict),
                    col(Score.results),
                    col(Score.decision),
                ).where(Score.dataset_id == dataset_id, col(Score.verdict).is_not(None))
            )
        ).all()
    tallies: dict[str, _Tally] = defaultdict(_Tally)
    texts: dict[str, str] = {}
    for revision_id, answer, verdict, results, decision in rows:
        person = None if decision is None else decision == "pass"
        same = (
            (int(revision_id), hashlib.sha256(answer.encode()).hexdigest())
            if answer is not None
            else None
        )
        judged = _passed(((results or {}).get("judge") or {}).get("status"))
        if judged is not None and person is not None:
            tallies[VERDICT].pairs.append((judged, person))
        for grade in (verdict or {}).get("grades") or []:
            key = _key(grade)
            if key is None:
                continue
            tally = tallies[key]
            texts.setdefault(key, str((grade.get("criterion") or {}).get("text", "")))
            quotes = grade.get("quotes") or []
            tally.quotes += len(quotes)
            tally.unverified += sum(1 for q in quotes if not q.get("verified"))
            passed = _passed(grade.get("status"))
            if passed is None:
                continue
            if person is not None:
                tally.pairs.append((passed, person))
            if same is not None:
                tally.answers[same].append(passed)
    rubric = read_scoring_config(dataset.scoring).judge.criteria
    order = [VERDICT, *(c.id for c in rubric)]
    order += sorted(k for k in tallies if k not in order and k not in LABELS)
    order += [k for k in ("counter_example", "reference", "case_checks") if k in tallies]
    now = {c.id: c.text for c in rubric}
    return [
        tallies[key].trust(key, LABELS.get(key) or now.get(key) or texts.get(key, key))
        for key in order
    ]
