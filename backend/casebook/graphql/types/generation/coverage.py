"""A dataset's coverage: cases by tag and by source, and the gaps a "Generate for this
gap" shortcut pre-fills the Generate cases dialog from (``domain.generation.coverage``)."""

import strawberry

from casebook.domain.generation.coverage import FEW_CASES_BELOW, Coverage, CoverageGap


@strawberry.type(name="TagCoverage")
class TagCoverageType:
    tag: str
    cases: int
    failing: int = strawberry.field(description="Its cases whose latest score failed.")


@strawberry.type(name="SourceCoverage")
class SourceCoverageType:
    source: str = strawberry.field(description="Where the cases came from, e.g. synthetic.")
    cases: int


@strawberry.type(
    name="CoverageGap",
    description="A tag worth generating for, with what Generate for this gap pre-fills.",
)
class CoverageGapType:
    tag: str
    reason: str = strawberry.field(
        description="failing: a case of it last failed; few_cases: fewer cases than fewBelow."
    )
    cases: int
    failing: int
    suggested_source: str = strawberry.field(
        description="The source to pre-select: red_team for a red-team tag, agent otherwise."
    )
    suggested_count: int = strawberry.field(
        description="The count to pre-fill: enough to reach fewBelow, and at least one per "
        "failing case, within the dialog's bounds."
    )

    @classmethod
    def of(cls, gap: CoverageGap) -> "CoverageGapType":
        return cls(
            tag=gap.tag,
            reason=gap.reason,
            cases=gap.cases,
            failing=gap.failing,
            suggested_source=gap.suggested_source,
            suggested_count=gap.suggested_count,
        )


@strawberry.type(
    name="DatasetCoverage",
    description="The newest version's cases by tag and by source, and the gaps: tags with a "
    "failing latest score first, then tags with fewer than fewBelow cases.",
)
class DatasetCoverageType:
    cases: int
    untagged: int
    few_below: int = strawberry.field(
        description="A tag with fewer cases is a gap: the bar below which a test set is "
        "reported insufficient."
    )
    by_tag: list[TagCoverageType] = strawberry.field(description="Most cases first.")
    by_source: list[SourceCoverageType] = strawberry.field(description="Most cases first.")
    gaps: list[CoverageGapType]

    @classmethod
    def of(cls, coverage: Coverage) -> "DatasetCoverageType":
        return cls(
            cases=coverage.cases,
            untagged=coverage.untagged,
            few_below=FEW_CASES_BELOW,
            by_tag=[
                TagCoverageType(tag=t.tag, cases=t.cases, failing=t.failing)
                for t in coverage.by_tag
            ],
            by_source=[
                SourceCoverageType(source=s.source, cases=s.cases) for s in coverage.by_source
            ],
            gaps=[CoverageGapType.of(gap) for gap in coverage.gaps],
        )
