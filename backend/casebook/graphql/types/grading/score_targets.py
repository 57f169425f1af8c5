"""What Score against a case offers for a run: matching cases, the closest ones, judges."""

import strawberry
from strawberry import relay

from casebook.graphql.ids import encode_id
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.models.model_connection import ModelConnectionType
from casebook.services.grading.run_scoring import JudgeInfo, ScoreTarget, ScoreTargets


@strawberry.type(name="ScoreTarget", description="A case of a dataset a run can be graded on.")
class ScoreTargetType:
    dataset: DatasetType
    case: CaseType

    @classmethod
    def from_target(cls, target: ScoreTarget) -> "ScoreTargetType":
        return cls(
            dataset=DatasetType.from_row(target.dataset), case=CaseType.from_view(target.case)
        )


@strawberry.type(
    name="DatasetJudge",
    description="The judge that grades a dataset's answers and the model it grades on; both "
    "are changed on the dataset's Settings tab and the judge's page, not here.",
)
class DatasetJudgeType:
    dataset: DatasetType
    enabled: bool = strawberry.field(description="Whether the judge grades every case.")
    connection_id: relay.GlobalID | None = strawberry.field(
        description="The model connection the judge calls (a ModelConnection id)."
    )
    name: str | None = strawberry.field(description="The judge: its model connection's name.")
    model: str | None = strawberry.field(description="The model it grades on.")

    @classmethod
    def from_info(cls, info: JudgeInfo) -> "DatasetJudgeType":
        return cls(
            dataset=DatasetType.from_row(info.dataset),
            enabled=info.enabled,
            connection_id=encode_id(ModelConnectionType, info.connection_id)
            if info.connection_id is not None
            else None,
            name=info.connection_name,
            model=info.model,
        )


@strawberry.type(name="ScoreTargets")
class ScoreTargetsType:
    question: str | None = strawberry.field(description="The run's question.")
    has_answer: bool = strawberry.field(
        description="False when the run kept no transcript: it has no answer to grade."
    )
    matching: list[ScoreTargetType] = strawberry.field(
        description="Cases of the newest versions asking the run's own question (ignoring case "
        "and spacing), in datasets you may run; several datasets: list them first."
    )
    closest: list[ScoreTargetType] = strawberry.field(
        description="Other cases closest to the question: most shared words first."
    )
    judges: list[DatasetJudgeType] = strawberry.field(
        description="For each dataset listed, the judge and its model."
    )

    @classmethod
    def from_targets(cls, found: ScoreTargets) -> "ScoreTargetsType":
        return cls(
            question=found.question,
            has_answer=found.has_answer,
            matching=[ScoreTargetType.from_target(t) for t in found.matching],
            closest=[ScoreTargetType.from_target(t) for t in found.closest],
            judges=[DatasetJudgeType.from_info(j) for j in found.judges],
        )
