"""Repetitions of one case and agent in a run: mean quality, spread, the median one shown."""

import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.ids import encode_id
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.grading.score import ScoreType
from casebook.services.grading.structured.repetitions import RepetitionGroup
from casebook.services.kernel.errors import NotFound


@strawberry.type(name="ScoreRepetition")
class ScoreRepetitionType:
    repetition: int
    score_id: relay.GlobalID
    quality: float | None = strawberry.field(
        description="The structured quality; null when that scorer reached no verdict."
    )


@strawberry.type(
    name="ScoreRepetitions",
    description="Every score of one case and one agent under one run key, each scored "
    "separately. The figures read the structured quality of the repetitions that have one: "
    "the mean, and the consistency spread from the lowest to the highest, so an agent right "
    "on average but erratic stands out. The output shown is the repetition with the median "
    "quality (the lower median for an even count, ties by repetition number).",
)
class ScoreRepetitionsType:
    run_key: str
    case_id: relay.GlobalID
    agent_name: str | None
    repetitions: list[ScoreRepetitionType]
    count: int = strawberry.field(description="Repetitions scored under the run key.")
    with_quality: int = strawberry.field(description="Those with a structured quality.")
    mean_quality: float | None
    lowest_quality: float | None
    highest_quality: float | None
    spread: float | None = strawberry.field(description="Highest quality minus lowest.")
    median_repetition: int | None
    median_score: ScoreType | None = strawberry.field(
        description="The median repetition's score: the output shown."
    )

    @classmethod
    def from_group(cls, run_key: str, group: RepetitionGroup) -> "ScoreRepetitionsType":
        summary = group.summary
        return cls(
            run_key=run_key,
            case_id=encode_id(CaseType, group.case_id),
            agent_name=group.agent_name,
            repetitions=[
                ScoreRepetitionType(
                    repetition=r.number,
                    score_id=encode_id(ScoreType, r.score_id),
                    quality=r.quality,
                )
                for r in group.repetitions
            ],
            count=len(group.repetitions),
            with_quality=sum(1 for r in group.repetitions if r.quality is not None),
            mean_quality=summary.mean if summary else None,
            lowest_quality=summary.lowest if summary else None,
            highest_quality=summary.highest if summary else None,
            spread=summary.spread if summary else None,
            median_repetition=summary.median_repetition if summary else None,
            median_score=ScoreType.from_row(group.median_score) if group.median_score else None,
        )

    @strawberry.field(description="The case as the newest version holds it; null when removed.")
    async def case(self, info: Info) -> CaseType | None:
        try:
            view = await info.context.loaders.case.load((int(self.case_id.node_id), None))
        except NotFound:
            return None
        return CaseType.from_view(view)
