"""Comparing an eval run with an earlier one, confirming what flipped, and what goes
to review (issue 12, "Comparison", "Confirmation"; spec: "Every change is a new
version", "Review").

Where each rule lives:

- ``pair_agents`` - which agent of the run is compared with which of the
  baseline: the same agent (by id, whatever version answered - that is the
  change being measured); when neither run shares an agent and each ran
  exactly one, those two, so "did agent B beat agent A" is one comparison.
  An agent with no counterpart is left out and the note says so.
- ``compare`` - a case both runs hold is the same case **at the same
  revision**: the same question. Over one dataset version that is every case
  both answered, and a difference comes from the agent, not from the test.
  Over different versions the note says the questions differ and only the
  cases both hold are compared. A **regression** is pass → fail, an
  **improvement** fail → pass, each side by what its result counts as - a person's
  decision when one was made (``Repetition.counted``): a regression a person passed is
  no longer one, one a person failed is; a result not graded, or not finished, on
  either side is no flip. The pass rates before and after are over the
  compared results only, so they measure the same questions.
- ``flips_to_confirm`` - which flips a run answers again before it says a
  regression is confirmed: regressions first, then improvements, each in
  case then agent order, at most the run's ``confirm_flips``.
- ``confirmation`` - the rerun's answers folded like the run's repetitions
  (``fold_outcomes``): a regression is **confirmed** when the rerun fails
  again, an improvement when it passes again; ``None`` while not rerun.
- ``review_candidates`` - once the run has rerun what flipped: the confirmed
  regressions and the answers the judge failed on with an error (not the ones
  it skipped), **one score per case and agent**; a regression ranks above a
  judge's error, as the review queue ranks a graded score above one nothing
  graded.
"""

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from casebook.domain.evals.results import CaseResult, Repetition, fold_outcomes, pass_rate
from casebook.domain.grading.outcome import OutcomeStatus

FlipKind = Literal["regression", "improvement"]


def flip_of(before: OutcomeStatus | None, after: OutcomeStatus | None) -> FlipKind | None:
    if before == "pass" and after == "fail":
        return "regression"
    if before == "fail" and after == "pass":
        return "improvement"
    return None


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    """One (case, agent) of a run as a comparison reads it."""

    case_id: int
    case_revision_id: int
    agent_id: int
    outcome: OutcomeStatus | None


@dataclass(frozen=True, slots=True)
class ComparedCase:
    case_id: int
    agent_id: int
    baseline_agent_id: int
    before: OutcomeStatus | None
    after: OutcomeStatus | None

    @property
    def flip(self) -> FlipKind | None:
        return flip_of(self.before, self.after)


@dataclass(frozen=True, slots=True)
class Comparison:
    same_version: bool
    note: str | None
    compared_cases: int
    compared: tuple[ComparedCase, ...]
    pass_rate_before: float | None
    pass_rate_after: float | None

    @property
    def regressions(self) -> tuple[ComparedCase, ...]:
        return tuple(case for case in self.compared if case.flip == "regression")

    @property
    def improvements(self) -> tuple[ComparedCase, ...]:
        return tuple(case for case in self.compared if case.flip == "improvement")


def pair_agents(current: Sequence[int], baseline: Sequence[int]) -> dict[int, int]:
    """Agent of the run → agent of the baseline it is compared with."""
    shared = {agent_id: agent_id for agent_id in current if agent_id in baseline}
    if not shared and len(current) == 1 and len(baseline) == 1:
        return {current[0]: baseline[0]}
    return shared


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def compare(
    *,
    version: int,
    baseline_version: int,
    current: Iterable[CaseOutcome],
    baseline: Iterable[CaseOutcome],
    agents: Sequence[int],
    baseline_agents: Sequence[int],
    agent_names: Mapping[int, str],
) -> Comparison:
    pairs = pair_agents(agents, baseline_agents)
    rows = sorted(current, key=lambda row: (row.case_id, row.agent_id))
    before = {(row.case_id, row.case_revision_id, row.agent_id): row for row in baseline}
    now = {(row.case_id, row.case_revision_id) for row in rows}
    compared: list[ComparedCase] = []
    for row in rows:
        if row.agent_id not in pairs:
            continue
        earlier = before.get((row.case_id, row.case_revision_id, pairs[row.agent_id]))
        if earlier is not None:
            compared.append(
                ComparedCase(
                    row.case_id, row.agent_id, earlier.agent_id, earlier.outcome, row.outcome
                )
            )
    held = {(key[0], key[1]) for key in before}
    both = len({case for case in now if case in held})
    notes: list[str] = []
    if version != baseline_version:
        notes.append(
            f"the runs answered different versions ({baseline_version} and {version}), so "
            f"the questions differ: only the {_plural(both, 'case')} both hold "
            f"{'is' if both == 1 else 'are'} compared"
        )
    elif both != len(now) or both != len(held):
        notes.append(f"only the {_plural(both, 'case')} both runs answered are compared")
    unpaired = [agent_id for agent_id in agents if agent_id not in pairs]
    if unpaired:
        names = ", ".join(agent_names.get(agent_id, str(agent_id)) for agent_id in unpaired)
        notes.append(f"not in the baseline, so not compared: {names}")
    graded = [case for case in compared if case.before is not None and case.after is not None]
    return Comparison(
        same_version=version == baseline_version,
        note="; ".join(notes) or None,
        compared_cases=both,
        compared=tuple(compared),
        pass_rate_before=pass_rate(
            sum(case.before == "pass" for case in graded),
            sum(case.before == "fail" for case in graded),
        ),
        pass_rate_after=pass_rate(
            sum(case.after == "pass" for case in graded),
            sum(case.after == "fail" for case in graded),
        ),
    )


def flips_to_confirm(compared: Iterable[ComparedCase], limit: int) -> tuple[ComparedCase, ...]:
    """Regressions first, then improvements, in case and agent order; at most ``limit``."""
    flipped = [case for case in compared if case.flip is not None]
    flipped.sort(key=lambda case: (case.flip != "regression", case.case_id, case.agent_id))
    return tuple(flipped[: max(0, limit)])


def confirmation(flip: FlipKind, rerun: Iterable[OutcomeStatus]) -> bool | None:
    """Did the rerun agree with the flip: ``None`` while nothing was rerun."""
    folded = fold_outcomes(rerun)
    if folded is None:
        return None
    return folded == ("fail" if flip == "regression" else "pass")


def _failing(result: CaseResult) -> Repetition | None:
    if result.shown is not None and result.shown.counted == "fail":
        return result.shown
    return next((rep for rep in result.repetitions if rep.counted == "fail"), None)


def review_candidates(
    results: Iterable[CaseResult], confirmed_regressions: Collection[tuple[int, int]]
) -> tuple[int, ...]:
    """Score ids: per (case, agent) the confirmed regression's failing answer - the one
    shown when it failed, else its first failing repetition - or else the first answer
    the judge failed on with an error. ``confirmed_regressions`` holds (case, agent)."""
    chosen: list[tuple[int, int, int]] = []
    for result in results:
        pick: Repetition | None = None
        if (result.case_id, result.agent_id) in confirmed_regressions:
            pick = _failing(result)
        if pick is None:
            pick = next((rep for rep in result.repetitions if rep.judge_error), None)
        if pick is not None:
            chosen.append((result.case_id, result.agent_id, pick.score_id))
    return tuple(score_id for _, _, score_id in sorted(chosen))
