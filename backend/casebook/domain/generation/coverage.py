"""A dataset's coverage: its cases by tag and by source, and the gaps worth generating for
(issue 14, item 9: "cases by tag and by source, tags with few cases or with failing
results, and a 'Generate for this gap' shortcut that pre-fills the dialog").

Decisions, stated once here:

- **Few cases** means fewer than ``FEW_CASES_BELOW`` (three) - the seed's own bar for a
  test set that is "reported as insufficient": below it, one flaky answer decides the
  tag's pass rate.
- **Failing** reads each case's latest score: a tag is failing when at least one of its
  cases last failed. Cases never scored count for nothing either way.
- **Gaps** are ranked failing first (most failing cases first), then few cases; within
  each, fewest cases first, then by tag, so the list reads the same on every load.
- **The shortcut** pre-fills the Generate cases dialog: a `red-team` tag suggests the red
  team source, any other the agent; the count brings the tag to ``FEW_CASES_BELOW`` and
  asks for at least one new variant per failing case, within 1 to ``MAX_CASES``.
"""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from casebook.domain.generation.agent_test_set import SUFFICIENT_FROM
from casebook.domain.generation.counts import MAX_CASES
from casebook.domain.generation.sources import RED_TEAM_TAG, Source

FEW_CASES_BELOW = SUFFICIENT_FROM

GapReason = Literal["failing", "few_cases"]


@dataclass(frozen=True, slots=True)
class CoveredCase:
    """One case of the version read: where it came from, its tags, and how its latest
    score ended (``None`` when never scored)."""

    source: str
    tags: tuple[str, ...]
    latest_outcome: str | None


@dataclass(frozen=True, slots=True)
class TagCoverage:
    tag: str
    cases: int
    failing: int


@dataclass(frozen=True, slots=True)
class SourceCoverage:
    source: str
    cases: int


@dataclass(frozen=True, slots=True)
class CoverageGap:
    """One tag worth generating for, with what the dialog is pre-filled with."""

    tag: str
    reason: GapReason
    cases: int
    failing: int
    suggested_source: Source
    suggested_count: int


@dataclass(frozen=True, slots=True)
class Coverage:
    cases: int
    untagged: int
    by_tag: tuple[TagCoverage, ...]
    by_source: tuple[SourceCoverage, ...]
    gaps: tuple[CoverageGap, ...]


def suggested_source(tag: str) -> Source:
    if tag == RED_TEAM_TAG or tag.startswith(f"{RED_TEAM_TAG}:"):
        return "red_team"
    return "agent"


def suggested_count(cases: int, failing: int) -> int:
    wanted = max(FEW_CASES_BELOW - cases, failing, 1)
    return min(wanted, MAX_CASES)


def gap_of(tag: TagCoverage) -> CoverageGap | None:
    if tag.failing:
        reason: GapReason = "failing"
    elif tag.cases < FEW_CASES_BELOW:
        reason = "few_cases"
    else:
        return None
    return CoverageGap(
        tag=tag.tag,
        reason=reason,
        cases=tag.cases,
        failing=tag.failing,
        suggested_source=suggested_source(tag.tag),
        suggested_count=suggested_count(tag.cases, tag.failing),
    )


def coverage_of(cases: Iterable[CoveredCase]) -> Coverage:
    """Counts by tag (most cases first, then by tag) and by source (likewise), and the
    ranked gaps. A tag a case carries twice counts that case once."""
    total = untagged = 0
    per_tag: Counter[str] = Counter()
    failing: Counter[str] = Counter()
    per_source: Counter[str] = Counter()
    for case in cases:
        total += 1
        per_source[case.source] += 1
        tags = set(case.tags)
        if not tags:
            untagged += 1
        per_tag.update(tags)
        if case.latest_outcome == "fail":
            failing.update(tags)
    by_tag = tuple(
        TagCoverage(tag, count, failing[tag])
        for tag, count in sorted(per_tag.items(), key=lambda item: (-item[1], item[0]))
    )
    by_source = tuple(
        SourceCoverage(source, count)
        for source, count in sorted(per_source.items(), key=lambda item: (-item[1], item[0]))
    )
    gaps = [gap for gap in map(gap_of, by_tag) if gap is not None]
    gaps.sort(key=lambda gap: (gap.reason != "failing", -gap.failing, gap.cases, gap.tag))
    return Coverage(total, untagged, by_tag, by_source, tuple(gaps))
