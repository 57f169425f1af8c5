"""What a score row keeps of a grading: redacted copies of the answer and of what the
judge wrote (spec: "Personal data", "Scoring a run").

"It holds a copy of the answer it graded, up to 8,000 characters with
credentials redacted" - redacted first, then cut, so a cut never leaves half a
key unrecognized. "A reason the judge wrote is passed through the same
credential redaction as a case before it is stored": every text of the
results and of the verdict (reasons, rules, quotes) goes through it.
"""

from collections.abc import Sequence
from typing import Any, Protocol, cast

from casebook.db.models import Score
from casebook.domain.grading.answer import MadeToolCall
from casebook.domain.grading.case_score import CaseScore
from casebook.domain.grading.config import BUILT_IN_SCORERS, EXTENSION_SCORERS
from casebook.domain.grading.results import ScorerResult
from casebook.domain.grading.score_again import scorer_result_from_json
from casebook.domain.jsonvalue import JSONValue
from casebook.domain.redaction import redact_json, redact_text
from casebook.services.grading.judging import JudgeRun

ANSWER_COPY_MAX_CHARS = 8_000
SCORER_ORDER = (*BUILT_IN_SCORERS, *EXTENSION_SCORERS)


def in_scorer_order(results: dict[str, Any]) -> list[tuple[str, Any]]:
    """A score's results in the order the scorers are listed (JSONB keeps no key order)."""
    rank = {name: place for place, name in enumerate(SCORER_ORDER)}
    return sorted(results.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0]))


def stored_results(score: Score) -> dict[str, ScorerResult]:
    return {name: scorer_result_from_json(doc) for name, doc in in_scorer_order(score.results)}


def answer_copy(text: str) -> tuple[str, bool, int]:
    """The copy, whether it was cut, and how many credentials were redacted."""
    redacted, count = redact_text(text)
    return redacted[:ANSWER_COPY_MAX_CHARS], len(redacted) > ANSWER_COPY_MAX_CHARS, count


def tool_calls_copy(calls: Sequence[MadeToolCall]) -> tuple[list[Any], int]:
    redacted, count = redact_json([call.to_json() for call in calls])
    return cast(list[Any], redacted), count


def _redacted(value: JSONValue) -> Any:
    return redact_json(value)[0]


class GradingRecord(Protocol):
    """What ``fill_grading`` writes: a score row, or an eval answer's row before it is
    stored (``evals.grading.ScoreDraft``)."""

    results: dict[str, Any]
    outcome: str
    outcome_reason: str
    without_verdict: list[str]
    config: dict[str, Any]
    pins: dict[str, Any] | None
    verdict: dict[str, Any] | None
    grading_cost_usd: float | None
    answer_text: str | None
    answer_cut: bool
    tool_calls: list[Any]
    redacted: int


def fill_grading(
    score: GradingRecord,
    graded: CaseScore,
    judge_run: JudgeRun | None,
    *,
    answer: str | None = None,
    tool_calls: Sequence[MadeToolCall] = (),
) -> None:
    """Store a grading on the row; with ``answer``, the copies of the answer too. A grading
    without a new verdict (the judge not asked again) keeps the verdict the row holds."""
    document = graded.to_json()
    score.results = _redacted(document["results"])
    score.outcome = graded.outcome.status
    score.outcome_reason = redact_text(graded.outcome.reason)[0]
    score.without_verdict = list(graded.outcome.without_verdict)
    score.config = graded.config
    score.pins = graded.pins.to_json() if graded.pins else None
    if graded.verdict is not None:
        score.verdict = _redacted(graded.verdict.to_json())
    if judge_run is not None:
        score.grading_cost_usd = judge_run.cost_usd
    if answer is not None:
        score.answer_text, score.answer_cut, in_answer = answer_copy(answer)
        score.tool_calls, in_calls = tool_calls_copy(tool_calls)
        score.redacted = in_answer + in_calls


def same_model(answering: str | None, judging: str | None) -> bool:
    """Whether two model names name one model, a provider prefix (``openai/``) aside."""
    if not answering or not judging:
        return False

    def bare(name: str) -> str:
        return name.strip().casefold().rsplit("/", 1)[-1]

    return bare(answering) == bare(judging)
