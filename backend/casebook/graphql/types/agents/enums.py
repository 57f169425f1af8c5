"""Enums of agents and Activity, as the API names them."""

from enum import Enum

import strawberry


@strawberry.enum(name="AgentKind", description="Who answers: a model Casebook calls, or a webhook.")
class AgentKind(Enum):
    MODEL = "model"
    WEBHOOK = "webhook"
