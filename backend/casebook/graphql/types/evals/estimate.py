"""The estimate that comes before an eval run starts."""

import strawberry

from casebook.graphql.types.agents.agent import AgentType
from casebook.services.evals.estimate import AgentEstimate, EvalEstimate


@strawberry.type(name="EvalAgentEstimate", description="One agent's share of the estimate.")
class EvalAgentEstimateType:
    agent: AgentType
    agent_version: int = strawberry.field(
        description="The version the run will pin (a new label's: the number it is to get)."
    )
    version_label: str | None = strawberry.field(
        description="A local agent's version label, when the run names one."
    )
    new_version: bool = strawberry.field(
        description="The label is new: starting records it as the agent's next version."
    )
    cost_usd: float | None = strawberry.field(
        description="Null when unknown: a webhook or local agent's cost is known once it "
        "reports it."
    )
    cost_text: str = strawberry.field(
        description='"$1.20", "under a cent", "unknown until the agent reports its cost"'
    )

    @classmethod
    def from_estimate(cls, found: AgentEstimate) -> "EvalAgentEstimateType":
        return cls(
            agent=AgentType.from_row(found.planned.agent),
            agent_version=found.planned.number,
            version_label=found.planned.label,
            new_version=found.planned.new_label,
            cost_usd=found.cost.usd,
            cost_text=found.cost.text,
        )


@strawberry.type(
    name="EvalEstimate",
    description="What an eval run would do and cost. startEvalRun needs its confirmation.",
)
class EvalEstimateType:
    dataset_version: int
    cases: int = strawberry.field(description="Cases the run will answer.")
    anonymised_left_out: int = strawberry.field(
        description="Cases marked anonymised after erasure, left out."
    )
    answers: int = strawberry.field(description="Cases × agents × repetitions.")
    agents: list[EvalAgentEstimateType]
    judge_cost_usd: float | None = strawberry.field(description="Null when unknown.")
    judge_cost_text: str = strawberry.field(
        description='"$0.42", "under a cent", "free (no judge)", "unknown: …"'
    )
    total_cost_text: str
    confirmation: str = strawberry.field(
        description="Hand it to startEvalRun with the same input: the run starts only as "
        "estimated, and not once the dataset, an agent or the grading changed since."
    )

    @classmethod
    def from_estimate(cls, found: EvalEstimate) -> "EvalEstimateType":
        return cls(
            dataset_version=found.dataset_version,
            cases=found.cases,
            anonymised_left_out=found.anonymised_left_out,
            answers=found.answers,
            agents=[EvalAgentEstimateType.from_estimate(a) for a in found.agents],
            judge_cost_usd=found.judge.usd,
            judge_cost_text=found.judge.text,
            total_cost_text=found.total_cost_text,
            confirmation=found.confirmation,
        )
