"""Judge trust (issue 13, item 8): how far people's decisions bear the judge out.

Per criterion, over the scores a person decided on which the judge graded it:

- **raw agreement**: the share of decisions whose pass or fail is the judge's verdict;
- **Cohen's kappa**: that agreement beyond what chance would give from how often each
  of the two says pass, ``(po - pe) / (1 - pe)`` over the 2x2 table; undefined (None)
  when there is nothing to count or chance alone would agree every time (``pe == 1``);
- **flip rate**: of the same answers (one case revision, one answer text) graded on the
  criterion more than once, the share whose pass or fail was not the same every time;
- **unverified-quote rate**: the share of the judge's quotes the answer did not hold.
"""

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Agreement:
    both_pass: int = 0
    both_fail: int = 0
    judge_pass_person_fail: int = 0
    judge_fail_person_pass: int = 0

    @property
    def decided(self) -> int:
        return (
            self.both_pass
            + self.both_fail
            + self.judge_pass_person_fail
            + self.judge_fail_person_pass
        )

    @property
    def raw(self) -> float | None:
        if self.decided == 0:
            return None
        return (self.both_pass + self.both_fail) / self.decided

    @property
    def kappa(self) -> float | None:
        n = self.decided
        if n == 0:
            return None
        observed = (self.both_pass + self.both_fail) / n
        judge_pass = (self.both_pass + self.judge_pass_person_fail) / n
        person_pass = (self.both_pass + self.judge_fail_person_pass) / n
        chance = judge_pass * person_pass + (1 - judge_pass) * (1 - person_pass)
        if chance >= 1:
            return None
        return (observed - chance) / (1 - chance)


def agreement(pairs: Iterable[tuple[bool, bool]]) -> Agreement:
    """From (judge passed, person passed) pairs."""
    counts = [0, 0, 0, 0]
    for judge, person in pairs:
        if judge and person:
            counts[0] += 1
        elif not judge and not person:
            counts[1] += 1
        elif judge:
            counts[2] += 1
        else:
            counts[3] += 1
    return Agreement(*counts)


@dataclass(frozen=True, slots=True)
class Flips:
    repeated: int = 0
    flipped: int = 0

    @property
    def rate(self) -> float | None:
        return None if self.repeated == 0 else self.flipped / self.repeated


def flips(groups: Iterable[Iterable[bool]]) -> Flips:
    """From each same answer's verdicts (passed or not) on the criterion; a group of one
    verdict is not a repetition."""
    repeated = flipped = 0
    for group in groups:
        verdicts = list(group)
        if len(verdicts) < 2:
            continue
        repeated += 1
        flipped += len(set(verdicts)) > 1
    return Flips(repeated, flipped)


@dataclass(frozen=True, slots=True)
class Quotes:
    total: int = 0
    unverified: int = 0

    @property
    def rate(self) -> float | None:
        return None if self.total == 0 else self.unverified / self.total
