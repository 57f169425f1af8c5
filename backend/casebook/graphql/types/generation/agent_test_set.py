"""An agent's test set: what creating it would do, and what it did."""

import strawberry

from casebook.domain.generation.agent_test_set import AgentTestSetReport
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.generation.generation import GenerationEstimateType, GenerationType
from casebook.services.generation.agent_test_set import AgentTestSet, AgentTestSetEstimate
from casebook.services.generation.views import GenerationView


@strawberry.type(name="AgentTestSetReport")
class AgentTestSetReportType:
    gradable_cases: int = strawberry.field(
        description="Cases grading has something to check against, the rated answers added "
        "included and the bootstrap not yet."
    )
    sufficiency: str = strawberry.field(
        description="insufficient below three gradable cases, sufficient otherwise."
    )
    grader_shares_model: str | None = strawberry.field(
        description="Said when the grader uses the agent's own model; null otherwise."
    )

    @classmethod
    def of(cls, report: AgentTestSetReport) -> "AgentTestSetReportType":
        return cls(
            gradable_cases=report.gradable_cases,
            sufficiency=report.sufficiency,
            grader_shares_model=report.grader_shares_model,
        )


@strawberry.type(
    name="AgentTestSetEstimate",
    description="What createAgentTestSet would do now; nothing is written or spent. Pass "
    "generation.fingerprint to it when a bootstrap is asked for.",
)
class AgentTestSetEstimateType:
    dataset: DatasetType | None = strawberry.field(
        description="The agent's existing set you may edit; null: a private one is created."
    )
    new_rated_answers: int
    report: AgentTestSetReportType
    bootstrap_questions: int = strawberry.field(
        description="Questions the generator is asked for: enough to reach five gradable "
        "cases, or `more`."
    )
    generation: GenerationEstimateType | None = strawberry.field(
        description="The bootstrap's estimate; null when none is needed."
    )

    @classmethod
    def of(cls, found: AgentTestSetEstimate) -> "AgentTestSetEstimateType":
        dataset = found.existing_dataset
        return cls(
            dataset=DatasetType.from_row(dataset) if dataset is not None else None,
            new_rated_answers=found.new_rated_answers,
            report=AgentTestSetReportType.of(found.report),
            bootstrap_questions=found.bootstrap,
            generation=GenerationEstimateType.of(found.generation) if found.generation else None,
        )


@strawberry.type(name="CreateAgentTestSetPayload")
class CreateAgentTestSetPayload:
    dataset: DatasetType
    created: bool = strawberry.field(description="False: added to the agent's existing set.")
    added_rated_answers: int
    version: int = strawberry.field(description="The set's newest version now.")
    report: AgentTestSetReportType
    bootstrap_questions: int
    generation: GenerationType | None = strawberry.field(
        description="The bootstrap generation, whose drafts are accepted automatically into a "
        "new version; null when none was needed."
    )

    @classmethod
    def of(cls, made: AgentTestSet) -> "CreateAgentTestSetPayload":
        generation = made.generation
        return cls(
            dataset=DatasetType.from_row(made.dataset),
            created=made.created,
            added_rated_answers=made.added_rated_answers,
            version=made.version,
            report=AgentTestSetReportType.of(made.report),
            bootstrap_questions=made.bootstrap,
            generation=(
                GenerationType.of(GenerationView(generation, generation.status, None, made.job))
                if generation is not None
                else None
            ),
        )
