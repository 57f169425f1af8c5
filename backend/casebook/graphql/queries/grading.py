"""Queries of the grading capability: scores, rule suggestions, models and budgets."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import AUTHENTICATED, requires
from casebook.graphql.types.checks.check import CheckType
from casebook.graphql.types.grading.score import ScoreType
from casebook.graphql.types.grading.score_targets import ScoreTargetsType
from casebook.graphql.types.grading.structured_settings import StructuredModelChoiceType
from casebook.graphql.types.models.model_budget import ModelBudgetType
from casebook.graphql.types.models.model_connection import ModelConnectionType
from casebook.services.grading import config as scoring_config
from casebook.services.grading import run_scoring, scoring
from casebook.services.grading.structured import default_model
from casebook.services.models import connections as model_connections
from casebook.services.models import metering


@strawberry.type
class GradingQueries:
    @strawberry.field(
        extensions=requires(Permission.RUNS_VIEW),
        description="What Score against a case offers for a run: cases asking its own "
        "question first, then the closest by shared words, in datasets you may run, with "
        "each dataset's judge and model. datasetId narrows both lists to one dataset.",
    )
    async def score_targets(
        self, info: Info, run_id: relay.GlobalID, dataset_id: relay.GlobalID | None = None
    ) -> ScoreTargetsType:
        found = await run_scoring.score_targets(
            info.context.services,
            decode_id(run_id, "Run", "runId"),
            decode_id(dataset_id, "Dataset", "datasetId") if dataset_id is not None else None,
        )
        return ScoreTargetsType.from_targets(found)

    @strawberry.field(
        extensions=requires(Permission.DATASETS_VIEW),
        description="A score by id; not found when you may not see its dataset.",
    )
    async def score(self, info: Info, id: relay.GlobalID) -> ScoreType:
        return ScoreType.from_row(
            await scoring.get_score(info.context.services, decode_id(id, ScoreType))
        )

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="The check a criterion's own words say - a length, valid JSON, a quoted "
        "opening, a bulleted list - or null. Calls no model.",
    )
    def suggest_rule(self, criterion: str) -> CheckType | None:
        found = scoring_config.suggested_rule(criterion)
        return CheckType.from_json(found) if found is not None else None

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="The embedding model of every dataset whose structured scorer names none; "
        "null: none, and text is then compared by exact matching only.",
    )
    async def default_embedding_model(self, info: Info) -> StructuredModelChoiceType | None:
        chosen = await default_model.get_default_embedding_model(info.context.services)
        return StructuredModelChoiceType.from_choice(chosen)

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="The organization's saved model connections; keys only as masked hints.",
    )
    async def model_connections(self, info: Info) -> list[ModelConnectionType]:
        rows = await model_connections.list_connections(info.context.services)
        return [ModelConnectionType.from_row(row) for row in rows]

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="Monthly budgets with this month's spending: the organization's, then each "
        "helper's. Needs connections:manage or organization:manage.",
    )
    async def model_budgets(self, info: Info) -> list[ModelBudgetType]:
        views = await metering.list_budgets(info.context.services)
        return [ModelBudgetType.from_view(v) for v in views]
