"""An eval run's results (issue 12, "Results"; spec: structured scoring, "Repetitions").

Where each rule lives:

- ``fold_outcomes`` - the outcome of a (case, agent) over its repetitions: the
  **most frequent** outcome among them; a tie goes to the worse one, in the
  order the grading rule already uses ("fail beats not graded, and not graded
  beats pass", ``domain.grading.outcome``). So pass, fail → fail; pass, not
  graded → not graded; pass, pass, fail → pass. A flaky case never passes on a
  tie. The same rule folds one scorer's verdicts, and a confirmation rerun.
- ``Repetition.counted`` - what an answer counts as: the person's review decision when
  there is one, else the scorers' outcome (``domain.review.decision.final_outcome``, the
  seed's rule). Every fold and count below counts it; ``scorers_outcome`` of a case result
  keeps what the scorers said beside it, and ``decided`` says a person decided.
- ``fold_case`` - one (case, agent): ``None`` as outcome until every
  repetition is scored; quality mean, lowest and highest, and the repetition
  shown, which is the one with the median quality (``summarize_repetitions``:
  the lower median on an even count, ties by repetition number), or the first
  repetition when nothing was scored for quality.
- ``pass_rate`` - passed / (passed + failed); ``None`` when nothing was graded.
  Not graded results are counted beside it, never inside it.
- ``percentile`` - latency p50 / p95 by the **nearest-rank** definition: the
  smallest observed value with at least p % of the values at or below it
  (the ⌈p/100 · n⌉-th of the sorted values). It is always a latency some
  answer really had.
- ``summarize`` - per agent, per scorer and agent, per tag and agent. Counts
  are of (case, agent) results, repetitions folded; a result still waiting
  for a repetition is counted nowhere yet. Cost, latency and quality are over
  every repetition scored.
- ``scorer_statuses`` - which scorers a stored score's results name: every
  scorer by its name, and the checks scorer split by check kind as well
  (``checks:contains``: within one answer a kind fails when one of its checks
  fails); ``judge_failed_with_error`` - the judge ran and errored, not skipped.
"""

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from casebook.domain.grading.case_score import JUDGE_RUN_SCORERS
from casebook.domain.grading.outcome import OutcomeStatus
from casebook.domain.review.decision import final_outcome
from casebook.domain.structured.repetitions import RepetitionSummary, summarize_repetitions

ScorerStatus = Literal["pass", "fail", "error"]

# A tie goes to the first of these: the order of "fail beats not graded beats pass".
WORST_FIRST: tuple[OutcomeStatus, ...] = ("fail", "not_graded", "pass")
CHECK_KIND_PREFIX = "checks:"


def fold_outcomes(outcomes: Iterable[OutcomeStatus]) -> OutcomeStatus | None:
    """The most frequent outcome, a tie to the worse; ``None`` for no outcome at all."""
    counts = {status: 0 for status in WORST_FIRST}
    for outcome in outcomes:
        counts[outcome] += 1
    most = max(counts.values())
    if most == 0:
        return None
    return next(status for status in WORST_FIRST if counts[status] == most)


def outcome_of_scorer(status: ScorerStatus) -> OutcomeStatus:
    return "not_graded" if status == "error" else status


@dataclass(frozen=True, slots=True)
class Repetition:
    """One scored answer of a (case, agent): a stored score."""

    score_id: int
    repetition: int
    outcome: OutcomeStatus
    quality: float | None = None
    latency_ms: float | None = None
    cost_usd: float = 0.0
    scorers: Mapping[str, ScorerStatus] = field(default_factory=dict)
    # The judge ran and failed with an error (not skipped): sent to review.
    judge_error: bool = False
    # A person's current review decision on the answer ("pass" / "fail"), None when none.
    decision: OutcomeStatus | None = None

    @property
    def counted(self) -> OutcomeStatus:
        """What the answer counts as: the decision when a person made one."""
        return final_outcome(self.outcome, self.decision)


@dataclass(frozen=True, slots=True)
class CaseResult:
    """One (case, agent) of a run, its repetitions folded."""

    case_id: int
    agent_id: int
    tags: tuple[str, ...]
    repetitions: tuple[Repetition, ...]
    expected_repetitions: int
    # What the (case, agent) counts as: its repetitions' decided outcomes folded.
    outcome: OutcomeStatus | None
    quality: RepetitionSummary | None
    shown: Repetition | None
    # What the scorers said, folded the same way, whatever a person decided.
    scorers_outcome: OutcomeStatus | None = None

    @property
    def complete(self) -> bool:
        return self.outcome is not None

    @property
    def decided(self) -> bool:
        """A person decided at least one of its answers."""
        return any(rep.decision is not None for rep in self.repetitions)


def fold_case(
    case_id: int,
    agent_id: int,
    tags: Sequence[str],
    repetitions: Iterable[Repetition],
    expected_repetitions: int,
) -> CaseResult:
    ordered = tuple(sorted(repetitions, key=lambda rep: rep.repetition))
    complete = len(ordered) >= expected_repetitions
    qualities = [(rep.repetition, rep.quality) for rep in ordered if rep.quality is not None]
    quality = summarize_repetitions(qualities) if qualities else None
    shown: Repetition | None = ordered[0] if ordered else None
    if quality is not None:
        shown = next(rep for rep in ordered if rep.repetition == quality.median_repetition)
    return CaseResult(
        case_id=case_id,
        agent_id=agent_id,
        tags=tuple(tags),
        repetitions=ordered,
        expected_repetitions=expected_repetitions,
        outcome=fold_outcomes(rep.counted for rep in ordered) if complete else None,
        quality=quality,
        shown=shown,
        scorers_outcome=fold_outcomes(rep.outcome for rep in ordered) if complete else None,
    )


def as_decided(
    results: Iterable[CaseResult], decisions: Mapping[int, OutcomeStatus | None]
) -> list[CaseResult]:
    """The results as they counted with these decisions (score id → the decision then,
    ``None`` for none) in place of today's: a run's record at its end is its results
    folded with the decisions that stood when it ended."""
    return [
        fold_case(
            result.case_id,
            result.agent_id,
            result.tags,
            [replace(rep, decision=decisions.get(rep.score_id)) for rep in result.repetitions],
            result.expected_repetitions,
        )
        for result in results
    ]


def pass_rate(passed: int, failed: int) -> float | None:
    graded = passed + failed
    return passed / graded if graded else None


def percentile(values: Sequence[float], p: float) -> float | None:
    """Nearest rank: the ⌈p/100 · n⌉-th smallest value; ``None`` for no value."""
    if not 0 < p <= 100:
        raise ValueError("a percentile lies in (0, 100]")
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class Tally:
    """Results counted by what they count as; ``decided`` of them a person decided, and
    ``overruled`` of those the person's decision is not what was counted without it."""

    passed: int = 0
    failed: int = 0
    not_graded: int = 0
    decided: int = 0
    overruled: int = 0

    @property
    def pass_rate(self) -> float | None:
        return pass_rate(self.passed, self.failed)

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.not_graded

    def add(
        self, outcome: OutcomeStatus, *, decided: bool = False, overruled: bool = False
    ) -> "Tally":
        return Tally(
            self.passed + (outcome == "pass"),
            self.failed + (outcome == "fail"),
            self.not_graded + (outcome == "not_graded"),
            self.decided + decided,
            self.overruled + overruled,
        )

    def count(self, result: "CaseResult") -> "Tally":
        """Adds a finished result by what it counts as."""
        assert result.outcome is not None
        return self.add(
            result.outcome,
            decided=result.decided,
            overruled=result.outcome != result.scorers_outcome,
        )


@dataclass(frozen=True, slots=True)
class AgentSummary:
    agent_id: int
    tally: Tally
    cost_usd: float
    latency_p50_ms: float | None
    latency_p95_ms: float | None
    quality_mean: float | None
    quality_min: float | None
    quality_max: float | None


@dataclass(frozen=True, slots=True)
class ScorerSummary:
    agent_id: int
    scorer: str
    tally: Tally


@dataclass(frozen=True, slots=True)
class TagSummary:
    agent_id: int
    tag: str
    tally: Tally


@dataclass(frozen=True, slots=True)
class RunSummary:
    agents: tuple[AgentSummary, ...]
    scorers: tuple[ScorerSummary, ...]
    tags: tuple[TagSummary, ...]


def _agent_summary(agent_id: int, results: Sequence[CaseResult]) -> AgentSummary:
    tally = Tally()
    for result in results:
        if result.outcome is not None:
            tally = tally.count(result)
    repetitions = [rep for result in results for rep in result.repetitions]
    latencies = [rep.latency_ms for rep in repetitions if rep.latency_ms is not None]
    qualities = [rep.quality for rep in repetitions if rep.quality is not None]
    return AgentSummary(
        agent_id=agent_id,
        tally=tally,
        cost_usd=math.fsum(rep.cost_usd for rep in repetitions),
        latency_p50_ms=percentile(latencies, 50),
        latency_p95_ms=percentile(latencies, 95),
        quality_mean=math.fsum(qualities) / len(qualities) if qualities else None,
        quality_min=min(qualities) if qualities else None,
        quality_max=max(qualities) if qualities else None,
    )


def scorer_outcomes(result: CaseResult) -> dict[str, OutcomeStatus]:
    """Each scorer's verdict on the (case, agent), its repetitions folded. A scorer's row
    counts what the scorer said - a decision never changes what a scorer found - and
    counts it as overruled when the result a person decided counts otherwise."""
    verdicts: dict[str, list[OutcomeStatus]] = defaultdict(list)
    for rep in result.repetitions:
        for scorer, status in rep.scorers.items():
            verdicts[scorer].append(outcome_of_scorer(status))
    folded = {scorer: fold_outcomes(outcomes) for scorer, outcomes in verdicts.items()}
    return {scorer: outcome for scorer, outcome in folded.items() if outcome is not None}


def summarize(agent_ids: Sequence[int], results: Iterable[CaseResult]) -> RunSummary:
    """Per agent (in the order given, every one even with nothing scored yet), per scorer
    and per tag (each per agent, by name)."""
    by_agent: dict[int, list[CaseResult]] = {agent_id: [] for agent_id in agent_ids}
    scorers: dict[tuple[int, str], Tally] = defaultdict(Tally)
    tags: dict[tuple[int, str], Tally] = defaultdict(Tally)
    for result in results:
        by_agent.setdefault(result.agent_id, []).append(result)
        if result.outcome is None:
            continue
        for scorer, outcome in scorer_outcomes(result).items():
            scorers[(result.agent_id, scorer)] = scorers[(result.agent_id, scorer)].add(
                outcome,
                decided=result.decided,
                overruled=result.decided and outcome != result.outcome,
            )
        for tag in dict.fromkeys(result.tags):
            tags[(result.agent_id, tag)] = tags[(result.agent_id, tag)].count(result)
    order = {agent_id: index for index, agent_id in enumerate(by_agent)}
    return RunSummary(
        agents=tuple(_agent_summary(agent_id, found) for agent_id, found in by_agent.items()),
        scorers=tuple(
            ScorerSummary(agent_id, scorer, tally)
            for (agent_id, scorer), tally in sorted(
                scorers.items(), key=lambda item: (order[item[0][0]], item[0][1])
            )
        ),
        tags=tuple(
            TagSummary(agent_id, tag, tally)
            for (agent_id, tag), tally in sorted(
                tags.items(), key=lambda item: (order[item[0][0]], item[0][1])
            )
        ),
    )


def _status(value: object) -> ScorerStatus | None:
    if value == "pass" or value == "fail" or value == "error":
        return value
    return None


def _worst(statuses: Iterable[ScorerStatus]) -> ScorerStatus:
    """Within one answer a kind of check fails when one of its checks fails, reaches no
    verdict when one reached none, and passes otherwise - as the checks scorer does."""
    found = set(statuses)
    return "fail" if "fail" in found else "error" if "error" in found else "pass"


def scorer_statuses(results: Mapping[str, object]) -> dict[str, ScorerStatus]:
    """The statuses a stored score's ``results`` JSON names (scorer name → its finding):
    every scorer, and each check kind of the checks scorer as ``checks:<kind>``."""
    statuses: dict[str, ScorerStatus] = {}
    for name, finding in results.items():
        if not isinstance(finding, Mapping):
            continue
        status = _status(finding.get("status"))
        if status is None:
            continue
        statuses[name] = status
        parts = finding.get("parts")
        if name != "checks" or not isinstance(parts, list):
            continue
        kinds: dict[str, list[ScorerStatus]] = defaultdict(list)
        for part in parts:
            if not isinstance(part, Mapping) or not isinstance(part.get("kind"), str):
                continue
            part_status = _status(part.get("status"))
            if part_status is not None:
                kinds[str(part["kind"])].append(part_status)
        for kind, found in kinds.items():
            statuses[CHECK_KIND_PREFIX + kind] = _worst(found)
    return statuses


def judge_failed_with_error(results: Mapping[str, object]) -> bool:
    """The judge ran on the answer and failed with an error - not skipped (switched off,
    no model, budget spent), which waits to be scored again (spec: "Review")."""
    for name in JUDGE_RUN_SCORERS:
        finding = results.get(name)
        if (
            isinstance(finding, Mapping)
            and finding.get("status") == "error"
            and finding.get("skipped") is not True
        ):
            return True
    return False


PREVIEW_LINES = 3
PREVIEW_CHARS = 300


def answer_preview(text: str | None) -> str | None:
    """An answer's first lines for a table row: its first ``PREVIEW_LINES`` non-blank
    lines, at most ``PREVIEW_CHARS`` characters, ending in "…" when anything was left out."""
    if text is None:
        return None
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    shown = "\n".join(lines[:PREVIEW_LINES])
    cut = len(lines) > PREVIEW_LINES
    if len(shown) > PREVIEW_CHARS:
        shown, cut = shown[: PREVIEW_CHARS - 1].rstrip(), True
    return shown + "…" if cut else shown


@dataclass(frozen=True, slots=True)
class FailingScorer:
    name: str
    status: ScorerStatus
    reason: str


def failing_scorer(results: Mapping[str, object]) -> FailingScorer | None:
    """The scorer a row names for an answer: the first that failed, else the first that
    reached no verdict; ``None`` when every scorer passed. Order is the stored order."""
    found: FailingScorer | None = None
    for name, finding in results.items():
        if not isinstance(finding, Mapping):
            continue
        status = _status(finding.get("status"))
        reason = finding.get("reason")
        text = reason if isinstance(reason, str) else ""
        if status == "fail":
            return FailingScorer(name, status, text)
        if status == "error" and found is None:
            found = FailingScorer(name, status, text)
    return found
