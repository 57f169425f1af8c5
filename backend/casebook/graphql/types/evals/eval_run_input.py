"""What starting (or estimating) an eval run takes."""

import strawberry

from casebook.domain.evals.inputs import (
    DEFAULT_CONCURRENCY,
    DEFAULT_CONFIRM_FLIPS,
    DEFAULT_REPETITIONS,
    EvalRunRequest,
)
from casebook.graphql.ids import decode_id


@strawberry.input(name="EvalRunInput")
class EvalRunInput:
    dataset_id: strawberry.ID
    agent_ids: list[strawberry.ID] = strawberry.field(
        description="1 to 5 agents, compared side by side."
    )
    version: int | None = strawberry.field(
        default=None, description="The dataset version to answer; the newest when null."
    )
    repetitions: int = strawberry.field(default=DEFAULT_REPETITIONS, description="1 to 10.")
    tags: list[str] | None = strawberry.field(
        default=None, description="Only cases carrying at least one of these tags (up to 50)."
    )
    concurrency: int = strawberry.field(
        default=DEFAULT_CONCURRENCY, description="1 to 64 answers in flight for this run."
    )
    baseline_run_id: strawberry.ID | None = strawberry.field(
        default=None, description="An earlier run of the dataset to compare with."
    )
    confirm_flips: int = strawberry.field(
        default=DEFAULT_CONFIRM_FLIPS,
        description="0 to 200 flipped cases rerun before a regression is called confirmed.",
    )
    budget_usd: float | None = strawberry.field(
        default=None,
        description="Stop cleanly (FAILED, the reason says the budget) once this is spent.",
    )

    version_label: str | None = strawberry.field(
        default=None,
        description="The version your code answers with, for the run's local agents: a "
        "commit, a branch, a build, 'my-laptop' (1 to 200 characters). A label not seen "
        "before becomes the agent's next version, so runs of two commits compare two versions "
        "of one agent. Left out: the agent's newest version. Refused when no agent of the run "
        "is a local agent.",
    )

    def request(self) -> EvalRunRequest:
        agent_ids = tuple(
            decode_id(agent_id, "Agent", f"input.agentIds.{index}")
            for index, agent_id in enumerate(self.agent_ids)
        )
        return EvalRunRequest(
            dataset_id=decode_id(self.dataset_id, "Dataset", "input.datasetId"),
            agent_ids=agent_ids,
            version=self.version,
            repetitions=self.repetitions,
            tags=tuple(self.tags) if self.tags is not None else None,
            concurrency=self.concurrency,
            baseline_run_id=decode_id(self.baseline_run_id, "EvalRun", "input.baselineRunId")
            if self.baseline_run_id is not None
            else None,
            confirm_flips=self.confirm_flips,
            budget_usd=self.budget_usd,
            version_label=self.version_label,
        )
