"""A dataset's scoring configuration: the Settings cards, and what each scorer covers."""

import strawberry
from strawberry import relay

from casebook.domain.grading.applicability import ScorerCoverage
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_id
from casebook.graphql.input_paths import refusals_in
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.grading.scoring_input import ScoringInput, scoring_patch
from casebook.graphql.types.grading.scoring_settings import ScoringSettingsType
from casebook.services.grading import config as scoring_config


@strawberry.type(
    name="ScoringCoverage",
    description="How many cases of the newest version hold what each scorer reads (switched "
    "on or not), and the cases nothing switched on grades.",
)
class ScoringCoverageType:
    case_count: int
    checks: int
    tool_calls: int
    judge: int
    reference: int
    counter_example: int
    structured: int
    nothing_grades: list[relay.GlobalID] = strawberry.field(
        description="Cases none of the switched-on scorers has anything to check on."
    )
    reference_offered: bool = strawberry.field(
        description="Cases hold reference answers that nothing compares answers with."
    )
    unverified_references: int = strawberry.field(
        description="Cases whose JSON reference is not verified: the structured scorer does "
        "not grade them, and says so, until it is."
    )

    @classmethod
    def from_coverage(cls, found: ScorerCoverage) -> "ScoringCoverageType":
        reads = found.reads
        return cls(
            case_count=found.case_count,
            checks=reads.get("checks", 0),
            tool_calls=reads.get("tool_calls", 0),
            judge=reads.get("judge", 0),
            reference=reads.get("reference", 0),
            counter_example=reads.get("counter_example", 0),
            structured=reads.get("structured", 0),
            nothing_grades=[encode_id(CaseType, int(c)) for c in found.ungraded_case_ids],
            reference_offered=found.reference_offered,
            unverified_references=found.unverified_references,
        )


@strawberry.type(name="ScoringConfig", description="How a dataset's answers are graded.")
class ScoringConfigType(ScoringSettingsType):
    dataset_id: strawberry.Private[int]

    @classmethod
    def from_view(cls, view: scoring_config.ScoringView) -> "ScoringConfigType":
        return cls(dataset_id=view.dataset_id, config=view.config)

    @strawberry.field(
        description="Coverage of the saved configuration, or of it with the unsaved change "
        "applied - the setup on screen - without saving it."
    )
    async def coverage(
        self, info: Info, unsaved: ScoringInput | None = None
    ) -> ScoringCoverageType:
        if unsaved is None:
            found = await scoring_config.coverage(info.context.services, self.dataset_id, None)
            return ScoringCoverageType.from_coverage(found)
        patch, paths = scoring_patch(unsaved)
        with refusals_in(paths):
            found = await scoring_config.coverage(info.context.services, self.dataset_id, patch)
        return ScoringCoverageType.from_coverage(found)
