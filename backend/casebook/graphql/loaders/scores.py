"""Scores by id, each as the reader of its dataset may see it (not found otherwise)."""

from strawberry.dataloader import DataLoader

from casebook.services.grading import scoring
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.records import Score

ScoreLoader = DataLoader[int, Score]


def score_loader(services: ServiceContext) -> ScoreLoader:
    async def load(score_ids: list[int]) -> list[Score | ServiceError]:
        return await scoring.scores_by_id(services, score_ids)

    return DataLoader(load_fn=load, cache=False)
